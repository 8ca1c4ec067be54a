import type { MarketplacePage, ShowcaseItem, StudioData } from '../../../domain/marketplace';
import { filtersToParams, type DirectoryFilters } from '../../../domain/marketplace-directory';
import { apiFetch } from '../../lib/api';

export { creatorsQueryKey, type DirectoryFilters } from '../../../domain/marketplace-directory';

export function fetchCreators(filters: DirectoryFilters, cursor: string | null, signal?: AbortSignal): Promise<MarketplacePage> {
  const params = filtersToParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<MarketplacePage>(`/api/marketplace/creators${query ? `?${query}` : ''}`, { signal });
}

export const showcaseQueryKey = (limit: number) => ['marketplace', 'showcase', limit] as const;

export async function fetchShowcase(limit: number, signal?: AbortSignal): Promise<ShowcaseItem[]> {
  const { items } = await apiFetch<{ items: ShowcaseItem[] }>(`/api/marketplace/showcase?limit=${limit}`, { signal });
  return items;
}

export { studioQueryKey } from '../../../domain/marketplace';

export function fetchStudio(userId: string, signal?: AbortSignal): Promise<StudioData> {
  return apiFetch<StudioData>(`/api/studio/${encodeURIComponent(userId)}`, { signal });
}
