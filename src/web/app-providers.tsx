import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { QueryClientSlot } from './components/layout/query-client-slot';
import { LazyToaster } from './components/ui/lazy-toaster';
import { SessionProvider } from './lib/session';

/**
 * App-wide providers. The session is a small store of its own; the query library, tooltips and the toast region
 * load with the routes that use them (router.tsx), so none of them weighs on the entry chunk or the marketing
 * pages (decisions 017 and 081). A `queryClient` handed in (tests rendering one component) is provided at once
 * and is also the one the query layout uses; only the provider component is imported here, not the library.
 */
export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const content = (
    <>
      {children}
      <LazyToaster />
    </>
  );
  return (
    <SessionProvider>
      <QueryClientSlot.Provider value={queryClient ?? null}>
        {queryClient ? <QueryClientProvider client={queryClient}>{content}</QueryClientProvider> : content}
      </QueryClientSlot.Provider>
    </SessionProvider>
  );
}
