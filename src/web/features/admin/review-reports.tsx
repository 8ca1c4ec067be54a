import { useMemo, useState } from 'react';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { hideReviewInputSchema, type AdminHiddenReviewList, type AdminModeratedReview, type AdminReviewReport, type AdminReviewReportList } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { LoadMore, ReportedBy, RowCard, SectionHeading } from './admin-bits';
import { ADMIN_KEY, useAdminAction, useAdminPages } from './admin-data';
import { ReasonDialog } from './reason-dialog';
import { useFocusAfterDecision } from './use-focus-after-decision';

const reviewReportsKey = [...ADMIN_KEY, 'review-reports'] as const;
const hiddenReviewsKey = [...ADMIN_KEY, 'hidden-reviews'] as const;
type Review = AdminModeratedReview;
type Decision = 'hide' | 'restore' | 'dismiss' | 'hide-reply' | 'restore-reply';

const COPY: Record<Decision, { title: string; description: string; label: string; confirm: string; success: string }> = {
  hide: {
    title: 'Hide this review?',
    description: `Everyone will see '${REVIEW_MESSAGES.hidden}' in its place, and it leaves the creator's averages.`,
    label: 'Reason (required, kept in the audit log)',
    confirm: 'Hide review',
    success: 'Review hidden',
  },
  restore: { title: 'Restore this review?', description: 'It is shown again and counts in the averages.', label: 'Note for the audit log (optional)', confirm: 'Restore review', success: 'Review restored' },
  dismiss: { title: 'Dismiss this report?', description: 'The review stays as it is.', label: 'Note for the audit log (optional)', confirm: 'Dismiss', success: 'Report dismissed' },
  'hide-reply': {
    title: 'Hide this reply?',
    description: `Everyone will see '${REVIEW_MESSAGES.replyHidden}' under the review. The review itself stays, and so do the averages.`,
    label: 'Reason (required, kept in the audit log)',
    confirm: 'Hide reply',
    success: 'Reply hidden',
  },
  'restore-reply': {
    title: 'Restore this reply?',
    description: 'It is shown under the review again.',
    label: 'Note for the audit log (optional)',
    confirm: 'Restore reply',
    success: 'Reply restored',
  },
};
/** The decisions that need a reason: the server refuses an empty one. */
const needsReason = (decision: Decision | null) => decision === 'hide' || decision === 'hide-reply';

/** A row of the list: an open report, or a hidden review (which has no report left open). */
type Row = { key: string; review: Review; report?: AdminReviewReport };
const rowKey = (row: Row) => row.key;
/** Where focus lands when the row above it is decided: its first line, who wrote about whom. */
const rowTitleId = (key: string) => `review-row-${key}`;

