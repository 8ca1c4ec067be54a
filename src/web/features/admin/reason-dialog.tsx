import { FormDialog } from '../../components/form-dialog';
import { useId, useState, type ReactNode } from 'react';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../domain/admin-schemas';
import { type ButtonProps } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  confirmLabel: string;
  dismissLabel?: string;
  confirmVariant?: ButtonProps['variant'];
  isPending: boolean;
  /** Called with the trimmed reason, or undefined when the admin left it empty. */
  onConfirm: (reason: string | undefined) => void;
}

/** A confirmation that may carry an optional note: a rejection reason, a flag decision, a Seal revocation. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, title, description, reasonLabel, reasonHint, confirmLabel, dismissLabel = 'Cancel', confirmVariant = 'primary', isPending, onConfirm } = props;
  const [reason, setReason] = useState('');
  const id = useId();
  const tooLong = reason.trim().length > REASON_MAX;

  const change = (next: boolean) => {
    if (!next) setReason('');
    onOpenChange(next);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onSubmit={() => {
        if (!tooLong) onConfirm(reason.trim() || undefined);
      }}
      cancelLabel={dismissLabel}
      submitLabel={confirmLabel}
      submitVariant={confirmVariant}
      isBusy={isPending}
      canSubmit={!tooLong}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>{reasonLabel}</Label>
        <Textarea
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          rows={4}
          aria-invalid={tooLong || undefined}
          aria-describedby={`${id}-hint${tooLong ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="flex justify-between gap-3 text-sm text-muted-foreground">
          <span>{reasonHint ?? 'Optional.'}</span>
          <span aria-hidden="true">
            {reason.trim().length}/{REASON_MAX}
          </span>
        </p>
        <FieldError id={`${id}-error`} message={tooLong ? ADMIN_MESSAGES.reasonTooLong : undefined} />
      </div>
    </FormDialog>
  );
}
