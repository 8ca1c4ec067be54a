import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toastRegion } from '../../lib/toast';

const ReplayingToaster = lazy(() => import('./replaying-toaster').then((module) => ({ default: module.ReplayingToaster })));

/** The toast region, loaded with the first toast instead of with the page (decisions 017 and 082). */
export function LazyToaster() {
  const requested = useSyncExternalStore(toastRegion.subscribe, toastRegion.isRequested, () => false);
  if (!requested) return null;
  return (
    <Suspense fallback={null}>
      <ReplayingToaster />
    </Suspense>
  );
}
