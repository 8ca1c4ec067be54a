import { useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../lib/query-client';
import { QueryClientSlot } from './query-client-slot';

// One client for the page's lifetime: leaving these routes for a marketing page and coming back keeps the cache.
let appQueryClient: QueryClient | null = null;

/**
 * The query library (TanStack Query) for the routes that fetch with it: sign-in, the marketplace, studios and
 * every guarded page. The marketing pages sit outside, so they never download it (decision 081).
 */
export function QueryLayout() {
  const provided = useContext(QueryClientSlot);
  const [client] = useState(() => provided ?? (appQueryClient ??= createQueryClient()));
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
