import type { ReactNode } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminPaidPayout, AdminPaymentHistory, AdminPaymentRow, AdminPayoutHistory, AdminRecordedPayment } from '../../../domain/payment-schemas';
import { DownloadLink } from '../../components/download-link';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { forWhat } from '../payments/payments-api';
import { QueryList, SectionHeading } from './admin-bits';
import { ADMIN_KEY } from './admin-data';
import { formatDate } from './format';
import { MoneyRow } from './money-row';

/**
 * What was recorded (decision 177): payments received and payouts paid, newest first, twenty at a time with 'Show
 * more'. The lists live under the admin key, so recording a payment or a payout reloads them with everything else.
 */

export const HISTORY_COPY = {
  heading: 'History',
  description: 'Payments recorded as received and payouts recorded as paid, newest first.',
  payments: 'Recorded payments',
  payouts: 'Paid payouts',
  morePayments: 'Show more recorded payments',
  morePayouts: 'Show more paid payouts',
  noPayments: 'No payments recorded yet',
  noPaymentsHint: 'Each invoice recorded as received (by you, or by the card checkout) is listed here with its reference.',
  noPayouts: 'No payouts paid yet',
  noPayoutsHint: 'Each payout recorded as paid is listed here with its receipt and reference.',
} as const;

const historyKeys = { payments: [...ADMIN_KEY, 'history', 'payments'], payouts: [...ADMIN_KEY, 'history', 'payouts'] } as const;

/** The client an invoice names: the person, their company when it had one, and their email. */
export const invoicedTo = (row: Pick<AdminPaymentRow, 'clientName' | 'clientCompany' | 'clientEmail'>): string =>
  `${row.clientName}${row.clientCompany ? `, ${row.clientCompany}` : ''} (${row.clientEmail})`;

/** One keyset-paged admin list: every page's rows in order, and the next page on request. */
function useHistory<Page extends { nextCursor: string | null }, Row>(key: readonly unknown[], path: string, rowsOf: (page: Page) => Row[]) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => apiFetch<Page>(pageParam ? `${path}?cursor=${encodeURIComponent(pageParam)}` : path),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
  return { query, rows: query.data?.pages.flatMap(rowsOf) };
}

export function PaymentHistorySection() {
  const payments = useHistory<AdminPaymentHistory, AdminRecordedPayment>(historyKeys.payments, '/api/admin/payments/history', (page) => page.payments);
  const payouts = useHistory<AdminPayoutHistory, AdminPaidPayout>(historyKeys.payouts, '/api/admin/payouts/history', (page) => page.payouts);
  return (
    <section aria-labelledby="payments-history-heading">
      <SectionHeading id="payments-history-heading" title={HISTORY_COPY.heading} description={HISTORY_COPY.description} />
      <div className="space-y-10">
        <HistoryList
          id="history-payments-heading"
          title={HISTORY_COPY.payments}
          history={payments}
          more={HISTORY_COPY.morePayments}
          empty={{ title: HISTORY_COPY.noPayments, description: HISTORY_COPY.noPaymentsHint }}
          renderRow={(row) => (
            <MoneyRow
              key={row.id}
              amountCents={row.amountCents}
              lines={[`Invoice ${row.number ?? '—'} · ${forWhat(row)}`, invoicedTo(row)]}
              details={<Recorded label="Received" at={row.paidAt} reference={row.reference} />}
              action={
                row.pdfUrl ? (
                  <DownloadLink href={row.pdfUrl} className="shrink-0" aria-label={`Invoice PDF, invoice ${row.number ?? row.milestoneTitle}`}>
                    Invoice PDF
                  </DownloadLink>
                ) : null
              }
            />
          )}
        />
        <HistoryList
          id="history-payouts-heading"
          title={HISTORY_COPY.payouts}
          history={payouts}
          more={HISTORY_COPY.morePayouts}
          empty={{ title: HISTORY_COPY.noPayouts, description: HISTORY_COPY.noPayoutsHint }}
          renderRow={(row) => (
            <MoneyRow
              key={row.id}
              amountCents={row.amountCents}
              lines={[`Receipt ${row.receiptNumber ?? '—'} · ${row.creatorName} (${row.creatorEmail})`, ...(row.paidTo ? [`Paid to ${row.paidTo}`] : [])]}
              details={<Recorded label="Paid" at={row.paidAt} reference={row.reference} />}
              action={
                row.receiptUrl ? (
                  <DownloadLink href={row.receiptUrl} className="shrink-0" aria-label={`Receipt PDF, receipt ${row.receiptNumber ?? ''}`}>
                    Receipt PDF
                  </DownloadLink>
                ) : null
              }
            />
          )}
        />
      </div>
    </section>
  );
}

/** What a history list needs of its query: the list's states, and whether and how to read one more page. */
interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  refetch: () => unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

interface HistoryListProps<Row> {
  id: string;
  title: string;
  history: { query: PagedQuery; rows: Row[] | undefined };
  more: string;
  empty: { title: string; description: string };
  renderRow: (row: Row) => ReactNode;
}

function HistoryList<Row>({ id, title, history, more, empty, renderRow }: HistoryListProps<Row>) {
  const { query, rows } = history;
  return (
    <div aria-labelledby={id} role="group">
      <h3 id={id} className="mb-4 font-serif text-xl text-ink">
        {title}
      </h3>
      <QueryList query={query} rows={rows} label={title} empty={empty} renderRow={renderRow} />
      {query.hasNextPage ? (
        <Button variant="secondary" size="sm" className="mt-4" busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {more}
        </Button>
      ) : null}
    </div>
  );
}

/** When it was recorded and the bank's or transfer's reference, labelled. */
function Recorded({ label, at, reference }: { label: string; at: string | null; reference: string | null }) {
  return (
    <dl className="flex flex-wrap gap-x-5 gap-y-1 pt-1 text-sm">
      {at ? (
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="text-ink">
            <time dateTime={at}>{formatDate(at)}</time>
          </dd>
        </div>
      ) : null}
      <div className="flex min-w-0 gap-1.5">
        <dt className="text-muted-foreground">Reference</dt>
        <dd className="break-all font-mono tracking-tight text-ink">{reference ?? '—'}</dd>
      </div>
    </dl>
  );
}
