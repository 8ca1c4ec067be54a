import { useId, useState, type ReactNode } from 'react';
import { LoaderCircle } from 'lucide-react';
import { answerNoteSchema } from '../../../domain/milestones';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
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
  /** Resolves when sent; throws the server's error, whose note message is shown under the field. */
  onConfirm: (note: string) => Promise<void>;
}

/** An answer that needs a few words: asking for changes or a revision, or the reason for declining an offer. */
export function NoteDialog({ open, onOpenChange, title, description, noteLabel, confirmLabel, tone = 'primary', isBusy, isBlocked = false, onConfirm }: NoteDialogProps) {
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

  const submit = async () => {
    const parsed = answerNoteSchema.safeParse({ note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onConfirm(parsed.data.note);
      setNote('');
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.note) setError(caught.fields.note);
    }
  };

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {isBlocked ? null : (
            <TextareaField id={`${id}-note`} label={noteLabel} rows={4} value={note} onChange={(event) => setNote(event.target.value)} error={error} />
          )}
          <DialogFooter>
            <Button type="button" variant="ghost" onClick={() => change(false)} disabled={isBusy}>
              Go back
            </Button>
            {isBlocked ? null : (
              <Button type="submit" variant={tone} disabled={isBusy} aria-busy={isBusy || undefined}>
                {isBusy ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                {confirmLabel}
              </Button>
            )}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
