import { DialogFormFooter } from '../../components/form-dialog';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { toast } from '../../lib/toast';
import type { z } from 'zod';
import { createProjectSchema, PROJECT_MESSAGES, type CreateProjectInput, type ProjectView } from '../../../domain/project-schemas';
import { TextField } from '../../components/text-field';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { useCreatorOptions } from '../client/client-api';
import { showFormError } from './action-errors';
import { BudgetField } from './budget-field';
import { CreatorSelectField } from './creator-select-field';
import { DeliverableTypeField } from './deliverable-type-field';
import { useCreateProject } from './projects-api';
import { TextareaField } from './textarea-field';

interface CreateProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The creator chosen by 'Hire Creator', a curated match or ?hire=; null for a blank project. */
  preselectedCreatorId: string | null;
  onCreated?: (project: ProjectView) => void;
}

export function CreateProjectDialog({ open, onOpenChange, preselectedCreatorId, onCreated }: CreateProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Start a project</DialogTitle>
          <DialogDescription>
            Describe the work and your budget. The project starts as a draft; the creator you choose is asked to accept it.
          </DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a fresh form with the right creator. */}
        <CreateProjectForm preselectedCreatorId={preselectedCreatorId} onDone={() => onOpenChange(false)} onCreated={onCreated} />
      </DialogContent>
    </Dialog>
  );
}

const FIELDS = ['title', 'description', 'deliverableType', 'budget', 'creatorId'] as const;

function CreateProjectForm({ preselectedCreatorId, onDone, onCreated }: { preselectedCreatorId: string | null; onDone: () => void; onCreated?: (project: ProjectView) => void }) {
  const options = useCreatorOptions(preselectedCreatorId);
  const createProject = useCreateProject();
  const form = useForm<z.input<typeof createProjectSchema>, unknown, CreateProjectInput>({
    resolver: zodResolver(createProjectSchema),
    defaultValues: { title: '', description: '', creatorId: preselectedCreatorId },
    // Not on blur: the Title field starts focused, and on a phone its error, shown as the first tap on
    // 'Create Project' blurs it, pushed the button away before the tap landed. Checked on submit, then as they type.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = form.formState;
  const isUnavailable = Boolean(preselectedCreatorId && options.data && !options.data.some((option) => option.id === preselectedCreatorId));

  const onSubmit = async (values: CreateProjectInput) => {
    const creatorId = isUnavailable && values.creatorId === preselectedCreatorId ? null : values.creatorId;
    try {
      const project = await createProject.mutateAsync({ ...values, creatorId });
      toast.success(PROJECT_MESSAGES.created);
      onCreated?.(project);
      onDone();
    } catch (error) {
      showFormError(error, form.setError, FIELDS, PROJECT_MESSAGES.createFailed);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Create project">
      <TextField id="project-title" label="Title" error={errors.title?.message} {...form.register('title')} />
      <TextareaField id="project-description" label="Description" rows={4} error={errors.description?.message} {...form.register('description')} />
      {/* Top-aligned, so an error under one field does not move the one beside it. */}
      <div className="grid items-start gap-5 sm:grid-cols-2">
        <Controller
          control={form.control}
          name="deliverableType"
          render={({ field, fieldState }) => (
            <DeliverableTypeField id="project-deliverable-type" value={field.value} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
          )}
        />
        <BudgetField id="project-budget" error={errors.budget?.message} {...form.register('budget', { valueAsNumber: true })} />
      </div>
      <Controller
        control={form.control}
        name="creatorId"
        render={({ field, fieldState }) => (
          <CreatorSelectField
            id="project-creator"
            label="Creator (optional)"
            allowNone
            options={options.data}
            isLoading={options.isPending}
            value={isUnavailable && field.value === preselectedCreatorId ? null : field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
            hint={isUnavailable ? 'That creator is not available for hire right now. Choose another, or start without one.' : 'Verified, approved creators only. You can also assign one later.'}
          />
        )}
      />
      <DialogFormFooter className="mt-2" onCancel={onDone} submitLabel="Create Project" isBusy={isSubmitting} />
    </form>
  );
}
