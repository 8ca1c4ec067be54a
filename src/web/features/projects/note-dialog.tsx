import { FormDialog } from '../../components/form-dialog';
import { useId, useState, type ReactNode } from 'react';
import { answerNoteSchema } from '../../../domain/milestones';
import { ApiError } from '../../lib/api';
import { TextareaField } from './textarea-field';

interface NoteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  noteLabel: string;
  confirmLabel: string;
  tone?: 'primary' | 'destructive';
  isBusy: boolean;
  /** When the answer cannot be sent now (no revision rounds left): the description says why. */
  isBlocked?: boolean;
  /** The note's rule, whose message answers the field's question: what should change (the default), or why decline. */
  schema?: typeof answerNoteSchema;
  /** Resolves when sent; throws the server's error, whose note message is shown under the field. */
  onConfirm: (note: string) => Promise<void>;
}

/** An answer that needs a few words: asking for changes or a revision, or the reason for declining an offer. */
export function NoteDialog({ open, onOpenChange, title, description, noteLabel, confirmLabel, tone = 'primary', isBusy, isBlocked = false, schema = answerNoteSchema, onConfirm }: NoteDialogProps) {
  const id = useId();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();

  const change = (next: boolean) => {
    if (!next) {
      setNote('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  // A refused note takes the focus back to its field, as the app's other forms do: someone who pressed Enter on the
  // button types the fix next, rather than into the button.
  const refuse = (message: string | undefined) => {
    setError(message);
    document.getElementById(`${id}-note`)?.focus();
  };

  const submit = async () => {
    const parsed = schema.safeParse({ note });
    if (!parsed.success) {
      refuse(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onConfirm(parsed.data.note);
      setNote('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.note) refuse(caught.fields.note);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onSubmit={() => void submit()}
      cancelLabel="Go back"
      submitLabel={isBlocked ? undefined : confirmLabel}
      submitVariant={tone}
      isBusy={isBusy}
    >
      {isBlocked ? null : (
        <TextareaField
          id={`${id}-note`}
          label={noteLabel}
          rows={4}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            // Checked on submit, then again as they type, so a message shown stays true.
            if (error) setError(schema.safeParse({ note: event.target.value }).error?.issues[0]?.message);
          }}
          error={error}
        />
      )}
    </FormDialog>
  );
}
