import { useEffect } from 'react';
import { toast } from 'sonner';
import { Toaster } from './toaster';

/**
 * Sonner's Toaster only shows toasts raised after it subscribed. Because it arrives in its own chunk, a page
 * may toast first; those toasts are raised again once it is listening (child effects run before this one).
 */
export function ReplayingToaster() {
  useEffect(() => {
    for (const pending of toast.getToasts()) {
      if ('type' in pending) toast(pending.title, pending);
    }
  }, []);
  return <Toaster />;
}
