import { useId, useState } from 'react';
import { ADMIN_MESSAGES, REASON_MAX } from '../../../domain/admin-schemas';
import { DISPUTE_OUTCOMES, PAYMENT_MESSAGES, type DisputeOutcome } from '../../../domain/payment-schemas';
import { DollarField } from '../../components/dollar-field';
import { FormDialog } from '../../components/form-dialog';
import { FieldError, Label } from '../../components/ui/label';
import { RadioGroup, RadioGroupItem } from '../../components/ui/radio-group';
import { Textarea } from '../../components/ui/textarea';
import { ApiError } from '../../lib/api';
import { dollarsToCents, formatMoneyCents, useProjectFunding } from '../payments/payments-api';

export interface CancelDecision {
  reason?: string;
  outcome: DisputeOutcome;
  creatorCents?: number;
}

const OUTCOME_COPY: Record<DisputeOutcome, { label: string; hint: string }> = {
  refund: { label: 'Refund the client', hint: 'The money held for the milestone goes back to the client in full.' },
  release: { label: 'Release to the creator', hint: 'The creator is paid for the milestone, less the platform fee.' },
  split: { label: 'Split by amount', hint: 'The creator gets the amount you set (less the fee); the rest is refunded to the client.' },
};

interface CancelDecisionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: { id: string; title: string } | null;
  isPending: boolean;
  /** Resolves when decided; a server field message (creatorCents, reason) is shown on its field. */
  onConfirm: (decision: CancelDecision) => Promise<unknown>;
}

/** The admin's decision to cancel a flagged project, with what happens to the money held for the disputed milestone. */
export function CancelDecisionDialog({ open, onOpenChange, project, isPending, onConfirm }: CancelDecisionDialogProps) {
  const id = useId();
  const funding = useProjectFunding(project?.id ?? '', open && project !== null);
  const held = funding.data?.milestones.find((milestone) => milestone.status === 'funded');
  const [outcome, setOutcome] = useState<DisputeOutcome>('refund');
  const [creatorAmount, setCreatorAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ creatorCents?: string; reason?: string }>({});
  const tooLong = reason.trim().length > REASON_MAX;

  const change = (next: boolean) => {
    if (!next) {
      setOutcome('refund');
      setCreatorAmount('');
      setReason('');
      setErrors({});
    }
    onOpenChange(next);
  };

  const submit = async () => {
    let creatorCents: number | undefined;
    if (outcome === 'split') {
      creatorCents = dollarsToCents(creatorAmount);
      if (Number.isNaN(creatorCents) || (held && creatorCents > held.amountCents)) {
        setErrors({ creatorCents: Number.isNaN(creatorCents) ? PAYMENT_MESSAGES.amountFormat : PAYMENT_MESSAGES.splitOutOfRange });
        return;
      }
    }
    if (tooLong) return;
    setErrors({});
    try {
      await onConfirm({ reason: reason.trim() || undefined, outcome, creatorCents });
      change(false);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields) setErrors({ creatorCents: caught.fields.creatorCents, reason: caught.fields.reason });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title={`Cancel “${project?.title ?? ''}”?`}
      description="The project ends for both the client and the creator. Both are emailed. Decide what happens to the money held for the milestone under review."
      onSubmit={() => void submit()}
      cancelLabel="Go back"
      submitLabel="Cancel project"
      submitVariant="destructive"
      isBusy={isPending}
      canSubmit={!tooLong}
    >
      <div className="mt-5 grid gap-5">
        <fieldset className="grid gap-3">
          <legend id={`${id}-outcome`} className="text-sm font-medium text-ink">
            The money
          </legend>
          <p className="text-sm text-muted-foreground">
            {held
              ? `${formatMoneyCents(held.amountCents)} is held in escrow for milestone ${held.position} (“${held.title}”).`
              : funding.isPending
                ? 'Reading what is held in escrow…'
                : 'Nothing is held in escrow for this project now; the outcome is recorded with the decision.'}
          </p>
          <RadioGroup value={outcome} onValueChange={(value) => setOutcome(value as DisputeOutcome)} aria-labelledby={`${id}-outcome`} className="gap-2">
            {DISPUTE_OUTCOMES.map((value) => (
              <div key={value} className="flex items-start gap-3 rounded-xl border border-border p-3 has-[[data-state=checked]]:border-accent has-[[data-state=checked]]:bg-accent-soft/40">
                <RadioGroupItem id={`${id}-${value}`} value={value} aria-describedby={`${id}-${value}-hint`} className="mt-0.5" />
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-${value}`}>{OUTCOME_COPY[value].label}</Label>
                  <p id={`${id}-${value}-hint`} className="text-sm text-muted-foreground">
                    {OUTCOME_COPY[value].hint}
                  </p>
                </div>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
        {outcome === 'split' ? (
          <DollarField
            id={`${id}-creator`}
            name="creatorAmount"
            label="Creator’s share (US dollars, before the fee)"
            hint={held ? `Between $0 and ${formatMoneyCents(held.amountCents)}. The rest is refunded to the client.` : 'The rest is refunded to the client.'}
            error={errors.creatorCents}
            value={creatorAmount}
            onChange={(event) => setCreatorAmount(event.target.value)}
          />
        ) : null}
        <div className="grid gap-2">
          <Label htmlFor={`${id}-reason`}>Note (optional)</Label>
          <Textarea
            id={`${id}-reason`}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            rows={3}
            aria-invalid={tooLong || errors.reason ? true : undefined}
            aria-describedby={`${id}-reason-hint${tooLong || errors.reason ? ` ${id}-reason-error` : ''}`}
          />
          <p id={`${id}-reason-hint`} className="text-sm text-muted-foreground">
            Included in the emails and kept in the audit log.
          </p>
          <FieldError id={`${id}-reason-error`} message={tooLong ? ADMIN_MESSAGES.reasonTooLong : errors.reason} />
        </div>
      </div>
    </FormDialog>
  );
}
