import type { MarketplaceCategory, MarketplacePage, ShowcaseItem, StudioData } from '../../../domain/marketplace';
import { apiFetch } from '../../lib/api';

export interface DirectoryFilters {
  q: string;
  role: '' | 'maker' | 'mind';
  category: '' | MarketplaceCategory;
  seal: boolean;
}

export const EMPTY_FILTERS: DirectoryFilters = { q: '', role: '', category: '', seal: false };

export const creatorsQueryKey = (filters: DirectoryFilters) => ['marketplace', 'creators', filters] as const;

export function fetchCreators(filters: DirectoryFilters, cursor: string | null, signal?: AbortSignal): Promise<MarketplacePage> {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.category) params.set('category', filters.category);
  if (filters.seal) params.set('seal', '1');
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return apiFetch<MarketplacePage>(`/api/marketplace/creators${query ? `?${query}` : ''}`, { signal });
}

export const showcaseQueryKey = (limit: number) => ['marketplace', 'showcase', limit] as const;

export async function fetchShowcase(limit: number, signal?: AbortSignal): Promise<ShowcaseItem[]> {
  const { items } = await apiFetch<{ items: ShowcaseItem[] }>(`/api/marketplace/showcase?limit=${limit}`, { signal });
  return items;
}

export const studioQueryKey = (userId: string) => ['studio', userId] as const;

export function fetchStudio(userId: string, signal?: AbortSignal): Promise<StudioData> {
  return apiFetch<StudioData>(`/api/studio/${encodeURIComponent(userId)}`, { signal });
}
