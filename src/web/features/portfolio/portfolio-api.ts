import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { PortfolioItem } from '../../../domain/portfolio-schemas';
import { apiFetch } from '../../lib/api';

export const PORTFOLIO_QUERY_KEY = ['portfolio', 'own'] as const;

export function useOwnPortfolio() {
  return useQuery({
    queryKey: PORTFOLIO_QUERY_KEY,
    queryFn: async () => (await apiFetch<{ items: PortfolioItem[] }>('/api/portfolio')).items,
  });
}

/** The portfolio changed: refresh the list and the stat card that counts it. */
export async function refreshPortfolio(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: PORTFOLIO_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['creator-dashboard'] }),
  ]);
}
