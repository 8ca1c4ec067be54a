import type { BrowseCreatorsQuery, CreatorCard } from '../../../domain/client-dashboard-schemas';
import type { DeliverableCategory, ExpertiseArea } from '../../../domain/constants';
import { LIMITS } from '../../../domain/constants';
import type { DbExecutor } from '../../db/client';
import { thumbnailUrlOf } from '../../storage/storage';
import type { CreatorFilters } from '../creators/filters';
import { selectListingPage, type ListingOrder, type ListingRow } from '../creators/listing-statement';
import { searchByRelevance, searchWords } from '../creators/search';
import type { SearchMatch } from '../../../domain/marketplace';
import { cardRatingOf } from '../../../domain/reviews';

/** The Browse tab's query in the marketplace's terms: the same filters, so both directories find the same creators. */
export const browseFilters = (query: BrowseCreatorsQuery): CreatorFilters => ({
  q: query.search || undefined,
  category: query.category,
  seal: query.seal === 'seal',
  minRating: query.minRating,
});

const toCard = (row: ListingRow): CreatorCard => ({
  id: row.userId,
  name: row.name,
  role: row.role,
  avatarUrl: row.avatarUrl,
  avatarThumbnailUrl: thumbnailUrlOf(row.avatarUrl),
  bio: row.bio,
  sealVerified: row.sealStatus === 'verified',
  deliverableCategories: row.role === 'maker' ? (row.categories as DeliverableCategory[]) : [],
  expertiseAreas: row.role === 'mind' ? (row.categories as ExpertiseArea[]) : [],
  rating: cardRatingOf(row.ratingCount, row.ratingSum),
});

const byRatingOrder = (a: ListingRow, b: ListingRow): number =>
  b.ratingScore - a.ratingScore || b.createdKey.localeCompare(a.createdKey) || b.profileId.localeCompare(a.profileId);

/**
 * Approved makers and minds as cards, newest first, at most `limit` of each (the product's 10 and 10), makers listed
 * first; with 'Highest rated', both kinds in one rating order. Both come from the marketplace's own listing
 * statement (creators/listing-statement.ts), so visibility, the category map and the Seal rule are the marketplace's.
 */
export const listCreatorCards = async (
  db: DbExecutor,
  filters: CreatorFilters,
  limit: number = LIMITS.clientBrowsePerRole,
  order: ListingOrder = 'newest',
): Promise<CreatorCard[]> => {
  // A name or word goes through the marketplace's full-text search within each kind: by relevance, or 'Highest rated'
  // among the same candidates, as the marketplace orders a search.
  const select = (role: 'maker' | 'mind'): Promise<Array<ListingRow & { matchedField?: SearchMatch }>> =>
    filters.q
      ? searchByRelevance(db, { words: searchWords(filters.q), filters: { ...filters, role } }, 0, limit, 0, order === 'rating' ? 'rating' : 'relevance')
      : selectListingPage(db, { ...filters, role }, null, limit, 0, order);
  const [makers, minds] = await Promise.all([filters.role === 'mind' ? [] : select('maker'), filters.role === 'maker' ? [] : select('mind')]);
  // 'Highest rated' is one order across both kinds, the marketplace's (score, then newest, then id); the default
  // order keeps the makers first.
  const rows = order === 'rating' ? [...makers, ...minds].sort(byRatingOrder) : [...makers, ...minds];
  return rows.map((row) => ({ ...toCard(row), ...(row.matchedField ? { matchedField: row.matchedField } : {}) }));
};
