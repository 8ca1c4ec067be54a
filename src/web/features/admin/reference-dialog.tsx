import { useId, useState, type ReactNode } from 'react';
import { paymentReceivedSchema } from '../../../domain/payment-schemas';
import { FormDialog } from '../../components/form-dialog';
import { Input } from '../../components/ui/input';
import { FieldError, Label } from '../../components/ui/label';
import { ApiError } from '../../lib/api';

interface ReferenceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  label: string;
  hint: string;
  confirmLabel: string;
  isPending: boolean;
  /** Resolves when recorded; a server field message for `reference` is shown under the field. */
  onConfirm: (reference: string) => Promise<unknown>;
}

/** Records money that moved outside the app (a bank transfer in or out) with the bank's reference. */
export function ReferenceDialog({ open, onOpenChange, title, description, label, hint, confirmLabel, isPending, onConfirm }: ReferenceDialogProps) {
  const id = useId();
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | undefined>();

  const change = (next: boolean) => {
    if (!next) {
      setReference('');
      setError(undefined);
    }
    onOpenChange(next);
  };

  const submit = async () => {
    const parsed = paymentReceivedSchema.safeParse({ reference });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    try {
      await onConfirm(parsed.data.reference);
      change(false);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.reference) setError(caught.fields.reference);
    }
  };

  return (
    <FormDialog open={open} onOpenChange={change} title={title} description={description} onSubmit={() => void submit()} cancelLabel="Go back" submitLabel={confirmLabel} isBusy={isPending}>
      <div className="mt-5 grid gap-2">
        <Label htmlFor={`${id}-reference`}>{label}</Label>
        <Input
          id={`${id}-reference`}
          name="reference"
          autoComplete="off"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        />
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
        <FieldError id={`${id}-error`} message={error} />
      </div>
    </FormDialog>
  );
}