function ReviewText({ review, titleId }: { review: Review; titleId: string }) {
  return (
    <div className="rounded-xl border border-border bg-paper p-3 text-sm">
      <p id={titleId} tabIndex={-1} className="font-medium text-ink">
        {review.authorName} about {review.subjectName} · {review.rating} of 5
      </p>
      <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-ink/85">{review.body}</p>
      {review.reply ? <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-muted-foreground">Reply: {review.reply}</p> : null}
      {review.hiddenReason ? <p className="mt-2 wrap-anywhere text-destructive">Hidden: {review.hiddenReason}</p> : null}
      {review.isReplyHidden ? <p className="mt-2 wrap-anywhere text-destructive">Reply hidden: {review.replyHiddenReason}</p> : null}
    </div>
  );
}

function DecisionRow({ row, onDecide, onFailed, children }: { row: Row; onDecide: () => void; onFailed: () => void; children?: React.ReactNode }) {
  const { review, report } = row;
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const action = useAdminAction<{ decision: Decision; reason?: string }>({
    request: ({ decision, reason }) => ({
      path: decision === 'dismiss' ? `/api/admin/reports/reviews/reports/${report?.id}/dismiss` : `/api/admin/reports/reviews/${review.id}/${decision}`,
      init: { method: 'POST', body: { reason: reason ?? '' } },
    }),
    success: deciding ? COPY[deciding].success : 'Saved',
    failure: 'Could not save the decision',
    onSuccess: () => setDeciding(null),
  });
  const copy = deciding ? COPY[deciding] : COPY.hide;
  return (
    <RowCard className="space-y-3">
      {children}
      <ReviewText review={review} titleId={rowTitleId(row.key)} />
      <div className="flex flex-wrap gap-2">
        {review.isHidden ? (
          <Button size="sm" variant="secondary" onClick={() => setDeciding('restore')}>
            Restore review
          </Button>
        ) : (
          <>
            {report ? (
              <Button size="sm" variant="secondary" onClick={() => setDeciding('dismiss')}>
                Dismiss
              </Button>
            ) : null}
            {review.isReplyHidden ? (
              <Button size="sm" variant="secondary" onClick={() => setDeciding('restore-reply')}>
                Restore reply
              </Button>
            ) : review.reply ? (
              // A report may be about the reply, not the review: its author should not lose their review for it.
              <Button size="sm" variant="destructive" onClick={() => setDeciding('hide-reply')}>
                Hide reply
              </Button>
            ) : null}
            <Button size="sm" variant="destructive" onClick={() => setDeciding('hide')}>
              Hide review
            </Button>
          </>
        )}
      </div>
      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={copy.title}
        description={copy.description}
        reasonLabel={copy.label}
        // Hiding needs a reason (the server refuses an empty one): checked with the request's own schema first, and
        // the server's message for the field, should it still refuse, is shown under it.
        isRequired={needsReason(deciding)}
        schema={needsReason(deciding) ? hideReviewInputSchema : undefined}
        confirmLabel={copy.confirm}
        confirmVariant={needsReason(deciding) ? 'destructive' : 'primary'}
        isPending={action.isPending}
        onConfirm={async (reason) => {
          if (!deciding) return;
          // The decided row leaves its list (a hidden review moves to the end, as a hidden one): focus goes to the
          // row that took its place, not to the top of the tab.
          onDecide();
          try {
            await action.mutateAsync({ decision: deciding, reason });
          } catch (failure) {
            onFailed();
            throw failure;
          }
        }}
      />
    </RowCard>
  );
}

export const REVIEW_REPORTS_COPY = {
  moreReports: 'Load more reported reviews',
  hiddenHeading: 'Hidden reviews and replies',
  moreHidden: 'Load more hidden reviews',
} as const;

const reportRow = (report: AdminReviewReport): Row => ({ key: `report-${report.id}`, review: report.review, report });
const hiddenRow = (review: Review): Row => ({ key: `hidden-${review.id}`, review });

function RowList({ rows, label, focusAfter }: { rows: Row[]; label: string; focusAfter: { note: (key: string) => void; forget: () => void } }) {
  return (
    <ul className="space-y-3" aria-label={label}>
      {rows.map((row) => (
        <DecisionRow key={row.key} row={row} onDecide={() => focusAfter.note(row.key)} onFailed={focusAfter.forget}>
          {row.report ? <ReportedBy report={row.report} /> : null}
        </DecisionRow>
      ))}
    </ul>
  );
}

/**
 * Reviews people reported, oldest first, then the reviews now hidden (newest decision first), which can be restored
 * (decision 160). Each list is read a page at a time with its own 'Load more' (decision 229), so every open report and
 * every hidden review can be reached.
 */
export function ReviewReportsSection() {
  const reports = useAdminPages<AdminReviewReportList, Row>(reviewReportsKey, '/api/admin/reports/reviews', (page) => page.reports.map(reportRow), rowKey);
  const hidden = useAdminPages<AdminHiddenReviewList, Row>(hiddenReviewsKey, '/api/admin/reports/reviews/hidden', (page) => page.hidden.map(hiddenRow), rowKey);
  // One list for keeping a keyboard admin's place: a hidden review leaves the reports and joins the hidden ones.
  const rows = useMemo<Row[] | undefined>(() => reports.rows && hidden.rows && [...reports.rows, ...hidden.rows], [reports.rows, hidden.rows]);
  const focusAfter = useFocusAfterDecision(rows, rowKey, rowTitleId, 'review-reports-heading');
  return (
    <section aria-labelledby="review-reports-heading" className="mt-12">
      <SectionHeading id="review-reports-heading" title="Reported reviews" description="Reviews people reported, oldest first, then the reviews and replies now hidden" />
      {reports.query.isPending || hidden.query.isPending ? (
        <ListSkeleton rows={2} />
      ) : !reports.rows || !hidden.rows ? (
        <ErrorState
          message={ADMIN_MESSAGES.loadFailed}
          onRetry={() => {
            void reports.query.refetch();
            void hidden.query.refetch();
          }}
        />
      ) : reports.rows.length === 0 && hidden.rows.length === 0 ? (
        <EmptyState title="No reported reviews" description="When someone reports a review, it appears here." />
      ) : (
        <div className="space-y-8">
          {reports.rows.length > 0 ? (
            <div>
              <RowList rows={reports.rows} label="Reported reviews" focusAfter={focusAfter} />
              <LoadMore query={reports.query} label={REVIEW_REPORTS_COPY.moreReports} />
            </div>
          ) : null}
          {hidden.rows.length > 0 ? (
            <div role="group" aria-labelledby="hidden-reviews-heading">
              <h3 id="hidden-reviews-heading" className="mb-4 font-serif text-xl text-ink">
                {REVIEW_REPORTS_COPY.hiddenHeading}
              </h3>
              <RowList rows={hidden.rows} label={REVIEW_REPORTS_COPY.hiddenHeading} focusAfter={focusAfter} />
              <LoadMore query={hidden.query} label={REVIEW_REPORTS_COPY.moreHidden} />
            </div>
          ) : null}
        </div>
      )}
    </section>
  );
}
