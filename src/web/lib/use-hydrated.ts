import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's first paint (decision 084), true from the
 * render after that; true at once when the app renders without a first paint. For what must wait for the app's
 * own event handlers, such as a form's submit button (a native submission would put the fields in the URL).
 */
export const useHydrated = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
