import { isMarketplaceCategory, SEARCH_MAX_LENGTH, type MarketplaceCategory } from './marketplace';

/** The marketplace directory's filters, as the address bar carries them. */
export interface DirectoryFilters {
  q: string;
  role: '' | 'maker' | 'mind';
  category: '' | MarketplaceCategory;
  seal: boolean;
  /** '' is the default: relevance with a search, newest first without one. 'rating': 'Highest rated' (decision 160). */
  sort: '' | 'newest' | 'rating';
  /** At least this average from at least 3 reviews; '' for any. */
  minRating: '' | '3' | '4' | '4.5';
}

export const MIN_RATING_CHOICES = [
  { value: '', label: 'Any rating' },
  { value: '4.5', label: '4.5 stars and up' },
  { value: '4', label: '4 stars and up' },
  { value: '3', label: '3 stars and up' },
] as const;

export const sortFrom = (value: unknown): DirectoryFilters['sort'] => (value === 'newest' || value === 'rating' ? value : '');
export const minRatingFrom = (value: unknown): DirectoryFilters['minRating'] => (value === '3' || value === '4' || value === '4.5' ? value : '');

/**
 * The browser's cache key for the directory; the server seeds it when it renders the marketplace's first paint.
 * `cursor`: the directory starts at a later page, as the 'Load more' link asks for without scripts.
 */
export const creatorsQueryKey = (filters: DirectoryFilters, cursor: string | null = null) =>
  cursor ? (['marketplace', 'creators', filters, cursor] as const) : (['marketplace', 'creators', filters] as const);

/** The address's `cursor` (the page 'Load more' leads to without scripts), or null; an absurd one is ignored. */
export const directoryCursorFrom = (params: URLSearchParams): string | null => {
  const cursor = params.get('cursor');
  return cursor && cursor.length <= 512 ? cursor : null;
};

/**
 * Only makers earn the Seal, so 'Seal Only' means nothing with Role = Minds: it would always find no one. The pair is
 * read as Minds alone, here (the address, and the server's first paint) and by the API.
 */
export const sealAppliesTo = (role: DirectoryFilters['role']): boolean => role !== 'mind';

/** Whether any filter narrows the directory (the sort orders it and narrows nothing). */
export const hasActiveFilters = (filters: DirectoryFilters): boolean =>
  Boolean(filters.q.trim() || filters.role || filters.category || filters.seal || filters.minRating);

/**
 * The address's search as the API takes it: trimmed, without NUL (which the server refuses in any text), and cut to
 * SEARCH_MAX_LENGTH (never inside a surrogate pair). A longer one, pasted or shared, was sent as it stood: the API
 * answered 400, and the page stayed on 'Loading creators…' without scripts, or read '0 verified creators' with them.
 */
export const searchFromParam = (value: string | null): string => {
  const text = (value ?? '').replace(/\0/g, '').trim();
  if (text.length <= SEARCH_MAX_LENGTH) return text;
  const cut = text.slice(0, SEARCH_MAX_LENGTH);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut).trimEnd();
};

/** Reads the filters from the address bar, so a filtered directory can be shared and survives a reload. */
export function filtersFromParams(params: URLSearchParams): DirectoryFilters {
  const role = params.get('role');
  const category = params.get('category');
  const knownRole = role === 'maker' || role === 'mind' ? role : '';
  return {
    q: searchFromParam(params.get('q')),
    role: knownRole,
    category: isMarketplaceCategory(category) ? category : '',
    seal: params.get('seal') === '1' && sealAppliesTo(knownRole),
    sort: sortFrom(params.get('sort')),
    minRating: minRatingFrom(params.get('minRating')),
  };
}

/** The filters as address-bar (and API) parameters; empty ones are left out. */
export function filtersToParams(filters: DirectoryFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.role) params.set('role', filters.role);
  if (filters.category) params.set('category', filters.category);
  if (filters.seal && sealAppliesTo(filters.role)) params.set('seal', '1');
  // Kept without a search too (the listing is newest first then anyway), so the choice survives the next search.
  if (filters.sort) params.set('sort', filters.sort);
  if (filters.minRating) params.set('minRating', filters.minRating);
  return params;
}
