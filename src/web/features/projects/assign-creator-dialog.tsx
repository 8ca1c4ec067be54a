import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { PROJECT_FIELD_MESSAGES, PROJECT_MESSAGES } from '../../../domain/project-schemas';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { useCreatorOptions } from '../client/client-api';
import { toastActionError } from './action-errors';
import { CreatorSelectField } from './creator-select-field';
import { useProjectMutation } from './projects-api';

interface AssignCreatorDialogProps {
  projectId: string;
  projectTitle: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function AssignCreatorDialog({ projectId, projectTitle, open, onOpenChange }: AssignCreatorDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Assign a creator</DialogTitle>
          <DialogDescription>Choose who you would like to make “{projectTitle}”. They will be asked to accept it.</DialogDescription>
        </DialogHeader>
        <AssignForm projectId={projectId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function AssignForm({ projectId, onDone }: { projectId: string; onDone: () => void }) {
  const options = useCreatorOptions(null);
  const mutation = useProjectMutation();
  const [creatorId, setCreatorId] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!creatorId) return setError(PROJECT_FIELD_MESSAGES.creatorRequired);
    try {
      await mutation.mutateAsync({ projectId, action: 'assign_creator', creatorId });
      toast.success(PROJECT_MESSAGES.assigned);
      onDone();
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields?.creatorId) setError(failure.fields.creatorId);
      else toastActionError(failure, PROJECT_MESSAGES.assignFailed);
    }
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label="Assign a creator">
      <CreatorSelectField
        id={`assign-creator-${projectId}`}
        label="Creator"
        allowNone={false}
        options={options.data}
        isLoading={options.isPending}
        value={creatorId}
        onChange={(value) => {
          setCreatorId(value);
          setError(undefined);
        }}
        error={error}
      />
      <DialogFooter className="mt-1">
        <Button type="button" variant="ghost" onClick={onDone} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={mutation.isPending}>
          Assign Creator
        </Button>
      </DialogFooter>
    </form>
  );
}
