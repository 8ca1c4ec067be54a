import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { fetchStudio, studioQueryKey } from './api';
import { CreatorContactForm, CreatorContactIntro } from './creator-contact-form';

/** The dialog's id, which the Contact links end with (creator-directory.tsx). */
export const CONTACT_PANEL_ID = 'contact-creator';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), textarea:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The creator's Contact link on the page behind the dialog (a card's), where focus returns when it closes. */
const contactLinkOf = (creatorId: string): HTMLElement | null =>
  Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href*="contact="]')).find(
    (link) => !link.closest('dialog') && new URL(link.href).searchParams.get('contact') === creatorId,
  ) ?? null;

/**
 * The Contact dialog reached by its link (`/marketplace?contact=<id>`) before the app's scripts ran, or without
 * them (decision 105). It is part of the page, not a layer the app adds, so the server renders it and the browser
 * keeps it (and anything typed into it) when the app takes over. Its form posts to the page; with the app it sends
 * and thanks in place, as the dialog does. The creator comes with the page (web.ts) when they are public.
 *
 * Once the app runs, the same element becomes a modal dialog (`showModal`): the page behind it is inert, so focus
 * stays inside; Escape closes it, and focus goes back to the creator's Contact link. Whatever was typed or focused
 * in it before is kept.
 */
export function ContactCreatorPanel({ creatorId, closeHref }: { creatorId: string; closeHref: string }) {
  const navigate = useNavigate();
  const { data: creator } = useQuery({ queryKey: studioQueryKey(creatorId), queryFn: ({ signal }) => fetchStudio(creatorId, signal), retry: false });
  const dialogRef = useRef<HTMLDialogElement>(null);
  // The latest way out, read when Escape is pressed: the effect below must not run again when the address or the
  // router's navigate changes, because closing and reopening the dialog would take focus out of the field in use
  // (which shows that field's message as if it had been left empty).
  const closeWith = useRef(() => undefined as void);
  useEffect(() => {
    closeWith.current = () => void navigate(closeHref, { replace: true, preventScrollReset: true });
  }, [navigate, closeHref]);
  const isShown = creator !== undefined;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || typeof dialog.showModal !== 'function') return;
    // A field in use keeps focus; otherwise the modal dialog puts it on its first field. (The dialog itself can hold
    // focus, from the address's #contact-creator: handing it back would take it out of that field, and leaving a
    // field shows its message as if it had been left empty.)
    const active = document.activeElement;
    const focused = active !== dialog && dialog.contains(active) ? active : null;
    dialog.close();
    dialog.showModal();
    if (focused instanceof HTMLElement) focused.focus();
    // Escape: the browser closes the dialog; the address follows, which removes it.
    const onCancel = () => closeWith.current();
    // The page behind is inert, but Tab past the last control would leave for the browser's own controls: it
    // wraps around instead, both ways.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      const controls = Array.from(dialog.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.getClientRects().length > 0);
      const first = controls[0];
      const last = controls[controls.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !dialog.contains(document.activeElement))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('keydown', onKeyDown);
      contactLinkOf(creatorId)?.focus();
    };
  }, [isShown, creatorId]);

  if (!creator) return null;
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px]" />
      <dialog
        id={CONTACT_PANEL_ID}
        open
        aria-labelledby="creator-contact-title"
        aria-describedby="creator-contact-description"
        ref={dialogRef}
        className="fixed inset-x-4 top-1/2 bottom-auto z-50 m-0 mx-auto max-h-[calc(100dvh-2rem)] w-auto max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-paper p-6 text-ink shadow-xl backdrop:bg-transparent sm:p-8"
      >
        <div className="mb-5 flex flex-col gap-1.5 pr-8">
          <h2 id="creator-contact-title" className="font-serif text-2xl font-medium">
            Contact {creator.name}
          </h2>
          <p id="creator-contact-description" className="text-sm text-muted-foreground">
            <CreatorContactIntro name={creator.name} />
          </p>
        </div>
        <CreatorContactForm creatorId={creator.id} onSent={() => closeWith.current()} />
        <Link
          to={closeHref}
          replace
          preventScrollReset
          className="absolute right-4 top-4 rounded-full p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-ink"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close</span>
        </Link>
      </dialog>
    </>
  );
}
