import { useContext, useState } from 'react';
import { Outlet } from 'react-router';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { FirstPaintData } from '../../lib/first-paint-data';
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
  const firstPaint = useContext(FirstPaintData);
  const [client] = useState(() => {
    if (provided) return provided;
    // On the server (first paint, entry-server.tsx) every render gets its own client: nothing is shared between
    // visitors. In the browser the one client starts with the answers the page was rendered with.
    if (typeof window !== 'undefined' && appQueryClient) return appQueryClient;
    const created = createQueryClient();
    for (const query of firstPaint) created.setQueryData(query.key, query.data);
    if (typeof window !== 'undefined') appQueryClient = created;
    return created;
  });
  return (
    <QueryClientProvider client={client}>
      <Outlet />
    </QueryClientProvider>
  );
}
