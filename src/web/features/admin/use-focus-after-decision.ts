import { useEffect, useRef } from 'react';

/**
 * Keeps a keyboard user's place when a decided card leaves its list. Call `note(key)` as the decision is sent
 * (`forget()` if it fails). Once the list no longer holds that card, focus (on its button, or given back to it by a
 * dialog) would fall to <body>; it moves to the card that took its place, the one before it if it was the last, or to
 * `fallbackId` (the list's heading) when none is left. Only when focus was lost: an admin who moved on keeps their place.
 * The elements named by `focusIdOf` and `fallbackId` take focus by script (`tabIndex={-1}`).
 */
export function useFocusAfterDecision<T>(items: readonly T[] | undefined, keyOf: (item: T) => string, focusIdOf: (key: string) => string, fallbackId: string) {
  const decided = useRef<{ key: string; index: number } | null>(null);
  useEffect(() => {
    const pending = decided.current;
    if (!pending || !items) return;
    if (items.some((item) => keyOf(item) === pending.key)) return;
    decided.current = null;
    const next = items[Math.min(Math.max(pending.index, 0), items.length - 1)];
    const targetId = next ? focusIdOf(keyOf(next)) : fallbackId;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (tries: number) => {
      const active = document.activeElement;
      // A dialog may still be handing focus back (to the removed card's button): wait for it to finish.
      if (active?.closest('[role="dialog"]') && tries > 0) {
        timer = setTimeout(() => settle(tries - 1), 50);
        return;
      }
      if (active && active !== document.body && active.isConnected) return;
      document.getElementById(targetId)?.focus();
    };
    settle(10);
    return () => clearTimeout(timer);
  }, [items, keyOf, focusIdOf, fallbackId]);
  return {
    note: (key: string) => {
      decided.current = { key, index: items?.findIndex((item) => keyOf(item) === key) ?? -1 };
    },
    forget: () => {
      decided.current = null;
    },
  };
}
