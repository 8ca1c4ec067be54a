import { CONTACT_MESSAGES } from '../../../domain/contact-copy';
import { ContactForm } from '../contact/contact-form';

// What the marketplace's Contact dialog shows, whether the app opens it (contact-creator-dialog.tsx) or the page
// comes with it (contact-creator-panel.tsx): the contact schema of src/domain/contact-schemas.ts, stored and emailed
// with the creator named.

export function CreatorContactIntro({ name }: { name: string }) {
  return <>Tell us about your project. Our team reads every message and puts you in touch with {name}.</>;
}

export function CreatorContactForm({ creatorId, onSent }: { creatorId: string; onSent: () => void }) {
  return (
    <ContactForm
      formName="creator-contact"
      idPrefix="creator-contact"
      endpoint={`/api/contact/creators/${encodeURIComponent(creatorId)}`}
      successMessage={CONTACT_MESSAGES.marketplaceSuccess}
      failureMessage={CONTACT_MESSAGES.marketplaceFailure}
      onSent={onSent}
    />
  );
}
