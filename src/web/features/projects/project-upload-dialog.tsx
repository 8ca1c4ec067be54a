import { DialogFormFooter } from '../../components/form-dialog';
import { useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { fileTooLargeMessage } from '../../../domain/messages';
import { PROCESS_DOC_HINT, PROJECT_FIELD_MESSAGES, PROJECT_MESSAGES } from '../../../domain/project-schemas';
import { UPLOAD_RULES } from '../../../domain/upload-policy';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { FieldError, Label } from '../../components/ui/label';
import { fieldControlClass } from '../../components/ui/input';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/utils';
import { toastActionError } from './action-errors';
import { useProjectMutation } from './projects-api';
import { TextareaField } from './textarea-field';

type UploadKind = 'process' | 'deliverable';

const COPY = {
  process: {
    title: 'Add a process doc',
    description: PROCESS_DOC_HINT,
    fileLabel: 'Process screenshot',
    rule: UPLOAD_RULES.processScreenshot,
    accept: 'image/png,image/jpeg,image/gif,image/webp',
    required: PROJECT_FIELD_MESSAGES.processFileRequired,
    submit: 'Upload Process Doc',
    success: PROJECT_MESSAGES.processDocUploaded,
    failure: PROJECT_MESSAGES.processDocFailed,
  },
  deliverable: {
    title: 'Submit your deliverable',
    description: 'Upload the finished work. Your client will review it and approve it, ask for a revision, or flag it for an admin.',
    fileLabel: 'Deliverable file',
    rule: UPLOAD_RULES.deliverable,
    accept: 'image/png,image/jpeg,image/gif,image/webp,application/pdf',
    required: PROJECT_FIELD_MESSAGES.deliverableFileRequired,
    submit: 'Submit for Review',
    success: PROJECT_MESSAGES.deliverableSubmitted,
    failure: PROJECT_MESSAGES.deliverableFailed,
  },
} as const;

interface ProjectUploadDialogProps {
  kind: UploadKind;
  projectId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The current milestone, named when the project has several, e.g. 'milestone 2 (“Layouts”)'. */
  milestone?: string;
  /** A deliverable sent back: what the client asked to change, kept in sight while the revised work is chosen. */
  revisionNote?: string | null;
}

export function ProjectUploadDialog({ kind, projectId, open, onOpenChange, milestone, revisionNote }: ProjectUploadDialogProps) {
  const copy = COPY[kind];
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{copy.title}</DialogTitle>
          <DialogDescription>
            {milestone ? `For ${milestone}. ` : null}
            {kind === 'deliverable' && milestone
              ? 'Upload the work for this milestone. Your client will review it and approve it, ask for a revision, or flag it for an admin.'
              : copy.description}
          </DialogDescription>
        </DialogHeader>
        {kind === 'deliverable' && revisionNote ? (
          <div className="rounded-xl border border-border bg-paper px-4 py-3 text-sm">
            <p className="font-medium text-ink">The client asked for this revision:</p>
            <p className="mt-1 whitespace-pre-line wrap-anywhere text-muted-foreground">{revisionNote}</p>
          </div>
        ) : null}
        <UploadForm kind={kind} projectId={projectId} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function UploadForm({ kind, projectId, onDone }: { kind: UploadKind; projectId: string; onDone: () => void }) {
  const copy = COPY[kind];
  const mutation = useProjectMutation();
  const [file, setFile] = useState<File | null>(null);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<{ file?: string; description?: string }>({});
  const fileId = `${kind}-file-${projectId}`;
  const descriptionId = `${kind}-description-${projectId}`;
  // A refusal takes the focus to the field it is about, as the app's other forms do: from the button, a keyboard
  // user would otherwise have nowhere to act on the message.
  const refuse = (next: { file?: string; description?: string }) => {
    setErrors(next);
    const field = next.file ? fileId : next.description ? descriptionId : null;
    if (field) document.getElementById(field)?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return refuse({ file: copy.required });
    // Checked here too so that nobody waits for a 20 MB upload only to be refused.
    if (file.size > copy.rule.maxMb * 1024 * 1024) return refuse({ file: fileTooLargeMessage(copy.rule.maxMb) });
    setErrors({});
    const form = new FormData();
    if (kind === 'process' && description.trim()) form.append('description', description.trim());
    form.append('file', file);
    try {
      await mutation.mutateAsync({ projectId, action: kind === 'process' ? 'upload_process_doc' : 'submit_deliverable', form });
      toast.success(copy.success);
      onDone();
    } catch (error) {
      if (error instanceof ApiError && (error.fields?.file || error.fields?.description)) {
        refuse({ file: error.fields.file, description: error.fields.description });
      } else {
        toastActionError(error, copy.failure);
      }
    }
  };

  const describedBy = [errors.file ? `${fileId}-error` : null, `${fileId}-hint`].filter(Boolean).join(' ');
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5" aria-label={copy.title}>
      <div className="grid gap-2">
        <Label htmlFor={fileId}>{copy.fileLabel}</Label>
        <input
          id={fileId}
          type="file"
          accept={copy.accept}
          aria-invalid={errors.file ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            // The message was about the file chosen before; a new choice is checked when it is sent.
            setErrors((current) => ({ ...current, file: undefined }));
          }}
          className={cn(
            fieldControlClass,
            'h-auto py-2 text-sm file:mr-3 file:rounded-full file:border-0 file:bg-muted file:px-3.5 file:py-1.5 file:text-sm file:font-medium file:text-ink',
          )}
        />
        <p id={`${fileId}-hint`} className="text-sm text-muted-foreground">
          {kind === 'process' ? 'A JPG, PNG, GIF or WebP image' : 'A JPG, PNG, GIF or WebP image, or a PDF'}, up to {copy.rule.maxMb} MB.
        </p>
        <FieldError id={`${fileId}-error`} message={errors.file} />
      </div>
      {kind === 'process' ? (
        <TextareaField
          id={descriptionId}
          label="What does it show? (optional)"
          rows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={errors.description}
        />
      ) : null}
      <DialogFormFooter className="mt-1" onCancel={onDone} submitLabel={copy.submit} isBusy={mutation.isPending} />
    </form>
  );
}
