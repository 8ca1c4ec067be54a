import { useEffect, useMemo } from 'react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { apiFetch, reasonToShow, type ApiRequestInit } from '../../lib/api';

/** Every admin query lives under this key, so one invalidation reloads the whole dashboard after a change. */
export const ADMIN_KEY = ['admin'] as const;

export const adminKeys = {
  overview: [...ADMIN_KEY, 'overview'],
  applications: [...ADMIN_KEY, 'applications'],
  seal: [...ADMIN_KEY, 'seal'],
  users: (search: string) => [...ADMIN_KEY, 'users', search],
  projects: (filter: 'all' | 'flagged') => [...ADMIN_KEY, 'projects', filter],
  whiteGlove: [...ADMIN_KEY, 'white-glove'],
  candidates: (requestId: string, all: boolean, search: string) => [...ADMIN_KEY, 'candidates', requestId, all, search],
  workshops: [...ADMIN_KEY, 'workshops'],
  contact: [...ADMIN_KEY, 'contact'],
  audit: [...ADMIN_KEY, 'audit'],
  settings: [...ADMIN_KEY, 'settings'],
  provenance: [...ADMIN_KEY, 'provenance'],
} as const;

const LOAD_ERROR_TOAST = 'admin-load-error';

/** A dashboard read; a failure shows the one toast 'Error loading dashboard data' (once, however many lists failed). */
export function useAdminQuery<T>(queryKey: QueryKey, path: string) {
  const query = useQuery({ queryKey, queryFn: () => apiFetch<T>(path) });
  const { isError, errorUpdatedAt } = query;
  useEffect(() => {
    if (isError) toast.error(ADMIN_MESSAGES.loadFailed, { id: LOAD_ERROR_TOAST });
  }, [isError, errorUpdatedAt]);
  return query;
}

/**
 * A dashboard list read a keyset page at a time (`?cursor=` the page before's `nextCursor`; decision 229): every page
 * read so far, in order, each row once (a row can move from one page to the next between two reads), and the next
 * page on request. A failed first read shows the same toast as `useAdminQuery`. Under the admin key, so a decision
 * reloads the pages read so far, each from the cursor of the page before it as it now reads.
 */
export function useAdminPages<Page extends { nextCursor: string | null }, Row>(queryKey: QueryKey, path: string, rowsOf: (page: Page) => Row[], keyOf: (row: Row) => string) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => apiFetch<Page>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  const { isError, isFetchNextPageError, errorUpdatedAt, data } = query;
  useEffect(() => {
    if (isError && !isFetchNextPageError) toast.error(ADMIN_MESSAGES.loadFailed, { id: LOAD_ERROR_TOAST });
  }, [isError, isFetchNextPageError, errorUpdatedAt]);
  const rows = useMemo(() => {
    if (!data) return undefined;
    const seen = new Set<string>();
    return data.pages.flatMap(rowsOf).filter((row) => {
      const key = keyOf(row);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // rowsOf and keyOf pick fields of the page: the pages alone decide the rows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data]);
  return { query, rows };
}

/** The server's reason for a refusal (a 4xx says what happened, e.g. someone decided first); none for a fault. */
const refusalReason = (error: unknown): string | undefined => reasonToShow(error);

interface AdminActionOptions<TVariables> {
  request: (variables: TVariables) => { path: string; init: ApiRequestInit };
  success: string;
  failure: string;
  onSuccess?: () => void;
}

/** An admin change: toast the outcome and, on success, reload every dashboard list and count. */
export function useAdminAction<TVariables>({ request, success, failure, onSuccess }: AdminActionOptions<TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: TVariables) => {
      const { path, init } = request(variables);
      return apiFetch<unknown>(path, init);
    },
    onSuccess: async () => {
      toast.success(success);
      onSuccess?.();
      await queryClient.invalidateQueries({ queryKey: ADMIN_KEY });
    },
    onError: (error) => {
      // The product's toast for the failure, with the server's reason beneath it when it gave one.
      const reason = refusalReason(error);
      toast.error(failure, reason && reason !== failure ? { description: reason } : undefined);
    },
  });
}
