import { useEffect, useRef } from 'react';
import { Toaster as SonnerToaster } from 'sonner';

/**
 * Sonner hands focus back to "the element focused before the toasts" whenever focus leaves its list (its `onBlur`),
 * which suits its Alt+T hotkey: jump to the toasts, look, Tab away, and carry on where you were. But the toasts are
 * also in the page's Tab order (after the footer), and there that hand-back is a loop: Tab from the footer's last link
 * into a toast and its close button, Tab on, and focus is sent back to the footer link, again and again until the toast
 * times out. Sonner records that element from the `relatedTarget` of the focus event that enters the list, so for an
 * ordinary entry (Tab, Shift+Tab, a click) the region hides it: Sonner records nothing, and Tab goes on as it would on
 * any other page. Entry by the hotkey focuses the list element itself and keeps Sonner's behaviour.
 *
 * With nothing recorded, Sonner no longer returns focus when the toast under it is closed or times out; the region
 * does that instead, so a keyboard user who closes a toast is not dropped on <body>.
 */
function useSequentialToastFocus() {
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = region.current;
    if (!section) return;
    // What had focus before focus came into the toasts, and what last had it inside them.
    let cameFrom: HTMLElement | null = null;
    let lastInside: HTMLElement | null = null;

    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const from = event.relatedTarget;
      lastInside = target;
      if (from instanceof Node && section.contains(from)) return;
      cameFrom = from instanceof HTMLElement ? from : null;
      // The hotkey focuses the list (`ol[data-sonner-toaster]`), which nothing else does: leave that entry to Sonner.
      if (target?.hasAttribute('data-sonner-toaster')) return;
      // Sonner reads `relatedTarget` in React's handler, which runs after this (React listens at the root).
      Object.defineProperty(event, 'relatedTarget', { configurable: true, value: null });
    };
    const onFocusOut = (event: FocusEvent) => {
      const to = event.relatedTarget;
      if (to instanceof Node && section.contains(to)) return;
      // Focus went elsewhere on the page: the toasts were left on purpose.
      if (to) {
        lastInside = null;
        return;
      }
      // Focus went nowhere: out of the page (Tab past its end, another window), unless the toast is being removed.
      const left = event.target;
      setTimeout(() => {
        if (left === lastInside && left instanceof Node && left.isConnected) lastInside = null;
      });
    };
    // A toast holding focus was removed (closed, swiped or timed out): give focus back to where it came from.
    const removals = new MutationObserver(() => {
      if (!lastInside || lastInside.isConnected) return;
      lastInside = null;
      const active = document.activeElement;
      if (active && active !== document.body) return;
      if (cameFrom?.isConnected) cameFrom.focus({ preventScroll: true });
    });

    section.addEventListener('focusin', onFocusIn, true);
    section.addEventListener('focusout', onFocusOut, true);
    removals.observe(section, { childList: true, subtree: true });
    return () => {
      section.removeEventListener('focusin', onFocusIn, true);
      section.removeEventListener('focusout', onFocusOut, true);
      removals.disconnect();
    };
  }, []);
  return region;
}

export function Toaster() {
  const region = useSequentialToastFocus();
  return (
    <SonnerToaster
      ref={region}
      // Bottom-right on wide screens (Sonner spans the bottom edge on phones): never over the header or its navigation.
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'rounded-xl! border! border-border! bg-surface! text-ink! shadow-lg! font-sans!',
          description: 'text-muted-foreground!',
          error: 'border-destructive/40! [&_[data-icon]]:text-destructive!',
          success: '[&_[data-icon]]:text-accent!',
        },
      }}
    />
  );
}
