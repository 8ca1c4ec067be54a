import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { CONTACT_MESSAGES } from '../../../domain/contact-schemas';
import { ContactForm } from '../contact/contact-form';
import { fetchStudio, studioQueryKey } from './api';

/**
 * The Contact dialog reached by its link (`/marketplace?contact=<id>`) before the app's scripts ran, or without
 * them (decision 105). It is part of the page, not a layer the app adds, so the server renders it and the browser
 * keeps it (and anything typed into it) when the app takes over. Its form posts to the page; with the app it sends
 * and thanks in place, as the dialog does. The creator comes with the page (web.ts) when they are public.
 */
export function ContactCreatorPanel({ creatorId, closeHref }: { creatorId: string; closeHref: string }) {
  const navigate = useNavigate();
  const { data: creator } = useQuery({ queryKey: studioQueryKey(creatorId), queryFn: ({ signal }) => fetchStudio(creatorId, signal), retry: false });
  if (!creator) return null;
  return (
    <>
      <div aria-hidden="true" className="fixed inset-0 z-40 bg-ink/40 backdrop-blur-[2px]" />
      <dialog
        open
        aria-labelledby="creator-contact-title"
        aria-describedby="creator-contact-description"
        className="fixed inset-x-4 top-1/2 z-50 m-0 mx-auto max-h-[calc(100dvh-2rem)] w-auto max-w-lg -translate-y-1/2 overflow-y-auto rounded-2xl border border-border bg-paper p-6 text-ink shadow-xl sm:p-8"
      >
        <div className="mb-5 flex flex-col gap-1.5 pr-8">
          <h2 id="creator-contact-title" className="font-serif text-2xl font-medium">
            Contact {creator.name}
          </h2>
          <p id="creator-contact-description" className="text-sm text-muted-foreground">
            Tell us about your project. Our team reads every message and puts you in touch with {creator.name}.
          </p>
        </div>
        <ContactForm
          formName="creator-contact"
          idPrefix="creator-contact"
          endpoint={`/api/contact/creators/${encodeURIComponent(creator.id)}`}
          successMessage={CONTACT_MESSAGES.marketplaceSuccess}
          failureMessage={CONTACT_MESSAGES.marketplaceFailure}
          onSent={() => void navigate(closeHref, { replace: true, preventScrollReset: true })}
        />
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
