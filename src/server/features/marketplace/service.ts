import { LIMITS } from '../../../domain/constants';
import type { CreatorCardData, MarketplacePage, MarketplaceQuery, ShowcaseItem } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { badRequest } from '../../http/errors';
import { thumbnailUrlOf } from '../../storage/storage';
import type { MarketplaceFilters } from '../../../domain/marketplace';
import { countCreators, type KeysetPosition } from '../creators/count';
import { selectListingPage, type ListingRow } from '../creators/listing-statement';
import { searchByNewestCounted, searchByRelevanceCounted, searchWords } from '../creators/search';
import { createCountCache, type CountCache } from './count-cache';
import { cardRatingOf } from '../../../domain/reviews';

const CREATED_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor is opaque to clients: base64url of the last row's position. */
export const encodeCursor = (position: KeysetPosition): string =>
  Buffer.from(
    JSON.stringify(position.score === undefined ? [position.createdKey, position.profileId] : [position.createdKey, position.profileId, position.score]),
  ).toString('base64url');

/** A newest-first cursor has two parts; a 'Highest rated' one (`withScore`) has the score as a third. */
export const decodeCursor = (cursor: string, withScore = false): KeysetPosition => {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === (withScore ? 3 : 2)) {
      const [createdKey, profileId, score] = parsed as unknown[];
      const validScore = !withScore || (typeof score === 'number' && Number.isInteger(score) && score >= 0 && score <= 50_000);
      if (typeof createdKey === 'string' && CREATED_KEY.test(createdKey) && typeof profileId === 'string' && UUID.test(profileId) && validScore) {
        return withScore ? { createdKey, profileId, score: score as number } : { createdKey, profileId };
      }
    }
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
};

// One count cache per database handle, so apps (and tests) with different databases never share entries.
const countCaches = new WeakMap<DbExecutor, CountCache>();

const countMatching = (db: DbExecutor, filters: MarketplaceFilters): Promise<number> => {
  let cache = countCaches.get(db);
  if (!cache) {
    cache = createCountCache();
    countCaches.set(db, cache);
  }
  const key = JSON.stringify([filters.q ?? '', filters.role ?? '', filters.category ?? '', filters.seal, filters.minRating ?? 0]);
  return cache(key, () => countCreators(db, filters));
};

const toCard = (row: ListingRow): CreatorCardData => ({
  id: row.userId,
  role: row.role,
  name: row.name,
  bio: row.bio,
  avatarUrl: row.avatarUrl,
  // Derived, not stored: every avatar saveUpload wrote has its thumbnail beside it (decision 093).
  avatarThumbnailUrl: thumbnailUrlOf(row.avatarUrl),
  sealStatus: row.sealStatus,
  categories: row.categories,
  portfolio: row.portfolio.map(({ id, title, imageUrl, thumbnailUrl }) => ({ id, title, imageUrl, thumbnailUrl })),
  rating: cardRatingOf(row.ratingCount, row.ratingSum),
});

const RELEVANCE_CURSOR = /^r(\d{1,5})$/;

/** A relevance page's cursor is its offset into the bounded ranking (search.ts); a newest page's is a keyset. */
const decodeRelevanceCursor = (cursor: string): number => {
  const match = RELEVANCE_CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  return Number(match[1]);
};

const encodeRelevanceCursor = (offset: number): string => Buffer.from(`r${offset}`).toString('base64url');

/**
 * One marketplace page: approved makers and minds matching the filters, newest first, with each creator's
 * three newest portfolio thumbnails and the total count. The page reads are bounded whatever the number of
 * creators; the count is exact below 1,000 and cached for a few seconds above (count-cache.ts, decision 080).
 * A query goes through full-text search (creators/search.ts, decision 120), ranked by relevance unless
 * `sort=newest`, with a count that is exact up to 1,000 and 'over 1,000' beyond.
 */
export const listCreators = async (db: DbExecutor, query: MarketplaceQuery): Promise<MarketplacePage> => {
  // Minds never hold the Seal: 'Seal Only' with Role = Minds is read as Minds alone, as the directory's address is.
  const filters = { q: query.q, role: query.role, category: query.category, seal: query.seal && query.role !== 'mind', minRating: query.minRating };
  if (query.q) return searchCreators(db, query, filters);
  const byRating = query.sort === 'rating';
  const after = query.cursor ? decodeCursor(query.cursor, byRating) : null;
  const [rows, total] = await Promise.all([
    selectListingPage(db, filters, after, query.limit + 1, LIMITS.cardThumbnails, byRating ? 'rating' : 'newest'),
    countMatching(db, filters),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    creators: page.map(toCard),
    nextCursor: rows.length > query.limit && last ? encodeCursor(byRating ? { ...last, score: last.ratingScore } : last) : null,
    total,
  };
};

const searchCreators = async (db: DbExecutor, query: MarketplaceQuery, filters: MarketplaceFilters): Promise<MarketplacePage> => {
  const input = { words: searchWords(query.q ?? ''), filters };
  const byNewest = query.sort === 'newest';
  const offset = !byNewest && query.cursor ? decodeRelevanceCursor(query.cursor) : 0;
  const after = byNewest && query.cursor ? decodeCursor(query.cursor) : null;
  // Each reads its page and the capped count in one statement (search.ts).
  const { rows, count } = byNewest
    ? await searchByNewestCounted(db, input, after, query.limit + 1, LIMITS.cardThumbnails)
    : await searchByRelevanceCounted(db, input, offset, query.limit + 1, LIMITS.cardThumbnails, query.sort === 'rating' ? 'rating' : 'relevance');
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const hasMore = rows.length > query.limit && last !== undefined;
  // A ranking ends at its candidates (search.ts): its last page says so when more creators match, so the directory can
  // point to 'Newest' instead of leaving a count it never reaches.
  const ranked = offset + page.length;
  const endsEarly = !byNewest && !hasMore && (count.capped || ranked < count.total);
  return {
    creators: page.map((row) => ({ ...toCard(row), matchedField: row.matchedField })),
    nextCursor: !hasMore ? null : byNewest ? encodeCursor(last) : encodeRelevanceCursor(offset + query.limit),
    total: count.total,
    totalCapped: count.capped,
    ...(endsEarly ? { rankedUpTo: ranked } : {}),
  };
};

/**
 * Recent work for the marketing pages: the newest item of each of the newest approved creators. Built on the
 * same keyset page, so it stays cheap at any size.
 */
export const listShowcase = async (db: DbExecutor, limit: number): Promise<ShowcaseItem[]> => {
  const rows = await selectListingPage(db, { seal: false }, null, limit * 2, 1);
  return rows
    .flatMap((row) => row.portfolio.slice(0, 1).map((item) => ({ ...item, creatorId: row.userId, creatorName: row.name })))
    .slice(0, limit);
};
