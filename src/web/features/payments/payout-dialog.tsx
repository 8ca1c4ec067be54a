import { useEffect, useId, useRef, useState } from 'react';
import { Landmark, LoaderCircle } from 'lucide-react';
import { BANK_DETAILS_MESSAGES, type PayoutDetailsView } from '../../../domain/bank-details-schemas';
import { PAYMENT_MESSAGES, payoutRequestSchema } from '../../../domain/payment-schemas';
import { DollarField } from '../../components/dollar-field';
import { DialogFormFooter } from '../../components/form-dialog';
import { ErrorState } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ApiError } from '../../lib/api';
import { toast } from '../../lib/toast';
import { toastActionError } from '../projects/action-errors';
import { PAYOUT_DETAILS_COPY, PayoutDetailsForm } from './payout-details-form';
import { centsToDollars, dollarsToCents, formatMoneyCents, usePayoutDetails, useRequestPayout, useSavePayoutDetails } from './payments-api';

export const PAYOUT_COPY = {
  action: 'Request payout',
  requested: 'Payout requested',
  failed: 'Error requesting the payout',
  detailsTitle: 'Where should we pay you?',
  changeTitle: 'Change where you are paid',
  saveDetails: 'Save payout details',
  change: 'Change',
  loadFailed: "We couldn't load your payout details right now.",
} as const;

interface PayoutDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  availableCents: number;
  provider: 'manual' | 'stripe';
}

/**
 * With the manual provider a payout needs saved bank details (decision 173): the dialog asks for them first, then for
 * an amount in dollars (the whole available balance by default), sent in cents. The server keeps a copy of the
 * details on the request.
 */
export function PayoutDialog({ open, onOpenChange, availableCents, provider }: PayoutDialogProps) {
  const id = useId();
  const isManual = provider === 'manual';
  const details = usePayoutDetails(open && isManual);
  const save = useSavePayoutDetails();
  const request = useRequestPayout();
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState(() => centsToDollars(availableCents));
  const [error, setError] = useState<string | undefined>();

  const change = (next: boolean) => {
    setAmount(centsToDollars(availableCents));
    setError(undefined);
    setEditing(false);
    onOpenChange(next);
  };

  const submit = async () => {
    const cents = dollarsToCents(amount);
    if (Number.isNaN(cents)) {
      setError(PAYMENT_MESSAGES.amountFormat);
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
      else if (caught instanceof ApiError && caught.message === BANK_DETAILS_MESSAGES.payoutDetailsMissing) {
        toast.error(caught.message);
        await details.refetch();
        setEditing(true);
      } else toastActionError(caught, PAYOUT_COPY.failed);
    }
  };

  const step = !isManual ? 'amount' : details.isPending ? 'loading' : details.isError ? 'error' : details.data === null || editing ? 'details' : 'amount';
  const formId = `${id}-payout-details`;

  // The dialog opens while the details load, with focus on its only control (Close). When the form arrives, focus
  // goes to its first field, where a keyboard user would start.
  const content = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    const was = shownStep.current;
    shownStep.current = step;
    if (was !== 'loading' || step === 'loading') return;
    content.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  }, [step]);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent ref={content}>
        {step === 'loading' ? (
          <div className="flex items-center gap-2 py-6 text-sm text-muted-foreground" role="status">
            <DialogTitle className="sr-only">{PAYOUT_COPY.action}</DialogTitle>
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            Loading your payout details…
          </div>
        ) : step === 'error' ? (
          <>
            <DialogHeader>
              <DialogTitle>{PAYOUT_COPY.action}</DialogTitle>
              <DialogDescription>{PAYOUT_COPY.loadFailed}</DialogDescription>
            </DialogHeader>
            <ErrorState message={PAYOUT_COPY.loadFailed} onRetry={() => void details.refetch()} />
          </>
        ) : step === 'details' ? (
          <>
            <DialogHeader>
              <DialogTitle>{details.data ? PAYOUT_COPY.changeTitle : PAYOUT_COPY.detailsTitle}</DialogTitle>
              <DialogDescription>
                Payouts are sent by bank transfer to an account in your name. Only you and Humanmade’s admins can see these details; each payout request keeps the
                details it was made with.
              </DialogDescription>
            </DialogHeader>
            <PayoutDetailsForm
              id={formId}
              current={details.data ?? null}
              onSubmit={async (values) => {
                await save.mutateAsync(values);
                toast.success(PAYOUT_DETAILS_COPY.saved);
                setEditing(false);
              }}
            />
            <DialogFooter>
              <Button type="button" variant="ghost" onClick={() => (editing && details.data ? setEditing(false) : change(false))} disabled={save.isPending}>
                {editing && details.data ? 'Back' : 'Not now'}
              </Button>
              <Button type="submit" form={formId} busy={save.isPending}>
                {PAYOUT_COPY.saveDetails}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <DialogHeader>
              <DialogTitle>Request a payout</DialogTitle>
              <DialogDescription>
                {provider === 'stripe'
                  ? `You have ${formatMoneyCents(availableCents)} available. It is transferred to your connected account.`
                  : `You have ${formatMoneyCents(availableCents)} available. An admin sends it by bank transfer and records the reference; your receipt appears here.`}
              </DialogDescription>
            </DialogHeader>
            {isManual && details.data ? <PaidTo details={details.data} onChange={() => setEditing(true)} /> : null}
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
            <DialogFormFooter onCancel={() => change(false)} cancelLabel="Not now" submitLabel={PAYOUT_COPY.action} isBusy={request.isPending} />
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The account the payout goes to, masked as the server sends it, with the way to change it. */
function PaidTo({ details, onChange }: { details: PayoutDetailsView; onChange: () => void }) {
  return (
    <div className="flex items-start justify-between gap-4 rounded-xl border border-border bg-surface p-4 text-sm">
      <div className="min-w-0">
        <p className="flex items-center gap-2 text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">
          <Landmark aria-hidden="true" className="size-4" />
          Paid to
        </p>
        <p className="mt-2 wrap-anywhere font-medium text-ink">{details.accountHolder}</p>
        <p className="font-mono tracking-tight text-ink">
          {details.accountNumberLabel} {details.accountNumberMasked}
        </p>
        {details.routingCode || details.bankName ? <p className="wrap-anywhere text-muted-foreground">{[details.bankName, details.routingCode].filter(Boolean).join(' · ')}</p> : null}
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={onChange} aria-label="Change payout details">
        {PAYOUT_COPY.change}
      </Button>
    </div>
  );
}
