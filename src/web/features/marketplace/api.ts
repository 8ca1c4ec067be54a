import type { MarketplacePage, StudioData } from '../../../domain/marketplace';
import { filtersToParams, type DirectoryFilters } from '../../../domain/marketplace-directory';
import { ApiError, apiFetch } from '../../lib/api';

export { creatorsQueryKey, type DirectoryFilters } from '../../../domain/marketplace-directory';

export function fetchCreators(filters: DirectoryFilters, cursor: string | null, signal?: AbortSignal): Promise<MarketplacePage> {
  const params = filtersToParams(filters);
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<MarketplacePage>(`/api/marketplace/creators${query ? `?${query}` : ''}`, { signal });
}

export { studioQueryKey } from '../../../domain/marketplace';

/**
 * A studio, or null when there is no studio this visitor may see (404). Missing is an answer rather than an
 * error, so the server can hand it to the page's first paint like any other answer and the browser keeps it.
 */
export async function fetchStudio(userId: string, signal?: AbortSignal): Promise<StudioData | null> {
  try {
    return await apiFetch<StudioData>(`/api/studio/${encodeURIComponent(userId)}`, { signal });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
