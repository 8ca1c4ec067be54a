import { useState } from 'react';
import { Check, Flag, ImagePlus, LogOut, PlusCircle, RotateCcw, Send, UserPlus, X, type LucideIcon } from 'lucide-react';
import { declineNoteSchema, formatCents, waitingOffer } from '../../../domain/milestones';
import { toast } from '../../lib/toast';
import { allowedProjectActions, projectRelation, type ProjectAction } from '../../../domain/project-lifecycle';
import { formatBudget, PROJECT_MESSAGES, type ProjectView } from '../../../domain/project-schemas';
import { Button, type ButtonProps } from '../../components/ui/button';
import { useSignedInUser } from '../auth/signed-in-user';
import { toastActionError } from './action-errors';
import { AssignCreatorDialog } from './assign-creator-dialog';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { NoteDialog } from './note-dialog';
import { AnswerOfferActions, SendOfferAction } from './offer-actions';
import { ProjectUploadDialog } from './project-upload-dialog';
import { useProjectMutation, type SimpleProjectAction } from './projects-api';

type RunAction = SimpleProjectAction | 'allow_extra_revision';

export const MILESTONE_COPY = {
  approved: 'Milestone approved. The next one has started.',
  revisionRequested: 'Revision requested',
  revisionFailed: 'Error requesting revision',
  extraAllowed: 'One more revision round allowed',
  extraFailed: 'Error allowing an extra revision',
} as const;

const OUTCOME: Record<RunAction, { success: string; failure: string }> = {
  allow_extra_revision: { success: MILESTONE_COPY.extraAllowed, failure: MILESTONE_COPY.extraFailed },
  accept: { success: PROJECT_MESSAGES.accepted, failure: PROJECT_MESSAGES.acceptFailed },
  decline: { success: PROJECT_MESSAGES.declined, failure: PROJECT_MESSAGES.declineFailed },
  approve: { success: PROJECT_MESSAGES.completed, failure: PROJECT_MESSAGES.approveFailed },
  flag: { success: PROJECT_MESSAGES.flagged, failure: PROJECT_MESSAGES.flagFailed },
  cancel: { success: PROJECT_MESSAGES.cancelled, failure: PROJECT_MESSAGES.cancelFailed },
};

type ConfirmedAction = Exclude<RunAction, 'accept'>;
type OpenDialog = ConfirmedAction | 'process' | 'deliverable' | 'assign' | 'revision' | 'withdraw' | null;

/** The milestone being worked on or reviewed, named when there are several (one milestone is just "the project"). */
export function currentMilestoneOf(project: ProjectView) {
  const index = project.milestones.findIndex((milestone) => milestone.status !== 'approved');
  const milestone = index === -1 ? undefined : project.milestones[index];
  if (!milestone) return null;
  return {
    milestone,
    isLast: index === project.milestones.length - 1,
    name: project.milestones.length > 1 ? `milestone ${milestone.position} (“${milestone.title}”)` : undefined,
  };
}

/**
 * What approving does with the money, by the milestone's funding (decisions 170 and 185): funded work is released from
 * escrow less the fee; work nobody funded holds no money, so approving it issues its invoice to the client, and an
 * invoice already open stays due. Either way the creator is paid once the client's payment arrives.
 */
