import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BrowseCreatorsQuery, ClientDashboard, CreatorCard, CreatorOption } from '../../../domain/client-dashboard-schemas';
import { apiFetch } from '../../lib/api';

export const CLIENT_DASHBOARD_QUERY_KEY = ['client-dashboard'] as const;

export function useClientDashboard() {
  return useQuery({ queryKey: CLIENT_DASHBOARD_QUERY_KEY, queryFn: () => apiFetch<ClientDashboard>('/api/client/dashboard') });
}

export function useBrowseCreators(filters: BrowseCreatorsQuery) {
  const params = new URLSearchParams();
  if (filters.search) params.set('search', filters.search);
  if (filters.category) params.set('category', filters.category);
  if (filters.seal && filters.seal !== 'all') params.set('seal', filters.seal);
  if (filters.sort === 'rating') params.set('sort', 'rating');
  if (filters.minRating) params.set('minRating', String(filters.minRating));
  const query = params.toString();
  return useQuery({
    queryKey: ['client-creators', query],
    queryFn: () => apiFetch<{ creators: CreatorCard[] }>(`/api/client/creators${query ? `?${query}` : ''}`),
    select: (data) => data.creators,
    // Keep the current cards while a new filter loads, instead of flashing a skeleton on every keystroke.
    placeholderData: keepPreviousData,
  });
}

export function useCreatorOptions(include: string | null, enabled = true) {
  return useQuery({
    queryKey: ['creator-options', include ?? ''],
    queryFn: () => apiFetch<{ creators: CreatorOption[] }>(`/api/client/creator-options${include ? `?include=${encodeURIComponent(include)}` : ''}`),
    select: (data) => data.creators,
    enabled,
  });
}
