import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { FastifyReply } from 'fastify';
import type { DbExecutor } from '../../db/client';
import { listingVersion } from '../../db/schema';

/**
 * The public listing's responses (the marketplace pages and the home page's showcase), kept as the JSON text sent,
 * valid while the database's listing version stays the same (decision 083).
 *
 * Every statement that changes what the listing shows bumps `listing_version` in the same transaction (triggers,
 * migration 0003). A request reads that one-row version first: when it matches the stored entry, the stored text
 * is sent without running the listing or serialising it again. The version read is shared by the requests that
 * arrive while one is under way, so under load most requests cost no database round trip of their own. A write is
 * therefore visible to every later request on every instance, save one that joined a version read that started
 * before the write committed (a window of one round trip).
 */
export interface ListingCacheOptions {
  maxEntries: number;
}

export const LISTING_CACHE_DEFAULTS: ListingCacheOptions = { maxEntries: 500 };

export interface ListingCache {
  /**
   * The stored text for `key` at the current version, or `compute`'s, which is then stored. `onOutcome` hears
   * whether the stored text was used (the X-Cache header, which the benchmark's hit rate is read from).
   */
  get: (key: string, compute: () => Promise<string>, onOutcome?: (hit: boolean) => void) => Promise<string>;
}

interface Entry {
  version: number;
  body: Promise<string>;
}

export const createListingCache = (readVersion: () => Promise<number>, options: ListingCacheOptions = LISTING_CACHE_DEFAULTS): ListingCache => {
  // Least recently used entries go first when the cache is full.
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries });
  let versionRead: Promise<number> | null = null;

  const currentVersion = (): Promise<number> =>
    (versionRead ??= readVersion().finally(() => {
      versionRead = null;
    }));

  return {
    get: async (key, compute, onOutcome) => {
      const version = await currentVersion();
      const entry = entries.get(key);
      if (entry && entry.version === version) {
        onOutcome?.(true);
        return entry.body;
      }
      onOutcome?.(false);
      // Concurrent misses for one key at one version share a single computation; a failure is not kept.
      const body = compute();
      entries.set(key, { version, body });
      body.catch(() => {
        if (entries.get(key)?.body === body) entries.delete(key);
      });
      return body;
    },
  };
};

export const readListingVersion = async (db: DbExecutor): Promise<number> => {
  const [row] = await db.select({ version: listingVersion.version }).from(listingVersion).where(eq(listingVersion.id, 1));
  return row?.version ?? 0;
};

/**
 * The caches of listing-shaped answers: the public listing itself, public studios, and the client's browse list
 * (which only clients may ask for, but whose answer is the same for every client). Each has its own entries, so
 * visits to many studios never push the marketplace's pages out.
 */
export type ListingCacheName = 'listing' | 'studio' | 'browse';

// Per database handle, so apps (and tests) with different databases never share entries.
const caches = new WeakMap<DbExecutor, Map<ListingCacheName, ListingCache>>();

export const listingCacheFor = (db: DbExecutor, name: ListingCacheName = 'listing'): ListingCache => {
  let named = caches.get(db);
  if (!named) {
    named = new Map();
    caches.set(db, named);
  }
  let cache = named.get(name);
  if (!cache) {
    cache = createListingCache(() => readListingVersion(db));
    named.set(name, cache);
  }
  return cache;
};

/** Sets X-Cache to what the listing cache did for this request. */
export const cacheOutcomeHeader = (reply: FastifyReply) => (hit: boolean) => {
  reply.header('x-cache', hit ? 'hit' : 'miss');
};

/** Sends JSON text already encoded with the route's response schema (as its serializer would), from a cache. */
export const sendCachedJson = (reply: FastifyReply, body: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(body);
