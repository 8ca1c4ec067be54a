import { useState } from 'react';
import { Check, Flag, ImagePlus, LoaderCircle, Send, UserPlus, X } from 'lucide-react';
import { toast } from '../../lib/toast';
import { allowedProjectActions, projectRelation, type ProjectAction } from '../../../domain/project-lifecycle';
import { formatBudget, PROJECT_MESSAGES, type ProjectView } from '../../../domain/project-schemas';
import { Button } from '../../components/ui/button';
import { useSignedInUser } from '../auth/signed-in-user';
import { toastActionError } from './action-errors';
import { AssignCreatorDialog } from './assign-creator-dialog';
import { ConfirmActionDialog } from './confirm-action-dialog';
import { ProjectUploadDialog } from './project-upload-dialog';
import { useProjectMutation, type SimpleProjectAction } from './projects-api';

const OUTCOME: Record<SimpleProjectAction, { success: string; failure: string }> = {
  accept: { success: PROJECT_MESSAGES.accepted, failure: PROJECT_MESSAGES.acceptFailed },
  decline: { success: PROJECT_MESSAGES.declined, failure: PROJECT_MESSAGES.declineFailed },
  approve: { success: PROJECT_MESSAGES.completed, failure: PROJECT_MESSAGES.approveFailed },
  flag: { success: PROJECT_MESSAGES.flagged, failure: PROJECT_MESSAGES.flagFailed },
  cancel: { success: PROJECT_MESSAGES.cancelled, failure: PROJECT_MESSAGES.cancelFailed },
};

type ConfirmedAction = Exclude<SimpleProjectAction, 'accept'>;
type OpenDialog = ConfirmedAction | 'process' | 'deliverable' | 'assign' | null;

export const idsOf = (project: ProjectView) => ({
  clientId: project.client.id,
  makerId: project.creator?.role === 'maker' ? project.creator.id : null,
  mindId: project.creator?.role === 'mind' ? project.creator.id : null,
});

/** The actions the shared state machine allows this viewer on this project, and nothing else. */
export function useAllowedActions(project: ProjectView): ProjectAction[] {
  const user = useSignedInUser();
  const viewer = { role: user.role, relation: projectRelation(user.id, idsOf(project)) };
  return allowedProjectActions({ status: project.status, hasCreator: project.creator !== null, flagged: project.flagged }, viewer);
}

export function ProjectActions({ project }: { project: ProjectView }) {
  const actions = useAllowedActions(project);
  const mutation = useProjectMutation();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [running, setRunning] = useState<SimpleProjectAction | null>(null);

  const run = async (action: SimpleProjectAction) => {
    setRunning(action);
    try {
      await mutation.mutateAsync({ projectId: project.id, action });
      toast.success(OUTCOME[action].success);
    } catch (error) {
      toastActionError(error, OUTCOME[action].failure);
    } finally {
      setRunning(null);
      setDialog(null);
    }
  };

  if (actions.length === 0) return null;
  const can = (action: ProjectAction) => actions.includes(action);
  const busy = running !== null;
  const creatorName = project.creator?.name ?? 'the creator';

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
      title: 'Approve this work?',
      description: `The project will be marked complete and ${formatBudget(project.budget)} goes to ${creatorName}'s earnings.`,
      label: 'Approve Work',
      tone: 'primary',
    },
    flag: {
      title: 'Flag this work for review?',
      description: 'An admin will look at the deliverable with you. The project stays in review until they resolve it.',
      label: 'Flag Work',
      tone: 'destructive',
    },
  };

  return (
    <div className="flex flex-wrap gap-2.5">
      {can('accept') ? (
        <Button size="sm" onClick={() => run('accept')} disabled={busy} aria-busy={running === 'accept' || undefined}>
          {running === 'accept' ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : <Check aria-hidden="true" />}
          Accept Project
        </Button>
      ) : null}
      {can('submit_deliverable') ? (
        <Button size="sm" onClick={() => setDialog('deliverable')} disabled={busy}>
          <Send aria-hidden="true" />
          Submit Deliverable
        </Button>
      ) : null}
      {can('upload_process_doc') ? (
        <Button size="sm" variant="secondary" onClick={() => setDialog('process')} disabled={busy}>
          <ImagePlus aria-hidden="true" />
          Add Process Doc
        </Button>
      ) : null}
      {can('approve') ? (
        <Button size="sm" onClick={() => setDialog('approve')} disabled={busy}>
          <Check aria-hidden="true" />
          Approve Work
        </Button>
      ) : null}
      {can('assign_creator') ? (
        <Button size="sm" onClick={() => setDialog('assign')} disabled={busy}>
          <UserPlus aria-hidden="true" />
          Assign Creator
        </Button>
      ) : null}
      {can('flag') ? (
        <Button size="sm" variant="secondary" onClick={() => setDialog('flag')} disabled={busy}>
          <Flag aria-hidden="true" />
          Flag Work
        </Button>
      ) : null}
      {can('decline') ? (
        <Button size="sm" variant="secondary" onClick={() => setDialog('decline')} disabled={busy}>
          <X aria-hidden="true" />
          Decline Project
        </Button>
      ) : null}
      {can('cancel') ? (
        <Button size="sm" variant="ghost" onClick={() => setDialog('cancel')} disabled={busy}>
          <X aria-hidden="true" />
          Cancel Project
        </Button>
      ) : null}

      {(['decline', 'cancel', 'approve', 'flag'] as const).map((action) => (
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
      <ProjectUploadDialog kind="process" projectId={project.id} open={dialog === 'process'} onOpenChange={(open) => setDialog(open ? 'process' : null)} />
      <ProjectUploadDialog kind="deliverable" projectId={project.id} open={dialog === 'deliverable'} onOpenChange={(open) => setDialog(open ? 'deliverable' : null)} />
      <AssignCreatorDialog projectId={project.id} projectTitle={project.title} open={dialog === 'assign'} onOpenChange={(open) => setDialog(open ? 'assign' : null)} />
    </div>
  );
}
