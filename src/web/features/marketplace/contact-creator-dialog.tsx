import { CONTACT_MESSAGES } from '../../../domain/contact-schemas';
import type { CreatorCardData } from '../../../domain/marketplace';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ContactForm } from '../contact/contact-form';

/** The marketplace's Contact dialog: the spec's contact schema, stored and emailed with the creator named. */
export function ContactCreatorDialog({ creator, onClose }: { creator: CreatorCardData; onClose: () => void }) {
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Contact {creator.name}</DialogTitle>
          <DialogDescription>
            Tell us about your project. Our team reads every message and puts you in touch with {creator.name}.
          </DialogDescription>
        </DialogHeader>
        <ContactForm
          formName="creator-contact"
          idPrefix="creator-contact"
          endpoint={`/api/contact/creators/${encodeURIComponent(creator.id)}`}
          successMessage={CONTACT_MESSAGES.marketplaceSuccess}
          failureMessage={CONTACT_MESSAGES.marketplaceFailure}
          onSent={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
