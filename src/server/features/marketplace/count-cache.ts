import { LRUCache } from 'lru-cache';

/**
 * The listing's count line ("N verified creators") costs O(matching rows), unlike its keyset pages. Small counts
 * are cheap and stay exact on every request; a count of `minCached` or more is kept for `ttlMs` per filter set.
 * After that it is still served while one refresh runs (so a busy page never waits on a cold count), unless it
 * is older than `maxStaleMs`. Concurrent misses on one filter set share a single query. Each app instance keeps
 * its own entries: a count is derived data, a few seconds behind at most, and never needs to be shared.
 */
export interface CountCacheOptions {
  minCached: number;
  ttlMs: number;
  maxStaleMs: number;
  maxEntries: number;
  now?: () => number;
}

export const COUNT_CACHE_DEFAULTS: CountCacheOptions = { minCached: 1000, ttlMs: 15_000, maxStaleMs: 120_000, maxEntries: 500 };

interface Entry {
  value: number;
  storedAt: number;
}

export type CountCache = (key: string, compute: () => Promise<number>) => Promise<number>;

export const createCountCache = (options: CountCacheOptions = COUNT_CACHE_DEFAULTS): CountCache => {
  const now = options.now ?? (() => performance.now());
  // lru-cache serves a stale entry while its one fetch runs (allowStale), shares a fetch between concurrent callers,
  // and keeps the stale entry when a background refresh fails (noDeleteOnFetchRejection).
  const entries = new LRUCache<string, Entry, () => Promise<number>>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    ttlResolution: 0,
    perf: { now },
    allowStale: true,
    noDeleteOnFetchRejection: true,
    fetchMethod: async (_key, _stale, { context }) => ({ value: await context(), storedAt: now() }),
  });

  return async (key, compute) => {
    const kept = entries.peek(key, { allowStale: true });
    // A small count is exact on every request; a large one older than maxStaleMs is not worth showing.
    const mustRecount = kept !== undefined && (kept.value < options.minCached || now() - kept.storedAt > options.maxStaleMs);
    const entry = await entries.fetch(key, { context: compute, forceRefresh: mustRecount, allowStale: !mustRecount });
    if (!entry) throw new Error('count cache: the count was not computed');
    return entry.value;
  };
};
