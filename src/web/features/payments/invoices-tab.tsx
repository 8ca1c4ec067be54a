import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { projectCardPath } from '../../../domain/routes';
import { isOverdue, type InvoiceView, type PaymentStatus } from '../../../domain/payment-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { Card } from '../../components/ui/card';
import { formatCalendarDay, formatDate } from '../../../domain/dates';
import { InvoiceLink } from './milestone-funding';
import { formatMoneyCents, forWhat, useInvoices } from './payments-api';

const STATUS: Record<PaymentStatus, { label: string; variant: BadgeProps['variant'] }> = {
  awaiting_payment: { label: 'Awaiting payment', variant: 'outline' },
  paid: { label: 'Paid', variant: 'accent' },
  cancelled: { label: 'Cancelled', variant: 'muted' },
};

export const INVOICES_COPY = {
  heading: 'Invoices',
  emptyTitle: 'No invoices yet',
  emptyDescription: 'When you fund a milestone, its invoice is listed here to download.',
  loadFailed: "We couldn't load your invoices right now.",
} as const;

/** The client's invoices, one per milestone funded, newest first as the server sends them. */
export function InvoicesTab() {
  const invoices = useInvoices();
  return (
    <section aria-labelledby="invoices-heading" className="grid gap-6">
      <div>
        <h2 id="invoices-heading" className="text-3xl">
          {INVOICES_COPY.heading}
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">Each milestone you fund has an invoice. The money is held in escrow until you approve the work.</p>
      </div>
      {invoices.isPending ? (
        <ListSkeleton rows={2} />
      ) : invoices.isError ? (
        <ErrorState message={INVOICES_COPY.loadFailed} onRetry={() => void invoices.refetch()} />
      ) : invoices.data.length === 0 ? (
        <EmptyState title={INVOICES_COPY.emptyTitle} description={INVOICES_COPY.emptyDescription} />
      ) : (
        <Card>
          <ul aria-label="Invoices" className="divide-y divide-border">
            {invoices.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
        </Card>
      )}
    </section>
  );
}

function InvoiceRow({ invoice }: { invoice: InvoiceView }) {
  const status = STATUS[invoice.status];
  return (
    <li aria-label={`Invoice ${invoice.number ?? ''} for ${invoice.milestoneTitle}`} className="grid gap-3 px-5 py-4 sm:grid-cols-[1fr_auto] sm:items-center sm:gap-6">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium text-ink">{invoice.number ? `Invoice ${invoice.number}` : 'Card payment'}</p>
          <Badge variant={status.variant}>{status.label}</Badge>
          {isOverdue(invoice) ? <Badge variant="destructive">Overdue</Badge> : null}
          {invoice.refundedCents > 0 ? <Badge variant="muted">{invoice.refundedCents >= invoice.amountCents ? 'Refunded' : 'Partly refunded'}</Badge> : null}
        </div>
        <p className="mt-1 wrap-anywhere text-sm text-muted-foreground">
          {forWhat(invoice)}
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">
          Issued <time dateTime={invoice.issuedAt}>{formatDate(invoice.issuedAt)}</time>
          {/* The due date is the invoice's own (decision 177); a voided invoice is due no more. */}
          {invoice.dueDate && invoice.status !== 'cancelled' ? (
            <>
              {' · '}Due <time dateTime={invoice.dueDate}>{formatCalendarDay(invoice.dueDate)}</time>
            </>
          ) : null}
          {invoice.paidAt ? (
            <>
              {' · '}Paid <time dateTime={invoice.paidAt}>{formatDate(invoice.paidAt)}</time>
            </>
          ) : null}
          {invoice.refundedCents > 0 ? <>{` · ${formatMoneyCents(invoice.refundedCents)} refunded to you`}</> : null}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-5 gap-y-2 sm:flex-col sm:items-end">
        <p className="font-serif text-xl tabular-nums text-ink">{formatMoneyCents(invoice.amountCents)}</p>
        {invoice.pdfUrl ? <InvoiceLink url={invoice.pdfUrl} number={invoice.number} /> : null}
        {invoice.status === 'awaiting_payment' && invoice.checkoutUrl ? (
          <a href={invoice.checkoutUrl} className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
            <ExternalLink aria-hidden="true" className="size-4" />
            Continue to payment
          </a>
        ) : null}
        {/* A card invoice whose checkout expired, or that came with work approved unfunded: paid from its milestone. */}
        {invoice.status === 'awaiting_payment' && invoice.provider === 'stripe' && !invoice.checkoutUrl ? (
          <Link
            to={projectCardPath('client', invoice.projectId)}
            className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
          >
            Pay by card on the project
          </Link>
        ) : null}
      </div>
    </li>
  );
}
