import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
// The app raises toasts through lib/toast (decision 082); tests reach sonner itself only to clear its state.
// eslint-disable-next-line no-restricted-imports
import { toast } from 'sonner';

/**
 * After each component test: unmount, drop the stubbed globals (fetch), and dismiss every toast. Sonner keeps
 * toasts in module state and the app's toaster replays them on mount, so without this a toast from one test
 * could satisfy (or spoil) the next one's check.
 */
export function resetBetweenTests(): void {
  afterEach(() => {
    cleanup();
    toast.dismiss();
    vi.unstubAllGlobals();
  });
}
