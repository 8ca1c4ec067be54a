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
  /** The most characters of JSON kept, all entries together: what bounds the cache's memory (decision 111). */
  maxChars: number;
}

export const LISTING_CACHE_DEFAULTS: ListingCacheOptions = { maxEntries: 500, maxChars: 2_000_000 };

/** What an entry counts for before its text is known: about one studio's answer. */
const PENDING_CHARS = 2_000;

export interface ListingCache {
  /**
   * The stored text for `key` at the current version, or `compute`'s, which is then stored. `onOutcome` hears
   * whether the stored text was used (the X-Cache header, which the benchmark's hit rate is read from).
   */
  get: (key: string, compute: () => Promise<string>, onOutcome?: (hit: boolean) => void) => Promise<string>;
  /**
   * As `get`, for a computation that reads the listing version itself, in the same snapshot as its answer. A key
   * with no stored entry then costs one round trip: the version is read first only to check a stored entry.
   */
  getVersioned: (key: string, compute: () => Promise<Versioned>, onOutcome?: (hit: boolean) => void) => Promise<string>;
}

export interface Versioned {
  version: number;
  body: string;
}

/** The version of an entry whose computation has not answered yet. */
const PENDING = -1;

interface Entry {
  version: number;
  body: Promise<string>;
  /** The text's length once known, else PENDING_CHARS. */
  chars: number;
}

export const createListingCache = (readVersion: () => Promise<number>, options: ListingCacheOptions = LISTING_CACHE_DEFAULTS): ListingCache => {
  // Least recently used entries go first when the cache is full, by count or by characters. An answer longer than
  // the whole budget is sent but not kept.
  const entries = new LRUCache<string, Entry>({ max: options.maxEntries, maxSize: options.maxChars, sizeCalculation: (entry) => entry.chars });
  let versionRead: Promise<number> | null = null;

  const currentVersion = (): Promise<number> =>
    (versionRead ??= readVersion().finally(() => {
      versionRead = null;
    }));

  /**
   * Once `body` is known, the entry that still holds it takes its version and counts its real length; a failed one
   * is dropped. An entry replaced or evicted meanwhile is left alone.
   */
  const settle = (key: string, body: Promise<string>, settled: Promise<{ version: number; text: string }>) =>
    settled.then(
      ({ version, text }) => {
        if (entries.peek(key)?.body === body) entries.set(key, { version, body, chars: text.length });
      },
      () => {
        if (entries.peek(key)?.body === body) entries.delete(key);
      },
    );

  /** Keeps `body` for `key` at `version` unless it fails; concurrent misses for one key share the computation. */
  const store = (key: string, version: number, body: Promise<string>) => {
    entries.set(key, { version, body, chars: PENDING_CHARS });
    void settle(key, body, body.then((text) => ({ version, text })));
    return body;
  };

  /** The stored text for `key` if it was made at `version` (synchronous, so a miss is stored before anyone looks). */
  const lookup = (key: string, version: number, onOutcome?: (hit: boolean) => void) => {
    const entry = entries.get(key);
    const hit = entry !== undefined && entry.version === version;
    onOutcome?.(hit);
    return hit ? entry.body : null;
  };

  return {
    get: async (key, compute, onOutcome) => {
      const version = await currentVersion();
      return lookup(key, version, onOutcome) ?? store(key, version, compute());
    },
    getVersioned: async (key, compute, onOutcome) => {
      const entry = entries.get(key);
      // A computation under way for the key: join it, as concurrent misses at one version do in `get`.
      if (entry?.version === PENDING) {
        onOutcome?.(true);
        return entry.body;
      }
      if (entry) {
        const stored = lookup(key, await currentVersion(), onOutcome);
        if (stored) return stored;
      } else {
        onOutcome?.(false);
      }
      const computed = compute();
      const body = computed.then((result) => result.body);
      // Stored under the version the computation read; until it answers, a concurrent request for the key joins it.
      entries.set(key, { version: PENDING, body, chars: PENDING_CHARS });
      void settle(key, body, computed.then((result) => ({ version: result.version, text: result.body })));
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
