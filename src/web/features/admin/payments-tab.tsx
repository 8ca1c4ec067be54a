import { useState } from 'react';
import { Link } from 'react-router';
import { Download, Landmark } from 'lucide-react';
import { PLATFORM_BANK_COPY, type BankDetails } from '../../../domain/bank-details-schemas';
import { formatCalendarDay } from '../../../domain/dates';
import { isOverdue, LEDGER_ACCOUNT_KINDS, type AdminPayments, type LedgerAccountKind, type Reconciliation } from '../../../domain/payment-schemas';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { cn } from '../../lib/utils';
import { BankDetailsList } from '../payments/bank-transfer-details';
import { formatMoneyCents, forWhat } from '../payments/payments-api';
import { QueryList, RowCard, SectionHeading } from './admin-bits';
import { ADMIN_KEY, useAdminAction, useAdminQuery } from './admin-data';
import { formatDate } from './format';
import { FailedStripeJobsSection } from './failed-stripe-jobs';
import { MoneyRow } from './money-row';
import { invoicedTo, PaymentHistorySection } from './payment-history';
import { ReferenceDialog } from './reference-dialog';

type PaymentRow = AdminPayments['toConfirm'][number];
type PayoutRow = AdminPayments['toPay'][number];
type RefundRow = AdminPayments['toRefund'][number];

const paymentKeys = { payments: [...ADMIN_KEY, 'payments'], reconciliation: [...ADMIN_KEY, 'reconciliation'] } as const;

export const PAYMENTS_COPY = {
  received: 'Payment received',
  receivedDone: 'Payment recorded as received',
  receivedFailed: 'Error recording the payment',
  paid: 'Record as paid',
  paidDone: 'Payout recorded as paid',
  paidFailed: 'Error recording the payout',
  refundSent: 'Record refund as sent',
  refundSentDone: 'Refund recorded as sent',
  refundSentFailed: 'Error recording the refund',
} as const;

export const KIND_LABELS: Record<LedgerAccountKind, string> = {
  funding: 'Client funding',
  escrow: 'Escrow',
  creator_payable: 'Creator payable',
  platform_fees: 'Platform fees',
  paid_out: 'Paid out',
  refunded: 'Refunded',
};

/**
 * Money that waits for an admin (manual provider), Stripe's transfers and refunds that ran out of attempts (Stripe
 * provider), the ledger's proof that it balances, and the history of payments received and payouts paid.
 */
