import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { subscribeToInbox } from './inbox-stream';

/**
 * What a dashboard shows that another person's action can change: projects and their offers, milestones and reviews,
 * money, the dashboards' own figures, and the admin's queues.
 */
export const NEWS_QUERY_KEYS: readonly QueryKey[] = [['projects'], ['reviews'], ['process-record'], ['payments'], ['client-dashboard'], ['creator-dashboard'], ['admin']];

/**
 * Keeps an open dashboard current with what others do. Every such action tells this person in the notification
 * centre, in its own transaction, and the stream then sends the new notification count: each count after the first
 * (which only says where the stream starts) refetches the dashboard's data that is on screen. Without it, a client
 * whose review was published by the creator's, or a creator whose offer was accepted, read the old state until a
 * reload (React Query refetches on focus, not while the tab stays open in front of them). `subscribe` is the stream's,
 * or a test's stand-in.
 */
export function useFreshOnNews(keys: readonly QueryKey[] = NEWS_QUERY_KEYS, subscribe: typeof subscribeToInbox = subscribeToInbox): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let hasHeardFirst = false;
    return subscribe((event) => {
      if (event.type !== 'notifications') return;
      if (!hasHeardFirst) {
        hasHeardFirst = true;
        return;
      }
      // Only the queries on screen refetch; the others are marked stale for their next use.
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    });
  }, [queryClient, keys, subscribe]);
}
