import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from './ui/spinner';

/**
 * A dashboard tab's panel that loads its code the first time it is opened. Tabs mount only their open panel, so a
 * dashboard's first load carries the tab it opens on, not every tab's forms and dialogs (decision 188). The panel
 * keeps the component's props; while its code arrives, a spinner says so.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>, { quiet = false }: { quiet?: boolean } = {}): ComponentType<P> {
  const Loaded = lazy(async () => ({ default: await load() }));
  function LazyPanel(props: P) {
    return (
      <Suspense
        fallback={
          // A dialog shows nothing until it can open; a panel shows that it is coming.
          quiet ? null : (
            <div data-lazy-panel="" className="flex justify-center py-16">
              <Spinner className="[&_svg]:size-7" />
            </div>
          )
        }
      >
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LazyPanel;
}
