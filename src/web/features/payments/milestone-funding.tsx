import { useState } from 'react';
import { Download, ExternalLink, Hourglass, Wallet } from 'lucide-react';
import { formatCalendarDay } from '../../../domain/dates';
import { FUNDING_STATUS_LABELS, isOverdue, type FundingStatus, type MilestoneFunding, type ProjectFunding } from '../../../domain/payment-schemas';
import { DownloadLink } from '../../components/download-link';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toastActionError } from '../projects/action-errors';
import { BankTransferDetails } from './bank-transfer-details';
import { formatMoneyCents, useFundMilestone } from './payments-api';

const FUNDING_VARIANT: Record<FundingStatus, BadgeProps['variant']> = {
  not_due: 'muted',
  awaiting_funding: 'outline',
  awaiting_payment: 'outline',
  funded: 'accent',
  released: 'solid',
  refunded: 'neutral',
  split: 'neutral',
};

export const FUND_COPY = {
  action: 'Fund milestone',
  payByCard: 'Pay by card',
  failed: 'Error funding the milestone',
  waiting: 'Waiting for the payment to be confirmed',
  downloadInvoice: 'Download invoice (PDF)',
} as const;

export function FundingBadge({ status }: { status: FundingStatus }) {
  return (
    <Badge variant={FUNDING_VARIANT[status]}>
      <Wallet aria-hidden="true" className="size-3" />
      {FUNDING_STATUS_LABELS[status]}
    </Badge>
  );
}

const linkClass = 'inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline';

export function InvoiceLink({ url, number }: { url: string; number: string | null }) {
  return (
    <DownloadLink href={url} aria-label={number ? `${FUND_COPY.downloadInvoice}, invoice ${number}` : undefined}>
      {FUND_COPY.downloadInvoice}
    </DownloadLink>
  );
}

/**
 * An open invoice's due date, as the invoice states it (decision 177): a calendar day, the same wherever it is read.
 * 'Payment due', since the milestone's row also shows when its work is due.
 */
function PaymentDue({ dueDate, overdue }: { dueDate: string; overdue: boolean }) {
  return (
    <span className="text-sm text-muted-foreground">
      Payment due <time dateTime={dueDate}>{formatCalendarDay(dueDate)}</time>
      {/* Past its day and unpaid: both sides see it, as the client's Invoices tab and the admin's queue do (decision 179). */}
      {overdue ? <span className="font-medium text-destructive"> · Overdue</span> : null}
    </span>
  );
}

/** What a settled milestone's money did, in figures both sides can check. */
function SettledAmounts({ funding }: { funding: MilestoneFunding }) {
  if (funding.status !== 'released' && funding.status !== 'refunded' && funding.status !== 'split') return null;
  return (
    <p className="text-sm text-muted-foreground">
      {funding.releasedCents > 0 ? (
        <span>
          Released to the creator: <span className="font-medium text-ink tabular-nums">{formatMoneyCents(funding.releasedCents)}</span> after the fee
        </span>
      ) : null}
      {funding.releasedCents > 0 && funding.refundedCents > 0 ? <span aria-hidden="true"> · </span> : null}
      {funding.refundedCents > 0 ? (
        <span>
          Refunded to the client: <span className="font-medium text-ink tabular-nums">{formatMoneyCents(funding.refundedCents)}</span>
        </span>
      ) : null}
    </p>
  );
}

/**
 * A milestone's money, in its row of the milestone list: the status for both sides, and for the client the way to
 * fund it, its open invoice, or the checkout to return to.
 */
interface MilestoneFundingLineProps {
  funding: MilestoneFunding;
  provider: ProjectFunding['provider'];
  /**
   * The client sees the invoices and the way to pay. The server's status decides what can be paid: approved work
   * stays fundable on a completed or cancelled project (decision 170), so no project status hides the action here.
   */
  isClient: boolean;
  creatorName: string;
}

