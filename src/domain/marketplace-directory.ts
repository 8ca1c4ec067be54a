import { isMarketplaceCategory, type MarketplaceCategory } from './marketplace';

/** The marketplace directory's filters, as the address bar carries them. */
export interface DirectoryFilters {
  q: string;
  role: '' | 'maker' | 'mind';
  category: '' | MarketplaceCategory;
  seal: boolean;
  /** '' is the default: relevance with a search, newest first without one. */
  sort: '' | 'newest';
}

/** The browser's cache key for the directory; the server seeds it when it renders the marketplace's first paint. */
export const creatorsQueryKey = (filters: DirectoryFilters) => ['marketplace', 'creators', filters] as const;

/** Reads the filters from the address bar, so a filtered directory can be shared and survives a reload. */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const role = params.get('role');
  const category = params.get('category');
  return {
    q: params.get('q') ?? '',
    role: role === 'maker' || role === 'mind' ? role : '',
    category: isMarketplaceCategory(category) ? category : '',
    seal: params.get('seal') === '1',
    sort: params.get('sort') === 'newest' ? 'newest' : '',
  };
}

/** The filters as address-bar (and API) parameters; empty ones are left out. */
export function filtersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.category) params.set('category', filters.category);
  if (filters.seal) params.set('seal', '1');
  // Kept without a search too (the listing is newest first then anyway), so the choice survives the next search.
  if (filters.sort) params.set('sort', filters.sort);
  return params;
}
