import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FocusEvent, type PointerEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

const GAP = 8;
const MARGIN = 8;
const HOVER_DELAY_MS = 200;

interface Place {
  top: number;
  left: number;
  /** The arrow's centre, from the bubble's left edge. */
  arrow: number;
  below: boolean;
}

/**
 * The bubble, in a portal on the body so no transformed ancestor moves it: above its anchor, or below when there is
 * no room above, and kept inside the viewport. Measured before it shows, so it never flashes at the corner.
 */
function TooltipBubble({ id, anchor, children }: { id: string; anchor: HTMLElement; children: ReactNode }) {
  const bubbleRef = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<Place | null>(null);
  useLayoutEffect(() => {
    const bubble = bubbleRef.current;
    if (!bubble) return;
    const target = anchor.getBoundingClientRect();
    const { width, height } = bubble.getBoundingClientRect();
    const below = target.top - height - GAP < MARGIN;
    const centre = target.left + target.width / 2;
    const left = Math.max(MARGIN, Math.min(centre - width / 2, window.innerWidth - width - MARGIN));
    setPlace({ top: below ? target.bottom + GAP : target.top - height - GAP, left, arrow: centre - left, below });
  }, [anchor]);
  return createPortal(
    <div
      ref={bubbleRef}
      id={id}
      role="tooltip"
      style={{ position: 'fixed', top: place?.top ?? 0, left: place?.left ?? 0, visibility: place ? 'visible' : 'hidden' }}
      className="pointer-events-none z-[60] max-w-64 animate-fade-in rounded-lg bg-ink px-3.5 py-2.5 text-sm leading-snug text-paper shadow-lg"
    >
      {children}
      <span
        aria-hidden="true"
        className="absolute size-2.5 rotate-45 bg-ink"
        style={{ left: (place?.arrow ?? 0) - 5, ...(place?.below ? { top: -5 } : { bottom: -5 }) }}
      />
    </div>,
    document.body,
  );
}

/**
 * A tooltip of our own (decision 189; Radix's, with its positioning engine, was 15.8 KB gzipped on every page with a
 * Seal): it opens when the pointer rests on its trigger (200 ms) or when the trigger takes focus, so keyboard and
 * touch reach it too, and closes when they leave, on Escape, and when the page scrolls or resizes. The trigger is
 * described by it while it shows. Spread `trigger` on the element and render `tooltip` beside it.
 */
export function useTooltip<T extends HTMLElement>(content: ReactNode): { trigger: TooltipTriggerProps<T>; tooltip: ReactNode } {
  const id = useId();
  // The trigger it shows for, or null while closed.
  const [anchor, setAnchor] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const close = useCallback(() => {
    clearTimeout(timer.current);
    setAnchor(null);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const isOpen = anchor !== null;
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('keydown', onKeyDown);
    window.addEventListener('scroll', close, true);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('scroll', close, true);
      window.removeEventListener('resize', close);
    };
  }, [isOpen, close]);

  const trigger: TooltipTriggerProps<T> = {
    'aria-describedby': isOpen ? id : undefined,
    onPointerEnter: (event) => {
      if (event.pointerType !== 'mouse') return;
      const element = event.currentTarget;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setAnchor(element), HOVER_DELAY_MS);
    },
    onPointerLeave: (event) => {
      if (event.currentTarget !== document.activeElement) close();
    },
    onFocus: (event) => {
      clearTimeout(timer.current);
      setAnchor(event.currentTarget);
    },
    onBlur: close,
  };
  const tooltip = anchor ? (
    <TooltipBubble id={id} anchor={anchor}>
      {content}
    </TooltipBubble>
  ) : null;
  return { trigger, tooltip };
}

export interface TooltipTriggerProps<T extends HTMLElement> {
  'aria-describedby': string | undefined;
  onPointerEnter: (event: PointerEvent<T>) => void;
  onPointerLeave: (event: PointerEvent<T>) => void;
  onFocus: (event: FocusEvent<T>) => void;
  onBlur: () => void;
}
