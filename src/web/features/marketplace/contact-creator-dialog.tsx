import { CONTACT_MESSAGES } from '../../../domain/contact-schemas';
import type { CreatorCardData } from '../../../domain/marketplace';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useSession } from '../../lib/session';
import { ContactForm } from '../contact/contact-form';
import { MessageCreatorDialog } from '../inbox/message-creator-dialog';

/** The marketplace's Contact dialog (for a signed-in client, a message to the creator instead): the spec's contact schema, stored and emailed with the creator named. */
export function ContactCreatorDialog({ creator, onClose }: { creator: CreatorCardData; onClose: () => void }) {
  const { user } = useSession();
  // A signed-in client writes to the creator directly; everyone else keeps the platform's contact form.
  if (user?.role === 'client') return <MessageCreatorDialog creator={creator} onClose={onClose} />;
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
