import { createContext, createElement, useContext, useEffect, useLayoutEffect, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { SessionUser } from '../../domain/api-types';
import { ApiError, apiFetch } from './api';
import { createSessionStore, type SessionStore } from './session-store';

export interface SessionData {
  user: SessionUser | null;
}

/** Queries keyed under this are the session's; kept so data queries can be told apart from it. */
export const SESSION_QUERY_KEY = ['me'] as const;

export interface SessionState {
  user: SessionUser | null;
  isLoading: boolean;
}

const SessionContext = createContext<SessionStore | null>(null);
// The store of the mounted app, for the plain functions below (sign-in forms, sign-out, profile saves).
let activeStore: SessionStore | null = null;

/** One session store per app (tests mount a fresh app, and so a fresh store, for every render). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [store] = useState(createSessionStore);
  useLayoutEffect(() => {
    activeStore = store;
    return () => {
      if (activeStore === store) activeStore = null;
    };
  }, [store]);
  return createElement(SessionContext.Provider, { value: store }, children);
}

// The server renders (and the browser hydrates) the first paint as 'still checking': the header holds its place.
const SERVER_SNAPSHOT: SessionState = { user: null, isLoading: true };
const getServerSnapshot = (): SessionState => SERVER_SNAPSHOT;

export function useSession(): SessionState {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useSession must be used inside SessionProvider');
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, getServerSnapshot);
  useEffect(() => {
    void store.load();
  }, [store]);
  return snapshot;
}

/** After sign-in, sign-up or deleting the account: the answer is the new truth, no need to ask again. */
export function setSessionUser(_queryClient: QueryClient, user: SessionUser | null): void {
  activeStore?.set(user);
}

/** After a change the header shows (a new name or picture): ask the server again. */
export function refreshSession(): Promise<void> {
  return activeStore?.load(true) ?? Promise.resolve();
}

/**
 * Ends the session on the server, lets the caller leave the page (navigate to '/' with `replace: true`),
 * then drops every cached query that may hold the user's data. Leaving first matters: clearing the
 * session while a guarded page is still on screen would make its guard bounce to /auth.
 */
export async function signOut(queryClient: QueryClient, leave: () => void | Promise<void>): Promise<void> {
  try {
    await apiFetch<unknown>('/api/account/sign-out', { method: 'POST', body: {} });
  } catch (error) {
    // Already signed out on the server: the client state still has to be cleared.
    if (!(error instanceof ApiError && error.status === 401)) throw error;
  }
  await leave();
  await queryClient.cancelQueries();
  queryClient.removeQueries();
  setSessionUser(queryClient, null);
}
