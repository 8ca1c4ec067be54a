import type { BrowseCreatorsQuery, CreatorCard } from '../../../domain/client-dashboard-schemas';
import type { DeliverableCategory, ExpertiseArea } from '../../../domain/constants';
import { LIMITS } from '../../../domain/constants';
import type { DbExecutor } from '../../db/client';
import { thumbnailUrlOf } from '../../storage/storage';
import type { CreatorFilters } from '../creators/filters';
import { selectListingPage, type ListingRow } from '../creators/listing-statement';

/** The Browse tab's query in the marketplace's terms: the same filters, so both directories find the same creators. */
export const browseFilters = (query: BrowseCreatorsQuery): CreatorFilters => ({
  q: query.search || undefined,
  category: query.category,
  seal: query.seal === 'seal',
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
});

/**
 * Approved makers and minds as cards, newest first, at most `limit` of each (the spec's 10 and 10), makers listed
 * first. Both come from the marketplace's own listing statement (creators/listing-statement.ts), so visibility,
 * the category map and the Seal rule are the marketplace's.
 */
export const listCreatorCards = async (db: DbExecutor, filters: CreatorFilters, limit: number = LIMITS.clientBrowsePerRole): Promise<CreatorCard[]> => {
  const [makers, minds] = await Promise.all([
    filters.role === 'mind' ? [] : selectListingPage(db, { ...filters, role: 'maker' }, null, limit, 0),
    filters.role === 'maker' ? [] : selectListingPage(db, { ...filters, role: 'mind' }, null, limit, 0),
  ]);
  return [...makers, ...minds].map(toCard);
};