export function MilestoneFundingLine({ funding, provider, isClient, creatorName }: MilestoneFundingLineProps) {
  const [open, setOpen] = useState(false);
  const payByCard = useFundMilestone();
  const [redirecting, setRedirecting] = useState(false);
  const payment = funding.payment;
  const isOpenPayment = funding.status === 'awaiting_payment' && payment?.status === 'awaiting_payment';
  // A card invoice with no checkout open (the last one expired, or the work was approved before it was funded):
  // asking to fund it again opens a fresh checkout for the same invoice.
  const needsCheckout = isClient && isOpenPayment && payment.provider === 'stripe' && provider === 'stripe' && !payment.checkoutUrl;
  const openCheckout = async () => {
    try {
      const result = await payByCard.mutateAsync(funding.milestoneId);
      if (!result.payment?.checkoutUrl) throw new Error('no checkout');
      setRedirecting(true);
      window.location.assign(result.payment.checkoutUrl);
    } catch (error) {
      toastActionError(error, FUND_COPY.failed);
    }
  };
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <FundingBadge status={funding.status} />
        {isOpenPayment && payment?.invoiceNumber ? <span className="text-sm text-muted-foreground">Invoice {payment.invoiceNumber}</span> : null}
        {isOpenPayment && payment?.dueDate ? <PaymentDue dueDate={payment.dueDate} overdue={isOverdue(payment)} /> : null}
      </div>
      <SettledAmounts funding={funding} />
      {isOpenPayment ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <Hourglass aria-hidden="true" className="size-4" />
            {FUND_COPY.waiting}
          </p>
          {isClient && payment.invoiceUrl ? <InvoiceLink url={payment.invoiceUrl} number={payment.invoiceNumber} /> : null}
          {isClient && payment.bankTransfer ? (
            <details className="group w-full">
              <summary className="w-fit cursor-pointer rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline">How to pay this invoice</summary>
              <BankTransferDetails className="mt-2 max-w-xl" transfer={payment.bankTransfer} amountCents={funding.amountCents} />
            </details>
          ) : null}
          {isClient && payment.checkoutUrl ? (
            <a href={payment.checkoutUrl} className={linkClass}>
              <ExternalLink aria-hidden="true" className="size-4" />
              Continue to payment
            </a>
          ) : null}
          {needsCheckout ? (
            <Button
              size="sm"
              className="w-fit"
              onClick={() => void openCheckout()}
              disabled={payByCard.isPending || redirecting}
              aria-label={`${FUND_COPY.payByCard}: invoice ${payment.invoiceNumber ?? funding.title}`}
            >
              <ExternalLink aria-hidden="true" />
              {FUND_COPY.payByCard}
            </Button>
          ) : null}
        </div>
      ) : null}
      {isClient && funding.status !== 'not_due' && funding.payment?.status === 'paid' && funding.payment.invoiceUrl ? (
        <InvoiceLink url={funding.payment.invoiceUrl} number={funding.payment.invoiceNumber} />
      ) : null}
      {isClient && funding.status === 'awaiting_funding' ? (
        <Button size="sm" className="w-fit" onClick={() => setOpen(true)} aria-label={`${FUND_COPY.action} ${funding.position}: ${funding.title}`}>
          <Wallet aria-hidden="true" />
          {FUND_COPY.action}
        </Button>
      ) : null}
      {/* Stays mounted while open: funding refetches the row, whose status moves on while the dialog shows the invoice. */}
      {isClient && (open || funding.status === 'awaiting_funding') ? (
        <FundMilestoneDialog open={open} onOpenChange={setOpen} funding={funding} provider={provider} creatorName={creatorName} />
      ) : null}
    </div>
  );
}

interface FundMilestoneDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  funding: MilestoneFunding;
  provider: ProjectFunding['provider'];
  creatorName: string;
}

