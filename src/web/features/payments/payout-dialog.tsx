import { useId, useState } from 'react';
import { PAYMENT_MESSAGES, payoutRequestSchema } from '../../../domain/payment-schemas';
import { DollarField } from '../../components/dollar-field';
import { FormDialog } from '../../components/form-dialog';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { toastActionError } from '../projects/action-errors';
import { centsToDollars, dollarsToCents, formatMoneyCents, useRequestPayout } from './payments-api';

export const PAYOUT_COPY = {
  action: 'Request payout',
  requested: 'Payout requested',
  failed: 'Error requesting the payout',
} as const;

interface PayoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  availableCents: number;
  provider: 'manual' | 'stripe';
}

/** Asks for an amount in dollars (the whole available balance by default) and sends it in cents. */
export function PayoutDialog({ open, onOpenChange, availableCents, provider }: PayoutDialogProps) {
  const id = useId();
  const request = useRequestPayout();
  const [amount, setAmount] = useState(() => centsToDollars(availableCents));
  const [error, setError] = useState<string | undefined>();

  const change = (next: boolean) => {
    setAmount(centsToDollars(availableCents));
    setError(undefined);
    onOpenChange(next);
  };

  const submit = async () => {
    const cents = dollarsToCents(amount);
    if (Number.isNaN(cents)) {
      setError('Enter an amount in dollars, like 120 or 120.50');
      return;
    }
    const parsed = payoutRequestSchema.safeParse({ amountCents: cents });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    if (cents > availableCents) {
      setError(PAYMENT_MESSAGES.payoutTooLarge);
      return;
    }
    setError(undefined);
    try {
      await request.mutateAsync(parsed.data.amountCents);
      toast.success(PAYOUT_COPY.requested);
      change(false);
    } catch (caught) {
      if (caught instanceof ApiError && caught.fields?.amountCents) setError(caught.fields.amountCents);
      else toastActionError(caught, PAYOUT_COPY.failed);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      title="Request a payout"
      description={
        provider === 'stripe'
          ? `You have ${formatMoneyCents(availableCents)} available. It is transferred to your connected account.`
          : `You have ${formatMoneyCents(availableCents)} available. An admin sends it by bank transfer and records the reference; your receipt appears here.`
      }
      onSubmit={() => void submit()}
      cancelLabel="Not now"
      submitLabel={PAYOUT_COPY.action}
      isBusy={request.isPending}
    >
      <DollarField
        id={`${id}-amount`}
        name="amount"
        label="Amount (US dollars)"
        hint="At least $1, at most your available balance."
        error={error}
        className="mt-5"
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
      />
    </FormDialog>
  );
}
