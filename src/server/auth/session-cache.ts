import { LRUCache } from 'lru-cache';
import type { NotificationHandlers, NotificationListener } from '../db/notifications';
import type { AuthContext } from '../types';

/** The channel the triggers of migration 0009 notify: users' ids, comma-separated, or '*' for everyone. */
export const SESSION_CACHE_CHANNEL = 'session_cache';

export interface ResolvedSession {
  auth: AuthContext;
  expiresAt: Date;
}

export interface SessionCache {
  /** The session for this key from memory when it is still valid, otherwise from `load` (kept when it succeeds). */
  resolve: (key: string, load: () => Promise<ResolvedSession | null>) => Promise<AuthContext | null>;
  /** Forgets every session (a change that came by another path than the notifying tables' triggers). */
  clear: () => void;
  readonly enabled: boolean;
  readonly hits: number;
  close: () => Promise<void>;
}

export interface SessionCacheOptions {
  listen: (channel: string, handlers: NotificationHandlers) => NotificationListener;
  ttlMs: number;
  max?: number;
  onError?: (error: Error) => void;
}

/**
 * A short-lived per-instance cache of signed-in requests' sessions and roles, keyed by the signed session cookie.
 * Any change to a user's sessions, account or role empties that user's entries on every instance (NOTIFY from
 * triggers), and a hit is served only after the listening connection has caught up with every commit made before
 * the request arrived (`sync`), so a signed-out, deleted or demoted user is refused on the next request anywhere.
 * While the listening connection is down the cache holds nothing and every request reads the database.
 */
export const createSessionCache = (options: SessionCacheOptions): SessionCache => {
  const entries = new LRUCache<string, AuthContext>({ max: options.max ?? 10_000, ttl: Math.max(options.ttlMs, 1) });
  let enabled = false;
  let hits = 0;
  // Moves on every notification and state change: a lookup that overlapped one may have read what it invalidated,
  // so its answer is used for its request but not kept.
  let epoch = 0;

  const forgetUsers = (payload: string) => {
    epoch += 1;
    if (payload === '*') {
      entries.clear();
      return;
    }
    const users = new Set(payload.split(','));
    const stale: string[] = [];
    for (const [key, auth] of entries.entries()) if (users.has(auth.userId)) stale.push(key);
    for (const key of stale) entries.delete(key);
  };

  const listener =
    options.ttlMs > 0
      ? options.listen(SESSION_CACHE_CHANNEL, {
          onNotify: forgetUsers,
          onState: (listening) => {
            epoch += 1;
            entries.clear();
            enabled = listening;
          },
          onError: options.onError,
        })
      : null;

  const fromMemory = async (key: string): Promise<AuthContext | null> => {
    const cached = entries.get(key);
    if (!cached || !listener) return null;
    try {
      await listener.sync();
    } catch {
      return null;
    }
    return enabled && entries.get(key) === cached ? cached : null;
  };

  return {
    resolve: async (key, load) => {
      if (enabled) {
        const cached = await fromMemory(key);
        if (cached) {
          hits += 1;
          return { ...cached };
        }
      }
      const started = epoch;
      const loaded = await load();
      if (!loaded) return null;
      const ttl = Math.min(options.ttlMs, loaded.expiresAt.getTime() - Date.now());
      if (enabled && started === epoch && ttl > 0) entries.set(key, loaded.auth, { ttl });
      return { ...loaded.auth };
    },
    clear: () => {
      epoch += 1;
      entries.clear();
    },
    get enabled() {
      return enabled;
    },
    get hits() {
      return hits;
    },
    close: async () => {
      enabled = false;
      entries.clear();
      await listener?.close();
    },
  };
};