export function PaymentsTab() {
  const query = useAdminQuery<AdminPayments>(paymentKeys.payments, '/api/admin/payments');
  const [confirming, setConfirming] = useState<PaymentRow | null>(null);
  const [paying, setPaying] = useState<PayoutRow | null>(null);
  const [refunding, setRefunding] = useState<RefundRow | null>(null);
  const refundSent = useAdminAction<{ id: string; reference: string }>({
    request: ({ id, reference }) => ({ path: `/api/admin/refunds/${encodeURIComponent(id)}/sent`, init: { method: 'POST', body: { reference } } }),
    success: PAYMENTS_COPY.refundSentDone,
    failure: PAYMENTS_COPY.refundSentFailed,
  });
  const received = useAdminAction<{ id: string; reference: string }>({
    request: ({ id, reference }) => ({ path: `/api/admin/payments/${encodeURIComponent(id)}/received`, init: { method: 'POST', body: { reference } } }),
    success: PAYMENTS_COPY.receivedDone,
    failure: PAYMENTS_COPY.receivedFailed,
  });
  const paid = useAdminAction<{ id: string; reference: string }>({
    request: ({ id, reference }) => ({ path: `/api/admin/payouts/${encodeURIComponent(id)}/paid`, init: { method: 'POST', body: { reference } } }),
    success: PAYMENTS_COPY.paidDone,
    failure: PAYMENTS_COPY.paidFailed,
  });

  return (
    <div className="space-y-12">
      {query.data && query.data.provider === 'manual' && !query.data.bankDetails ? <BankDetailsPrompt /> : null}
      <section aria-labelledby="payments-confirm-heading">
        <SectionHeading id="payments-confirm-heading" title="Payments to confirm" description="Invoices clients have been sent. Record each one when the bank transfer arrives; the milestone is then funded." />
        <QueryList
          query={query}
          rows={query.data?.toConfirm}
          label="Payments to confirm"
          empty={{ title: 'No payments to confirm', description: 'When a client funds a milestone by bank transfer, its invoice waits here until the money arrives.' }}
          renderRow={(row) => (
            <RowCard key={row.id} className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                  <span className="font-serif text-lg tabular-nums text-ink">{formatMoneyCents(row.amountCents)}</span>
                  <span className="text-sm font-medium text-ink">Invoice {row.number ?? '—'}</span>
                </p>
                <p className="wrap-anywhere text-sm text-muted-foreground">{forWhat(row)}</p>
                <p className="wrap-anywhere text-sm text-muted-foreground">
                  {invoicedTo(row)} · issued {formatDate(row.issuedAt)}
                  {row.dueDate ? ` · due ${formatCalendarDay(row.dueDate)}` : ''}
                  {isOverdue(row) ? <span className="font-medium text-destructive"> · overdue</span> : null}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-center gap-3">
                {row.pdfUrl ? <PdfLink href={row.pdfUrl} label="Invoice PDF" /> : null}
                <Button size="sm" onClick={() => setConfirming(row)} aria-label={`${PAYMENTS_COPY.received} for invoice ${row.number ?? row.milestoneTitle}`}>
                  {PAYMENTS_COPY.received}
                </Button>
              </div>
            </RowCard>
          )}
        />
      </section>

      <section aria-labelledby="payments-pay-heading">
        <SectionHeading
          id="payments-pay-heading"
          title="Payouts to pay"
          description="Creators' requests. Send the transfer to the account shown (as it stood when the payout was requested), then record it here with its reference; the creator gets a receipt."
        />
        <QueryList
          query={query}
          rows={query.data?.toPay}
          label="Payouts to pay"
          empty={{ title: 'No payouts to pay', description: 'When a creator asks to be paid their available balance, the request waits here.' }}
          renderRow={(row) => (
            <MoneyRow
              key={row.id}
              amountCents={row.amountCents}
              lines={[`${row.creatorName} (${row.creatorEmail}) · requested ${formatDate(row.requestedAt)}`]}
              details={<PayTo payTo={row.payTo} creatorEmail={row.creatorEmail} />}
              action={
                <Button size="sm" className="w-fit" onClick={() => setPaying(row)} aria-label={`${PAYMENTS_COPY.paid}: ${formatMoneyCents(row.amountCents)} to ${row.creatorName}`}>
                  {PAYMENTS_COPY.paid}
                </Button>
              }
            />
          )}
        />
      </section>

      <section aria-labelledby="payments-refund-heading">
        <SectionHeading
          id="payments-refund-heading"
          title="Refunds to send"
          description="Money owed back to clients who paid by bank transfer, after a cancellation or a dispute's refund or split. Send it back to the account it came from, then record it here with its reference; the client is told."
        />
        <QueryList
          query={query}
          rows={query.data?.toRefund}
          label="Refunds to send"
          empty={{ title: 'No refunds to send', description: 'When a cancelled milestone paid by bank transfer is owed back to its client, the refund waits here.' }}
          renderRow={(row) => (
            <MoneyRow
              key={row.id}
              amountCents={row.amountCents}
              lines={[`${row.clientName} (${row.clientEmail})${row.invoiceNumber ? ` · invoice ${row.invoiceNumber}` : ''} · owed since ${formatDate(row.requestedAt)}`]}
              action={
                <Button size="sm" className="w-fit" onClick={() => setRefunding(row)} aria-label={`${PAYMENTS_COPY.refundSent}: ${formatMoneyCents(row.amountCents)} to ${row.clientName}`}>
                  {PAYMENTS_COPY.refundSent}
                </Button>
              }
            />
          )}
        />
      </section>

      {query.data?.provider === 'stripe' ? <FailedStripeJobsSection /> : null}

      <ReconciliationSection />

      <PaymentHistorySection />

      <ReferenceDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Payment received for invoice ${confirming?.number ?? ''}?`}
        description={confirming ? `${formatMoneyCents(confirming.amountCents)} from ${confirming.clientName} moves into escrow, and the milestone shows as funded to both sides.` : ''}
        label="Bank reference"
        hint="As it appears on the bank statement. Kept in the ledger and the audit log."
        confirmLabel={PAYMENTS_COPY.received}
        isPending={received.isPending}
        onConfirm={(reference) => (confirming ? received.mutateAsync({ id: confirming.id, reference }) : Promise.resolve())}
      />
      <ReferenceDialog
        open={paying !== null}
        onOpenChange={(open) => !open && setPaying(null)}
        title={`Record the payout to ${paying?.creatorName ?? ''} as paid?`}
        description={paying ? `Only once you have sent ${formatMoneyCents(paying.amountCents)}. The creator sees it as paid out, with a receipt.` : ''}
        label="Transfer reference"
        hint="The reference of the transfer you sent. It appears on the creator's receipt."
        confirmLabel={PAYMENTS_COPY.paid}
        isPending={paid.isPending}
        onConfirm={(reference) => (paying ? paid.mutateAsync({ id: paying.id, reference }) : Promise.resolve())}
      />
      <ReferenceDialog
        open={refunding !== null}
        onOpenChange={(open) => !open && setRefunding(null)}
        title={`Record the refund to ${refunding?.clientName ?? ''} as sent?`}
        description={refunding ? `Only once you have sent ${formatMoneyCents(refunding.amountCents)} back. The client is told, with the reference.` : ''}
        label="Transfer reference"
        hint="The reference of the transfer you sent. It is in the client's email and the audit log."
        confirmLabel={PAYMENTS_COPY.refundSent}
        isPending={refundSent.isPending}
        onConfirm={(reference) => (refunding ? refundSent.mutateAsync({ id: refunding.id, reference }) : Promise.resolve())}
      />
    </div>
  );
}

/** Shown until the platform's bank details are set: clients are being told they will be emailed them. */
function BankDetailsPrompt() {
  return (
    <aside aria-labelledby="bank-prompt-heading" className="flex flex-col gap-4 rounded-2xl border border-accent/50 bg-accent/5 p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="min-w-0">
        <p id="bank-prompt-heading" className="flex items-center gap-2 font-serif text-xl text-ink">
          <Landmark aria-hidden="true" className="size-5 text-accent-strong" />
          {PLATFORM_BANK_COPY.adminPrompt}
        </p>
        <p className="mt-1 max-w-2xl text-sm text-muted-foreground">
          Until they are set, clients funding a milestone and their invoices say Humanmade will email them the bank details. Email each client below their account
          details, or set them once here.
        </p>
      </div>
      <Button asChild className="w-full sm:w-auto">
        <Link to="?tab=settings#bank-details">Set bank details</Link>
      </Button>
    </aside>
  );
}

/** Where a payout goes, in full for the admin sending it; requests made before payout details existed say so. */
function PayTo({ payTo, creatorEmail }: { payTo: BankDetails | null; creatorEmail: string }) {
  if (!payTo) return <p className="text-sm text-muted-foreground">No payout details on this request: ask {creatorEmail} where to send it.</p>;
  return (
    <div className="pt-2">
      <p className="text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">Pay to</p>
      <BankDetailsList details={payTo} className="mt-2 max-w-md rounded-lg border border-border bg-paper p-3" />
    </div>
  );
}

function PdfLink({ href, label }: { href: string; label: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
      <Download aria-hidden="true" className="size-4" />
      {label}
    </a>
  );
}

function ReconciliationSection() {
  const query = useAdminQuery<Reconciliation>(paymentKeys.reconciliation, '/api/admin/payments/reconciliation');
  const data = query.data;
  const isBalanced = data?.totalCents === 0;
  return (
    <section aria-labelledby="reconciliation-heading">
      <SectionHeading
        id="reconciliation-heading"
        title="Reconciliation"
        description="Every account in the ledger, summed by kind. Money only moves between accounts, so the total is always $0.00."
        actions={
          <Button asChild variant="secondary" size="sm" className="w-fit">
            <a href="/api/admin/payments/reconciliation.csv" download>
              <Download aria-hidden="true" />
              Export CSV
            </a>
          </Button>
        }
      />
      {query.isPending ? (
        <ListSkeleton rows={1} />
      ) : query.isError || !data ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : (
        <Card className="p-5 sm:p-6">
          <table className="w-full text-sm">
            <caption className="sr-only">Ledger balances by kind of account</caption>
            <thead>
              <tr className="text-left text-muted-foreground">
                <th scope="col" className="pb-2 font-medium">
                  Account kind
                </th>
                <th scope="col" className="pb-2 text-right font-medium">
                  Balance
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-border">
              {LEDGER_ACCOUNT_KINDS.map((kind) => (
                <tr key={kind}>
                  <th scope="row" className="py-2.5 text-left font-normal text-ink">
                    {KIND_LABELS[kind]}
                  </th>
                  <td className="py-2.5 text-right tabular-nums text-ink">{formatMoneyCents(data.byKind[kind] ?? 0)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-ink/80">
                <th scope="row" className="pt-3 text-left font-semibold text-ink">
                  Total
                </th>
                <td className={cn('pt-3 text-right font-serif text-xl tabular-nums', isBalanced ? 'text-ink' : 'text-destructive')} data-testid="reconciliation-total">
                  {formatMoneyCents(data.totalCents)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="mt-4 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            {isBalanced ? <Badge variant="accent">Balanced</Badge> : <Badge variant="destructive">Out of balance</Badge>}
            {data.accounts.length} {data.accounts.length === 1 ? 'account' : 'accounts'} · {data.transactionCount}{' '}
            {data.transactionCount === 1 ? 'transaction' : 'transactions'}
          </p>
        </Card>
      )}
    </section>
  );
}
