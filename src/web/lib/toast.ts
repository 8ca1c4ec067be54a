import type { ExternalToast } from 'sonner';

/**
 * The app's toasts. Sonner (about 9 KB gzipped) and its toast region load with the first toast instead of with
 * every page, so a visitor who never sees a toast never downloads them (decision 082). Same calls as sonner's
 * `toast`, `toast.success` and `toast.error`; the toast appears as soon as the library has arrived.
 */
type Sonner = typeof import('sonner');
type Kind = 'message' | 'success' | 'error';

let sonner: Promise<Sonner> | null = null;
let requested = false;
const listeners = new Set<() => void>();

const loadSonner = (): Promise<Sonner> => {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return (sonner ??= import('sonner'));
};

/** For the toast region: whether any toast has been raised yet, and a way to hear of the first. */
export const toastRegion = {
  isRequested: (): boolean => requested,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const raise = (kind: Kind) => (message: string, options?: ExternalToast) => {
  void loadSonner().then(
    (module) => (kind === 'message' ? module.toast(message, options) : module.toast[kind](message, options)),
    // The chunk could not load (offline, or a deploy replaced it): the message goes unseen rather than crashing.
    (error: unknown) => console.error('Could not show a message:', message, error),
  );
};

export const toast = Object.assign(raise('message'), { success: raise('success'), error: raise('error') });
