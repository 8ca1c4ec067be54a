import { FormDialog } from '../../components/form-dialog';
import { useId, useRef, useState, type ReactNode } from 'react';
import type { ZodType } from 'zod';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../domain/admin-schemas';
import { type ButtonProps } from '../../components/ui/button';
import { FieldError, Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';

interface ReasonDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  reasonLabel: string;
  reasonHint?: string;
  /** The reason must be given: the field says so, and is marked required. */
  isRequired?: boolean;
  /** The request's body schema ({ reason }); its message is shown under the field before anything is sent. */
  schema?: ZodType;
  confirmLabel: string;
  dismissLabel?: string;
  confirmVariant?: ButtonProps['variant'];
  isPending: boolean;
  /**
   * Called with the trimmed reason, or undefined when the admin left it empty. When it returns a promise that
   * rejects with the server's message for `reason`, that message is shown under the field.
   */
  onConfirm: (reason: string | undefined) => unknown;
}

/** A confirmation that carries a note, optional or required: a rejection reason, a flag decision, a Seal revocation. */
export function ReasonDialog(props: ReasonDialogProps) {
  const { open, onOpenChange, title, description, reasonLabel, reasonHint, isRequired = false, schema, confirmLabel, dismissLabel = 'Cancel', confirmVariant = 'primary', isPending, onConfirm } = props;
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const tooLong = reason.trim().length > REASON_MAX;
  const shownError = tooLong ? ADMIN_MESSAGES.reasonTooLong : error;

  const validate = (text: string) => (schema ? schema.safeParse({ reason: text }).error?.issues[0]?.message : undefined);

  const showError = (message: string) => {
    setError(message);
    // Focus goes to the field with its message, not to a toast behind the dialog's overlay.
    field.current?.focus();
  };

  const change = (next: boolean) => {
    if (!next) {
      setReason('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    if (tooLong) return;
    const refused = validate(reason);
    if (refused) {
      showError(refused);
      return;
    }
    setError(undefined);
    try {
      await onConfirm(reason.trim() || undefined);
    } catch (caught) {
      // Any other failure is the caller's toast; a message about the reason belongs under the field.
      if (caught instanceof ApiError && caught.fields?.reason) showError(caught.fields.reason);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={title}
      description={description}
      onSubmit={() => void submit()}
      cancelLabel={dismissLabel}
      submitLabel={confirmLabel}
      submitVariant={confirmVariant}
      isBusy={isPending}
      canSubmit={!tooLong}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-reason`}>{reasonLabel}</Label>
        <Textarea
          ref={field}
          id={`${id}-reason`}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            // Checked again as they type, so a message shown stays true.
            if (error) setError(validate(event.target.value));
          }}
          rows={4}
          required={isRequired}
          aria-required={isRequired || undefined}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="flex justify-between gap-3 text-sm text-muted-foreground">
          <span>{reasonHint ?? (isRequired ? 'Required.' : 'Optional.')}</span>
          <span aria-hidden="true">
            {reason.trim().length}/{REASON_MAX}
          </span>
        </p>
        <FieldError id={`${id}-error`} message={shownError} />
      </div>
    </FormDialog>
  );
}
