import { useState } from 'react';
import { Banknote, ShieldCheck, X } from 'lucide-react';
import type { CreatorBalance, PayoutStatus, PayoutView } from '../../../domain/payment-schemas';
import { DownloadLink } from '../../components/download-link';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { StatCard } from '../../components/stat-card';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { formatDate } from '../../../domain/dates';
import { toast } from '../../lib/toast';
import { toastActionError } from '../projects/action-errors';
import { ConfirmActionDialog } from '../projects/confirm-action-dialog';
import { PAYOUT_COPY, PayoutDialog } from './payout-dialog';
import { formatMoneyCents, useCancelPayout, useConnectOnboarding, useConnectReturn, useCreatorBalance } from './payments-api';

const PAYOUT_STATUS: Record<PayoutStatus, { label: string; variant: BadgeProps['variant'] }> = {
  requested: { label: 'Requested', variant: 'outline' },
  paid: { label: 'Paid', variant: 'accent' },
  cancelled: { label: 'Cancelled', variant: 'muted' },
};

export const BALANCE_COPY = {
  loadFailed: "We couldn't load your balance right now.",
  setUpPayouts: 'Set up payouts',
  setUpFailed: 'Error starting the payout set-up',
  historyEmptyTitle: 'No payouts yet',
  historyEmptyDescription: 'When you request a payout it is listed here, and its receipt once it is paid.',
  cancel: 'Cancel request',
  cancelTitle: 'Cancel this payout request?',
  cancelConfirm: 'Cancel Request',
  keep: 'Keep request',
  cancelled: 'Payout request cancelled. The amount is available again.',
  cancelFailed: 'Error cancelling the payout request',
} as const;

/** The creator's money, read from the ledger: the four figures, the payout request and the payout history. */
export function CreatorBalancePanel() {
  const balance = useCreatorBalance();
  const returned = useConnectReturn();
  if (balance.isPending || returned.isPending) return <ListSkeleton rows={2} />;
  if (balance.isError) return <ErrorState message={BALANCE_COPY.loadFailed} onRetry={() => void balance.refetch()} />;
  return <BalanceDetails balance={balance.data} />;
}

function BalanceDetails({ balance }: { balance: CreatorBalance }) {
  const [open, setOpen] = useState(false);
  const onboarding = useConnectOnboarding();
  const needsConnect = balance.provider === 'stripe' && balance.connect !== 'ready';
  const canRequest = balance.availableCents >= 100 && !needsConnect;

  return (
    <div className="grid gap-8">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatCard label="Available" value={<Figure cents={balance.availableCents} />} hint="Yours to pay out" />
        <StatCard label="In escrow" value={<Figure cents={balance.inEscrowCents} />} hint="Released when the client approves" />
        <StatCard
          label="Paid out"
          value={<Figure cents={balance.paidOutCents} />}
          hint={balance.pendingPayoutCents > 0 ? `${formatMoneyCents(balance.pendingPayoutCents)} requested, not paid yet` : 'Sent to you'}
        />
        <StatCard label="Earned total" value={<Figure cents={balance.earnedCents} />} hint="After the platform fee" />
      </div>

      <div className="flex flex-col gap-4 rounded-2xl border border-border bg-surface p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <p className="font-serif text-xl text-ink">{needsConnect ? 'Set up where we pay you' : 'Get paid'}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            {needsConnect
              ? balance.connect === 'pending'
                ? 'Stripe is still checking your details. You can continue the set-up where you left it.'
                : 'Payouts go to a Stripe account in your name. It takes a few minutes to set up.'
              : balance.availableCents >= 100
                ? `${formatMoneyCents(balance.availableCents)} is available to pay out.`
                : 'Money becomes available when a client approves a funded milestone.'}
          </p>
        </div>
        {needsConnect ? (
          <Button
            className="w-full sm:w-auto"
            onClick={() => onboarding.mutate(undefined, { onError: (error) => toastActionError(error, BALANCE_COPY.setUpFailed) })}
            busy={onboarding.isPending}
            icon={<ShieldCheck aria-hidden="true" />}
          >
            {BALANCE_COPY.setUpPayouts}
          </Button>
        ) : (
          <Button className="w-full sm:w-auto" onClick={() => setOpen(true)} disabled={!canRequest}>
            <Banknote aria-hidden="true" />
            {PAYOUT_COPY.action}
          </Button>
        )}
      </div>
      {/* Keyed by the balance so the amount defaults to what is available now. */}
      <PayoutDialog key={balance.availableCents} open={open} onOpenChange={setOpen} availableCents={balance.availableCents} provider={balance.provider} />

      <div>
        <h3 className="text-xl">Payouts</h3>
        {balance.payouts.length === 0 ? (
          <div className="mt-4">
            <EmptyState title={BALANCE_COPY.historyEmptyTitle} description={BALANCE_COPY.historyEmptyDescription} />
          </div>
        ) : (
          <Card className="mt-4">
            <ul aria-label="Payouts" className="divide-y divide-border">
              {balance.payouts.map((payout) => (
                <PayoutRow key={payout.id} payout={payout} />
              ))}
            </ul>
          </Card>
        )}
      </div>
    </div>
  );
}

