import type { CreatorCardData } from '../../../domain/marketplace';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useSession } from '../../lib/session';
import { MessageCreatorDialog } from '../inbox/message-creator-dialog';
import { CreatorContactForm, CreatorContactIntro } from './creator-contact-form';

/** The marketplace's Contact dialog (for a signed-in client, a message to the creator instead): the contact schema of contact-schemas.ts, stored and emailed with the creator named. */
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
            <CreatorContactIntro name={creator.name} />
          </DialogDescription>
        </DialogHeader>
        <CreatorContactForm creatorId={creator.id} onSent={onClose} />
      </DialogContent>
    </Dialog>
  );
}
