import { useRef, useState } from 'react';
import { Check, FilePenLine, MessageSquareText, X } from 'lucide-react';
import { declineNoteSchema, formatCents, formatRevisionRounds, waitingOffer } from '../../../domain/milestones';
import type { ProjectView } from '../../../domain/project-schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { toastActionError } from './action-errors';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { NoteDialog } from './note-dialog';
import { OfferDialog } from './offer-dialog';
import { useProjectMutation, type NoteAction } from './projects-api';

export const OFFER_ANSWER_COPY = {
  accepted: 'Offer accepted. The first milestone has started.',
  acceptFailed: 'Error accepting offer',
  changesRequested: 'Your note was sent. The creator can send a new version.',
  changesFailed: 'Error asking for changes',
  declined: 'Offer declined',
  declineFailed: 'Error declining offer',
} as const;

/** The creator's 'Send an offer' (or a new version of it). */
export function SendOfferAction({ project, disabled }: { project: ProjectView; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} disabled={disabled}>
        <FilePenLine aria-hidden="true" />
        {project.offers.length > 0 ? 'Send a New Version' : 'Send an Offer'}
      </Button>
      <OfferDialog project={project} open={open} onOpenChange={setOpen} />
    </>
  );
}

type OfferNoteAction = Extract<NoteAction, 'request_changes' | 'decline_offer'>;

/** The client's answers to the latest version while it waits: accept, ask for changes, or decline with a reason. */
export function AnswerOfferActions({ project }: { project: ProjectView }) {
  const mutation = useProjectMutation();
  const [dialog, setDialog] = useState<'accept_offer' | OfferNoteAction | null>(null);
  const [running, setRunning] = useState<'accept_offer' | OfferNoteAction | null>(null);
  const acceptButton = useRef<HTMLButtonElement>(null);
  const offer = waitingOffer(project.offers);
  if (!offer) return null;
  const creatorName = project.creator?.name ?? 'The creator';
  const count = offer.milestones.length;

  const accept = async () => {
    setRunning('accept_offer');
    try {
      await mutation.mutateAsync({ projectId: project.id, action: 'accept_offer', version: offer.version });
      toast.success(OFFER_ANSWER_COPY.accepted);
    } catch (error) {
      toastActionError(error, OFFER_ANSWER_COPY.acceptFailed);
    } finally {
      setRunning(null);
      setDialog(null);
    }
  };

  const answer = async (action: OfferNoteAction, note: string) => {
    const copy = action === 'decline_offer' ? [OFFER_ANSWER_COPY.declined, OFFER_ANSWER_COPY.declineFailed] : [OFFER_ANSWER_COPY.changesRequested, OFFER_ANSWER_COPY.changesFailed];
    setRunning(action);
    try {
      await mutation.mutateAsync({ projectId: project.id, action, version: offer.version, note });
      toast.success(copy[0]);
      setDialog(null);
    } catch (error) {
      toastActionError(error, copy[1]);
      throw error;
    } finally {
      setRunning(null);
    }
  };

  const busy = running !== null;
  return (
    <>
      {/* Accepting commits the whole price, so it asks first, like every other answer. */}
      <Button ref={acceptButton} size="sm" onClick={() => setDialog('accept_offer')} disabled={busy} busy={running === 'accept_offer'} icon={<Check aria-hidden="true" />}>
        Accept Offer
      </Button>
      <Button size="sm" variant="secondary" onClick={() => setDialog('request_changes')} disabled={busy}>
        <MessageSquareText aria-hidden="true" />
        Ask for Changes
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setDialog('decline_offer')} disabled={busy}>
        <X aria-hidden="true" />
        Decline Offer
      </Button>
      <ConfirmActionDialog
        open={dialog === 'accept_offer'}
        onOpenChange={(open) => setDialog(open ? 'accept_offer' : null)}
        title={`Accept version ${offer.version} of the offer?`}
        description={`You agree to pay ${formatCents(offer.priceCents)} in ${count} ${count === 1 ? 'milestone' : 'milestones'}, with ${formatRevisionRounds(offer.revisionRounds)} included. ${creatorName} starts on the first milestone, and you fund each milestone as it starts.`}
        confirmLabel="Accept Offer"
        cancelLabel="Cancel"
        returnFocusRef={acceptButton}
        isBusy={running === 'accept_offer'}
        onConfirm={() => void accept()}
      />
      <NoteDialog
        open={dialog === 'request_changes'}
        onOpenChange={(open) => setDialog(open ? 'request_changes' : null)}
        title={`Ask for changes to version ${offer.version}?`}
        description={`${creatorName} sees your note in the offer and the project's conversation, and can send a new version.`}
        noteLabel="What should change?"
        confirmLabel="Send Note"
        isBusy={running === 'request_changes'}
        onConfirm={(note) => answer('request_changes', note)}
      />
      <NoteDialog
        open={dialog === 'decline_offer'}
        onOpenChange={(open) => setDialog(open ? 'decline_offer' : null)}
        title="Decline this offer?"
        description={`${creatorName}'s offer of ${formatCents(offer.priceCents)} is declined, and the draft is yours to assign to someone else.`}
        noteLabel="Reason for declining"
        schema={declineNoteSchema}
        confirmLabel="Decline Offer"
        tone="destructive"
        isBusy={running === 'decline_offer'}
        onConfirm={(note) => answer('decline_offer', note)}
      />
    </>
  );
}
