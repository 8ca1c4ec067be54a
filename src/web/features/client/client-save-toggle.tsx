import { lazy, Suspense } from 'react';
import { useSession } from '../../lib/session';

// The toggle and its shortlist query load on first use by a signed-in client, so the public pages' visitors
// download none of it.
const SaveCreatorToggle = lazy(() => import('./saved-creators').then((m) => ({ default: m.SaveCreatorToggle })));

/**
 * The shortlist toggle on public pages (the marketplace cards, the studio; decision 187): shown to a signed-in
 * client only, and nothing for anyone else.
 */
export function ClientSaveToggle({ creator, withLabel, className }: { creator: { id: string; name: string }; withLabel?: boolean; className?: string }) {
  const { user } = useSession();
  if (user?.role !== 'client') return null;
  return (
    <Suspense fallback={null}>
      <SaveCreatorToggle creator={creator} withLabel={withLabel} className={className} />
    </Suspense>
  );
}