const Figure = ({ cents }: { cents: number }) => <span className="tabular-nums">{formatMoneyCents(cents)}</span>;

function PayoutRow({ payout }: { payout: PayoutView }) {
  const status = PAYOUT_STATUS[payout.status];
  return (
    <li aria-label={`Payout of ${formatMoneyCents(payout.amountCents)}`} className="grid gap-2 px-5 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-serif text-lg tabular-nums text-ink">{formatMoneyCents(payout.amountCents)}</p>
          <Badge variant={status.variant}>{status.label}</Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Requested <time dateTime={payout.requestedAt}>{formatDate(payout.requestedAt)}</time>
          {payout.paidAt ? (
            <>
              {' · '}Paid <time dateTime={payout.paidAt}>{formatDate(payout.paidAt)}</time>
            </>
          ) : null}
          {payout.reference ? <span className="break-all"> · Reference {payout.reference}</span> : null}
          {payout.paidTo ? <span className="wrap-anywhere"> · To {payout.paidTo}</span> : null}
        </p>
      </div>
      {payout.receiptUrl ? (
        <DownloadLink href={payout.receiptUrl}>
          Download receipt (PDF){payout.receiptNumber ? <span className="sr-only"> {payout.receiptNumber}</span> : null}
        </DownloadLink>
      ) : null}
      {payout.status === 'requested' ? <CancelPayout payout={payout} /> : null}
    </li>
  );
}

/** A request still waiting to be paid can be withdrawn by its creator, after a confirmation (decision 228). */
function CancelPayout({ payout }: { payout: PayoutView }) {
  const [open, setOpen] = useState(false);
  const cancel = useCancelPayout();
  const amount = formatMoneyCents(payout.amountCents);
  const confirm = () =>
    cancel.mutate(payout.id, {
      onSuccess: () => toast.success(BALANCE_COPY.cancelled),
      onError: (error) => toastActionError(error, BALANCE_COPY.cancelFailed),
      onSettled: () => setOpen(false),
    });
  return (
    <>
      <Button size="sm" variant="ghost" className="w-fit" onClick={() => setOpen(true)} aria-label={`${BALANCE_COPY.cancel}: payout of ${amount}`}>
        <X aria-hidden="true" />
        {BALANCE_COPY.cancel}
      </Button>
      <ConfirmActionDialog
        open={open}
        onOpenChange={setOpen}
        title={BALANCE_COPY.cancelTitle}
        description={`Your request for ${amount} will not be paid, and ${amount} goes back to your available balance. You can request a payout again at any time.`}
        confirmLabel={BALANCE_COPY.cancelConfirm}
        cancelLabel={BALANCE_COPY.keep}
        tone="destructive"
        isBusy={cancel.isPending}
        onConfirm={confirm}
      />
    </>
  );
}
