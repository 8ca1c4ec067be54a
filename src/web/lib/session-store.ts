import type { SessionUser } from '../../domain/api-types';
import { ApiError, apiFetch } from './api';

export interface SessionSnapshot {
  user: SessionUser | null;
  isLoading: boolean;
}

/**
 * Who is signed in, without a query library: the header needs it on every page, and the marketing pages must
 * stay light (decision 081). Behaves as the session query did: fetched on first use, fresh for a minute, checked
 * again whenever the tab becomes visible, one retry after 400 ms, and the last known user kept if a check fails.
 */
export interface SessionStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => SessionSnapshot;
  /** Fetches unless a check ran within the last minute (or `force`). */
  load: (force?: boolean) => Promise<void>;
  set: (user: SessionUser | null) => void;
}

const FRESH_MS = 60_000;
const RETRY_DELAY_MS = 400;

async function fetchSessionUser(): Promise<SessionUser | null> {
  try {
    return (await apiFetch<{ user: SessionUser | null }>('/api/account/me')).user;
  } catch (error) {
    // Signed out is a normal state, not a failure.
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function createSessionStore(): SessionStore {
  let snapshot: SessionSnapshot = { user: null, isLoading: true };
  let checkedAt = 0;
  let inFlight: Promise<void> | null = null;
  // Bumped by set(): an answer that was already on its way must not overwrite a sign-in or sign-out.
  let version = 0;
  const listeners = new Set<() => void>();

  const publish = (next: SessionSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };

  const check = async () => {
    const startedAt = version;
    let user: SessionUser | null;
    try {
      user = await fetchSessionUser().catch(async () => {
        await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
        return fetchSessionUser();
      });
    } catch {
      if (startedAt === version) publish({ user: snapshot.user, isLoading: false });
      return;
    }
    checkedAt = Date.now();
    if (startedAt === version) publish({ user, isLoading: false });
  };

  const load = (force = false): Promise<void> => {
    if (inFlight) return inFlight;
    if (!force && checkedAt > 0 && Date.now() - checkedAt < FRESH_MS) return Promise.resolve();
    inFlight = check().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };

  const onVisible = () => {
    if (document.visibilityState === 'visible') void load(true);
  };

  return {
    subscribe: (listener) => {
      listeners.add(listener);
      if (listeners.size === 1) document.addEventListener('visibilitychange', onVisible);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) document.removeEventListener('visibilitychange', onVisible);
      };
    },
    getSnapshot: () => snapshot,
    load,
    set: (user) => {
      version += 1;
      checkedAt = Date.now();
      publish({ user, isLoading: false });
    },
  };
}
