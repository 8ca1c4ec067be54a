import { useRef, type ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/utils';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

/** The containers focus may fall back to, nearest first: the opener's card or row, its tab panel, the page's main. */
const placesAround = (opener: HTMLElement | null): Element[] =>
  opener ? (['li, article', '[role="tabpanel"]', 'main'].map((selector) => opener.closest(selector)).filter(Boolean) as Element[]) : [];

/** Focuses the first still-present place: its heading (made focusable for this), or the place itself. */
const focusPlace = (places: readonly Element[]): void => {
  const place = places.find((candidate) => candidate.isConnected);
  if (!(place instanceof HTMLElement)) return;
  const target = (place.querySelector('h1, h2, h3, h4') as HTMLElement | null) ?? place;
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: false });
};

/**
 * A moment's grace before placing lost focus: a list that knows better (the applications queue moves on to the next
 * applicant) places it in its own effect; only if focus is still on <body> after that does it go to the card.
 */
const focusPlaceIfStillLost = (places: readonly Element[]): void => {
  window.setTimeout(() => {
    // The page may be gone by then (a test's document torn down under a pending timer): nothing to place.
    if (typeof document === 'undefined') return;
    if (!document.activeElement || document.activeElement === document.body) focusPlace(places);
  }, 100);
};

/**
 * After a dialog's action, the button that opened it often disappears when the card re-renders with its new state
 * (an approved milestone has no 'Approve' any more), and the browser drops focus to <body>: a keyboard or screen-reader
 * user would start again from the top of the page. For a few seconds after closing, if focus falls to <body>
 * because what held it left the page, and nothing else places it, it goes to the card (its heading) instead.
 */
const watchFocusLoss = (places: readonly Element[]): void => {
  if (places.length === 0 || typeof MutationObserver === 'undefined') return;
  // What last held focus; a click on the page's background also leaves <body> focused, but its element stays.
  let holder: Element | null = document.activeElement;
  const observer = new MutationObserver(() => {
    const active = document.activeElement;
    if (active && active !== document.body) {
      holder = active;
      return;
    }
    if (!holder || holder === document.body || holder.isConnected) return;
    observer.disconnect();
    focusPlaceIfStillLost(places);
  });
  observer.observe(document.body, { childList: true, subtree: true });
  window.setTimeout(() => observer.disconnect(), 5000);
};

export function DialogContent({ className, children, onOpenAutoFocus, onCloseAutoFocus, ...props }: ComponentProps<typeof DialogPrimitive.Content>) {
  // What had focus when the dialog opened. Radix gives focus back to a <DialogTrigger>, but most dialogs here are opened
  // from state (a card's link, a menu, a row's button), and then focus fell to <body> on close. Read as the content
  // mounts, before Radix moves focus inside.
  const opener = useRef<HTMLElement | null>(null);
  const places = useRef<Element[]>([]);
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-ink/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
      {/* Radix hides the rest of the page from assistive tech while a dialog is open but does not say the dialog is
          modal; aria-modal tells a screen reader (VoiceOver in particular) to keep its reading inside it. */}
      <DialogPrimitive.Content
        aria-modal="true"
        className={cn(
          'fixed inset-x-4 top-1/2 z-50 mx-auto max-h-[calc(100dvh-2rem)] w-auto max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-paper p-6 shadow-xl sm:p-8 data-[state=open]:animate-fade-in',
          className,
        )}
        onOpenAutoFocus={(event) => {
          opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          places.current = placesAround(opener.current);
          onOpenAutoFocus?.(event);
        }}
        onCloseAutoFocus={(event) => {
          onCloseAutoFocus?.(event);
          const target = opener.current;
          if (event.defaultPrevented) {
            // The caller placed focus itself; it is watched once that has happened.
            queueMicrotask(() => watchFocusLoss(places.current));
            return;
          }
          if (!target || target === document.body) return;
          event.preventDefault();
          if (target.isConnected) target.focus();
          else focusPlaceIfStillLost(places.current);
          watchFocusLoss(places.current);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-full p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-ink">
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mb-5 flex flex-col gap-1.5 pr-8', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('font-serif text-2xl font-medium', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