function describeApproval(project: ProjectView, current: ReturnType<typeof currentMilestoneOf>, creatorName: string): string {
  const name = current?.name;
  // The milestone's own amount is what is released or invoiced; the budget only when no milestone is current.
  const amount = current ? formatCents(current.milestone.amountCents) : formatBudget(project.budget);
  const midway = name !== undefined && current !== null && !current.isLast;
  const funding = current?.milestone.funding;
  // The server always sends the funding; without it the dialog keeps the escrow wording it has always had.
  if (funding === undefined || funding === 'funded') {
    return midway
      ? `${amount} for ${name} is released to ${creatorName} from escrow, less the platform fee, and the next milestone starts.`
      : `The project will be marked complete and ${amount} is released to ${creatorName} from escrow, less the platform fee.`;
  }
  const what = name ?? 'this work';
  const money =
    funding === 'awaiting_payment'
      ? `${capitalize(what)} is not funded yet, so no money is held for it: its invoice for ${amount} stays due, and ${creatorName} is paid from it, less the platform fee, once you pay it.`
      : `${capitalize(what)} has not been funded, so no money is held for it: you will be invoiced ${amount} for it, and ${creatorName} is paid from it, less the platform fee, once you pay it.`;
  return midway ? `${money} The next milestone starts.` : `The project will be marked complete. ${money}`;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const idsOf = (project: ProjectView) => ({
  clientId: project.client.id,
  makerId: project.creator?.role === 'maker' ? project.creator.id : null,
  mindId: project.creator?.role === 'mind' ? project.creator.id : null,
});

/** The actions the shared state machine allows this viewer on this project, and nothing else. */
export function useAllowedActions(project: ProjectView): ProjectAction[] {
  const user = useSignedInUser();
  const viewer = { role: user.role, relation: projectRelation(user.id, idsOf(project)) };
  // The rounds left decide whether the creator's 'Allow an Extra Revision' belongs (only once none are left).
  return allowedProjectActions({ status: project.status, hasCreator: project.creator !== null, flagged: project.flagged, revisionsLeft: project.revisions.left }, viewer);
}

export function ProjectActions({ project }: { project: ProjectView }) {
  const actions = useAllowedActions(project);
  const mutation = useProjectMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [running, setRunning] = useState<RunAction | 'request_revision' | 'withdraw' | null>(null);
  const current = currentMilestoneOf(project);
  const isMidway = current !== null && !current.isLast;

  const run = async (action: RunAction) => {
    setRunning(action);
    try {
      await mutation.mutateAsync({ projectId: project.id, action });
      toast.success(action === 'approve' && isMidway ? MILESTONE_COPY.approved : OUTCOME[action].success);
    } catch (error) {
      toastActionError(error, OUTCOME[action].failure);
    } finally {
      setRunning(null);
      setDialog(null);
    }
  };

  /** An action sent with the person's note (a revision asked for, a withdrawal): the dialog stays open on failure. */
  const runWithNote = (action: 'request_revision' | 'withdraw', copy: { done: string; failed: string }) => async (note: string) => {
    setRunning(action);
    try {
      await mutation.mutateAsync({ projectId: project.id, action, note });
      toast.success(copy.done);
      setDialog(null);
    } catch (error) {
      toastActionError(error, copy.failed);
      throw error;
    } finally {
      setRunning(null);
    }
  };
  const requestRevision = runWithNote('request_revision', { done: MILESTONE_COPY.revisionRequested, failed: MILESTONE_COPY.revisionFailed });
  const withdraw = runWithNote('withdraw', { done: PROJECT_MESSAGES.withdrawn, failed: PROJECT_MESSAGES.withdrawFailed });

  if (actions.length === 0) return null;
  // Plain Accept (one milestone for the whole budget) would replace the creator's own offer while it waits for the
  // client (decision 151), so it is not offered beside 'Send a New Version' then. The server still allows it.
  const hasWaitingOffer = waitingOffer(project.offers) !== undefined;
  const can = (action: ProjectAction) => actions.includes(action) && !(action === 'accept' && hasWaitingOffer);
  const busy = running !== null;
  const creatorName = project.creator?.name ?? 'the creator';
  const approveDescription = describeApproval(project, current, creatorName);
  const roundsLeft = project.revisions.left;
  const isRevising = current?.milestone.status === 'revision_requested';
  // In the order they show; each opens its dialog, which asks or collects what the action needs.
  const dialogButtons: Array<{ action: ProjectAction; dialog: Exclude<OpenDialog, null>; Icon: LucideIcon; label: string; variant?: ButtonProps['variant'] }> = [
    {
      action: 'submit_deliverable',
      dialog: 'deliverable',
      Icon: Send,
      // After a revision request the work goes back in: 'Resubmit', so the card's next step reads as one.
      label: `${isRevising ? 'Resubmit' : 'Submit'} ${current?.name ? `Milestone ${current.milestone.position}` : 'Deliverable'}`,
    },
    { action: 'upload_process_doc', dialog: 'process', Icon: ImagePlus, label: 'Add Process Doc', variant: 'secondary' },
    { action: 'approve', dialog: 'approve', Icon: Check, label: current?.name ? `Approve Milestone ${current.milestone.position}` : 'Approve Work' },
    { action: 'request_revision', dialog: 'revision', Icon: RotateCcw, label: 'Ask for a Revision', variant: 'secondary' },
    { action: 'assign_creator', dialog: 'assign', Icon: UserPlus, label: 'Assign Creator' },
    { action: 'flag', dialog: 'flag', Icon: Flag, label: 'Flag Work', variant: 'secondary' },
    { action: 'allow_extra_revision', dialog: 'allow_extra_revision', Icon: PlusCircle, label: 'Allow an Extra Revision', variant: 'ghost' },
    { action: 'decline', dialog: 'decline', Icon: X, label: 'Decline Project', variant: 'secondary' },
    { action: 'cancel', dialog: 'cancel', Icon: X, label: 'Cancel Project', variant: 'ghost' },
    { action: 'withdraw', dialog: 'withdraw', Icon: LogOut, label: 'Withdraw from Project', variant: 'ghost' },
  ];
  // What withdrawing does to the money (decision 193): held money for unapproved work goes back; approved work stays paid.
  const heldForCurrent = current?.milestone.funding === 'funded' ? `The ${formatCents(current.milestone.amountCents)} held for ${current.name ?? 'the work'} goes back to ${project.client.name}. ` : '';
  const hasApproved = project.milestones.some((milestone) => milestone.status === 'approved');

  const confirmations: Record<ConfirmedAction, { title: string; description: string; label: string; tone: 'primary' | 'destructive' }> = {
    decline: {
      title: 'Decline this project?',
      description: `“${project.title}” will be cancelled and ${project.client.name} will be told by email.`,
      label: 'Decline Project',
      tone: 'destructive',
    },
    cancel: {
      title: 'Cancel this project?',
      description: `The draft “${project.title}” will be cancelled.${project.creator ? ` ${creatorName} will be told by email.` : ''}`,
      label: 'Cancel Project',
      tone: 'destructive',
    },
    approve: {
      title: current?.name ? `Approve ${current.name}?` : 'Approve this work?',
      description: approveDescription,
      label: 'Approve Work',
      tone: 'primary',
    },
    flag: {
      title: 'Flag this work for review?',
      description: 'An admin will look at the deliverable with you. The project stays in review until they resolve it.',
      label: 'Flag Work',
      tone: 'destructive',
    },
    allow_extra_revision: {
      title: 'Allow an extra revision?',
      description: `${project.client.name} gets one more revision round than the offer included. ${roundsLeft === 0 ? 'None are left now.' : `${roundsLeft} ${roundsLeft === 1 ? 'is' : 'are'} left now.`}`,
      label: 'Allow Extra Revision',
      tone: 'primary',
    },
  };

  return (
    <div className="flex flex-wrap gap-2.5">
      {can('answer_offer') ? <AnswerOfferActions project={project} /> : null}
      {can('accept') ? (
        <Button size="sm" onClick={() => run('accept')} disabled={busy} busy={running === 'accept'} icon={<Check aria-hidden="true" />}>
          Accept Project
        </Button>
      ) : null}
      {can('send_offer') ? <SendOfferAction project={project} disabled={busy} /> : null}
      {dialogButtons
        .filter((button) => can(button.action))
        .map(({ action, dialog: opens, Icon, label, variant }) => (
          <Button key={action} size="sm" variant={variant} onClick={() => setDialog(opens)} disabled={busy}>
            <Icon aria-hidden="true" />
            {label}
          </Button>
        ))}

      {(['decline', 'cancel', 'approve', 'flag', 'allow_extra_revision'] as const).map((action) => (
        <ConfirmActionDialog
          key={action}
          open={dialog === action}
          onOpenChange={(open) => setDialog(open ? action : null)}
          title={confirmations[action].title}
          description={confirmations[action].description}
          confirmLabel={confirmations[action].label}
          tone={confirmations[action].tone}
          isBusy={running === action}
          onConfirm={() => run(action)}
        />
      ))}
      <NoteDialog
        open={dialog === 'revision'}
        onOpenChange={(open) => setDialog(open ? 'revision' : null)}
        title={current?.name ? `Ask for a revision of ${current.name}?` : 'Ask for a revision?'}
        description={
          roundsLeft === 0
            ? `No revision rounds are left. ${creatorName} can allow an extra one from their card; until then, approve the work or flag it for an admin.`
            : `${roundsLeft === 1 ? 'This uses your last revision round.' : `This uses one of your ${roundsLeft} revision rounds left.`} ${creatorName} reworks the milestone and submits it again.`
        }
        noteLabel="What should change?"
        confirmLabel="Ask for Revision"
        isBusy={running === 'request_revision'}
        isBlocked={roundsLeft === 0}
        onConfirm={requestRevision}
      />
      <NoteDialog
        open={dialog === 'withdraw'}
        onOpenChange={(open) => setDialog(open ? 'withdraw' : null)}
        title="Withdraw from this project?"
        description={`“${project.title}” will be cancelled and ${project.client.name} told your reason. ${heldForCurrent}${hasApproved ? 'What was approved stays yours. ' : ''}This cannot be undone.`}
        noteLabel="Why are you withdrawing?"
        confirmLabel="Withdraw"
        tone="destructive"
        schema={declineNoteSchema}
        isBusy={running === 'withdraw'}
        onConfirm={withdraw}
      />
      <ProjectUploadDialog kind="process" projectId={project.id} milestone={current?.name} open={dialog === 'process'} onOpenChange={(open) => setDialog(open ? 'process' : null)} />
      <ProjectUploadDialog
        kind="deliverable"
        projectId={project.id}
        milestone={current?.name}
        revisionNote={isRevising ? current.milestone.revisionNote : null}
        open={dialog === 'deliverable'}
        onOpenChange={(open) => setDialog(open ? 'deliverable' : null)}
      />
      <AssignCreatorDialog projectId={project.id} projectTitle={project.title} open={dialog === 'assign'} onOpenChange={(open) => setDialog(open ? 'assign' : null)} />
    </div>
  );
}
