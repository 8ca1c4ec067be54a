import { lazy, Suspense } from 'react';

const ReplayingToaster = lazy(() => import('./replaying-toaster').then((module) => ({ default: module.ReplayingToaster })));

/** The toast region, loaded beside the first page instead of inside the entry chunk (decision 017). */
export function LazyToaster() {
  return (
    <Suspense fallback={null}>
      <ReplayingToaster />
    </Suspense>
  );
}
