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
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<number>>();

  const refresh = (key: string, compute: () => Promise<number>): Promise<number> => {
    const running = inFlight.get(key);
    if (running) return running;
    const started = compute()
      .then((value) => {
        entries.delete(key);
        if (value >= options.minCached) {
          entries.set(key, { value, storedAt: now() });
          // Map keeps insertion order: the first key is the least recently stored.
          if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
        }
        return value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, started);
    return started;
  };

  return async (key, compute) => {
    const entry = entries.get(key);
    if (!entry) return refresh(key, compute);
    const age = now() - entry.storedAt;
    if (age <= options.ttlMs) return entry.value;
    if (age > options.maxStaleMs) return refresh(key, compute);
    // A failed background refresh keeps the old value until the next attempt.
    refresh(key, compute).catch(() => undefined);
    return entry.value;
  };
};
