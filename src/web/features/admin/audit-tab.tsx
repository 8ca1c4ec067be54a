import type { MoneyAuditAction } from '../../../domain/payment-schemas';
import type { AuditAction, AuditEntry } from '../../../domain/admin-schemas';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { SectionHeading } from './admin-bits';
import { adminKeys, useAdminQuery } from './admin-data';
import { formatDateTime } from './format';
import { formatMoneyCents } from '../payments/payments-api';

const ACTION_LABELS: Record<AuditAction, string> = {
  'application.approve': 'Approved application',
  'application.reject': 'Rejected application',
  'seal.assign': 'Assigned Seal',
  'seal.revoke': 'Revoked Seal',
  'user.delete': 'Deleted user',
  'project.clear_flag': 'Cleared project flag',
  'project.cancel': 'Cancelled flagged project',
  'project.auto_approve': 'Approved a milestone by time (no answer from the client)',
  'project.allow_revision': 'Allowed an extra revision round',
  'project.cancel_active': 'Cancelled a project under way',
  'project.withdraw': 'Creator withdrew from a project under way',
  'white_glove.curate': 'Curated White Glove matches',
  'workshop.create': 'Created workshop',
  'settings.update': 'Changed platform settings',
  'provenance.approve': 'Cleared a portfolio image in provenance review',
  'provenance.remove': 'Removed a portfolio image after provenance review',
  'provenance.clear_project_file': 'Approved a project file that declares generative AI',
  'provenance.remove_project_file': 'Removed a project file that declares generative AI',
  'report.dismiss': 'Dismissed a message report',
  'message.remove': 'Removed a reported message',
  'review.hide': 'Hid a review',
  'review.restore': 'Restored a review',
  'review.hide_reply': 'Hid a reply to a review',
  'review.restore_reply': 'Restored a reply to a review',
  'review_report.dismiss': 'Dismissed a review report',
};

const MONEY_LABELS: Record<MoneyAuditAction, string> = {
  'payment.received': 'Payment received',
  'payout.paid': 'Payout recorded as paid',
  'payout.cancelled': 'Payout request cancelled by its creator',
  'refund.sent': 'Refund recorded as sent',
  'stripe_job.retried': 'Retried a failed transfer or refund',
};
const labelOf = (action: string) => ACTION_LABELS[action as AuditAction] ?? MONEY_LABELS[action as MoneyAuditAction] ?? action;

/** What the entry was about, in words: the name or title captured at the time, else the record type. */
const targetOf = (entry: AuditEntry): string => {
  const meta = entry.metadata ?? {};
  const named = typeof meta.name === 'string' ? meta.name : typeof meta.title === 'string' ? meta.title : null;
  const kind = entry.targetType.replace(/_/g, ' ');
  return named ? `${named} (${kind})` : kind;
};

/** The creators a curation chose, as they were named at the time. */
const matchedNames = (entry: AuditEntry): string | null => {
  const names = entry.metadata?.creatorNames;
  return Array.isArray(names) && names.length > 0 ? names.filter((name) => typeof name === 'string').join(', ') : null;
};

/** For money decisions: the document and the amount, so the log alone says what was received or paid. */
const moneyDetail = (entry: AuditEntry): string | null => {
  const meta = entry.metadata ?? {};
  const amount = typeof meta.amountCents === 'number' ? formatMoneyCents(meta.amountCents) : null;
  const document =
    typeof meta.invoiceNumber === 'string' ? `Invoice ${meta.invoiceNumber}` : typeof meta.receiptNumber === 'string' ? `Receipt ${meta.receiptNumber}` : null;
  const payee = typeof meta.payee === 'string' ? `to ${meta.payee}` : null;
  const parts = [document, amount, payee].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : null;
};

export function AuditTab() {
  const query = useAdminQuery<{ entries: AuditEntry[] }>(adminKeys.audit, '/api/admin/audit');
  return (
    <section aria-labelledby="audit-heading">
      <SectionHeading id="audit-heading" title="Audit Log" description="Every admin decision, who made it and why, newest first." />
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.entries.length === 0 ? (
        <EmptyState title="No admin actions recorded yet" description="Approvals, rejections, Seals, deletions, flag decisions, curations and workshops will be listed here." />
      ) : (
        <ol className="divide-y divide-border rounded-2xl border border-border bg-surface">
          {query.data.entries.map((entry) => (
            <li key={entry.id} className="grid gap-1 px-5 py-4 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-6">
              <time dateTime={entry.createdAt} className="text-sm text-muted-foreground">
                {formatDateTime(entry.createdAt)}
              </time>
              <div className="min-w-0">
                <p className="text-ink">
                  <span className="font-medium">{labelOf(entry.action)}</span> · {targetOf(entry)}
                </p>
                {moneyDetail(entry) ? <p className="text-sm tabular-nums text-ink">{moneyDetail(entry)}</p> : null}
                {matchedNames(entry) ? <p className="text-sm text-muted-foreground">Matched: {matchedNames(entry)}</p> : null}
                <p className="text-sm text-muted-foreground">by {entry.actorEmail ?? 'a deleted admin'}</p>
                {entry.reason ? (
                  <p className="mt-1 text-sm text-ink">
                    {entry.action === 'payment.received' || entry.action === 'payout.paid' ? 'Reference: ' : null}“{entry.reason}”
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