/** Explains escrow before the client commits, then (manual) hands over the invoice or (Stripe) goes to checkout. */
export function FundMilestoneDialog({ open, onOpenChange, funding, provider, creatorName }: FundMilestoneDialogProps) {
  const fund = useFundMilestone();
  const [issued, setIssued] = useState<MilestoneFunding | null>(null);
  const [redirecting, setRedirecting] = useState(false);

  const change = (next: boolean) => {
    if (!next) {
      setIssued(null);
      fund.reset();
    }
    onOpenChange(next);
  };

  const confirm = async () => {
    try {
      const result = await fund.mutateAsync(funding.milestoneId);
      if (result.payment?.checkoutUrl) {
        setRedirecting(true);
        window.location.assign(result.payment.checkoutUrl);
        return;
      }
      setIssued(result);
    } catch (error) {
      toastActionError(error, FUND_COPY.failed);
    }
  };

  const busy = fund.isPending || redirecting;
  const amount = formatMoneyCents(funding.amountCents);

  return (
    <Dialog open={open} onOpenChange={change}>
      <DialogContent>
        {issued?.payment ? (
          <>
            <DialogHeader>
              <DialogTitle>
                Invoice <span className="whitespace-nowrap">{issued.payment.invoiceNumber ?? ''}</span> issued
              </DialogTitle>
              <DialogDescription>
                Pay {amount} by bank transfer, quoting invoice number {issued.payment.invoiceNumber} as the reference.
                {issued.payment.dueDate ? (
                  <>
                    {' '}
                    The invoice is due on <time dateTime={issued.payment.dueDate}>{formatCalendarDay(issued.payment.dueDate)}</time>.
                  </>
                ) : null}{' '}
                Once Humanmade receives it, the milestone shows as funded and the money is held in escrow.
              </DialogDescription>
            </DialogHeader>
            {issued.payment.bankTransfer ? (
              <BankTransferDetails className="mt-5" transfer={issued.payment.bankTransfer} amountCents={funding.amountCents} />
            ) : null}
            <p className="mt-3 flex items-center gap-1.5 text-sm text-muted-foreground">
              <Hourglass aria-hidden="true" className="size-4" />
              {FUND_COPY.waiting}
            </p>
            <DialogFooter>
              {issued.payment.invoiceUrl ? (
                <Button asChild variant="secondary">
                  <a href={issued.payment.invoiceUrl} target="_blank" rel="noopener noreferrer">
                    <Download aria-hidden="true" />
                    {FUND_COPY.downloadInvoice}
                  </a>
                </Button>
              ) : null}
              <Button onClick={() => change(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>
                Fund milestone {funding.position}: {funding.title}
              </DialogTitle>
              <DialogDescription>
                {provider === 'stripe'
                  ? `You pay ${amount} now, by card. Humanmade holds it in escrow while the work is made.`
                  : `Humanmade issues an invoice for ${amount}, to pay by bank transfer. Once it arrives, it is held in escrow while the work is made.`}
              </DialogDescription>
            </DialogHeader>
            <ul className="mt-5 grid gap-3 text-sm leading-relaxed text-ink">
              <li className="rounded-xl border border-border bg-paper p-4">
                <span className="font-medium">Held until you approve.</span> {creatorName} is paid only when you approve this milestone (or when it approves by time after delivery).
              </li>
              <li className="rounded-xl border border-border bg-paper p-4">
                <span className="font-medium">Refunded if cancelled before delivery.</span> If the project is cancelled before the work is delivered, the full {amount} comes back to you.
              </li>
              <li className="rounded-xl border border-border bg-paper p-4">
                {provider === 'stripe' ? (
                  <>
                    <span className="font-medium">Pay by card.</span> You go to a secure Stripe checkout and come back here when it is done.
                  </>
                ) : (
                  <>
                    <span className="font-medium">Pay by bank transfer.</span> We issue an invoice and show you the account to pay into; the milestone is funded when an admin confirms the payment arrived.
                  </>
                )}
              </li>
            </ul>
            <DialogFooter>
              <Button variant="ghost" onClick={() => change(false)} disabled={busy}>
                Not now
              </Button>
              <Button onClick={() => void confirm()} busy={busy}>
                {provider === 'stripe' ? `Pay ${amount}` : `${FUND_COPY.action} (${amount})`}
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
