import { useState } from 'react';
import { Download, FileText } from 'lucide-react';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import type { AdminReport, AdminReportList, MessageView } from '../../../domain/conversation-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { LoadMore, ReportedBy, RowCard, SectionHeading } from './admin-bits';
import { ADMIN_KEY, useAdminAction, useAdminPages } from './admin-data';
import { ReasonDialog } from './reason-dialog';
import { ReviewReportsSection } from './review-reports';

const reportsKey = [...ADMIN_KEY, 'reports'] as const;
type Decision = 'dismiss' | 'remove';

/**
 * The reported message's own files, which the admin may open while the report is open (the rest of the thread stays
 * private): an image is previewed, a PDF is a download link.
 */
function ReportedAttachments({ files }: { files: MessageView['attachments'] }) {
  if (files.length === 0) return null;
  return (
    <ul aria-label="Attachments of the reported message" className="mt-2 flex flex-col gap-2">
      {files.map((file) => (
        <li key={file.id}>
          {file.isImage ? (
            <a href={file.url} target="_blank" rel="noopener noreferrer" className="inline-block overflow-hidden rounded-lg">
              <img src={file.url} alt={file.name} className="max-h-64 w-auto max-w-full rounded-lg object-cover" />
            </a>
          ) : (
            <a href={file.url} className="inline-flex max-w-full items-center gap-2 rounded-lg border border-border bg-paper px-3 py-2 text-sm font-medium text-ink hover:border-accent">
              <FileText aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
              <span className="min-w-0 truncate">{file.name}</span>
              <Download aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const names = new Map(report.people.map((person) => [person.id, person.name]));
  const action = useAdminAction<{ decision: Decision; reason?: string }>({
    request: ({ decision, reason }) => ({ path: `/api/admin/reports/${report.id}/${decision}`, init: { method: 'POST', body: { reason: reason ?? '' } } }),
    success: deciding === 'remove' ? 'Message removed' : 'Report dismissed',
    failure: 'Could not save the decision',
    onSuccess: () => setDeciding(null),
  });
  return (
    <RowCard className="space-y-4">
      <ReportedBy report={report} />
      <ol aria-label="The message in its context" className="space-y-1.5 rounded-xl border border-border bg-paper p-3">
        {report.context.map((message) => (
          <li
            key={message.id}
            className={cn('whitespace-pre-wrap wrap-anywhere rounded-lg px-3 py-2 text-sm', message.id === report.message.id ? 'border border-destructive/50 bg-surface text-ink' : 'text-muted-foreground')}
          >
            <span className="font-medium text-ink">{message.kind === 'system' || !message.senderId ? 'Humanmade' : (names.get(message.senderId) ?? 'Someone')}: </span>
            {message.body}
            {message.id === report.message.id ? (
              <>
                <span className="sr-only"> (the reported message)</span>
                <ReportedAttachments files={report.message.attachments} />
              </>
            ) : null}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" onClick={() => setDeciding('dismiss')}>
          Dismiss
        </Button>
        <Button size="sm" variant="destructive" onClick={() => setDeciding('remove')}>
          Remove message
        </Button>
      </div>
      <ReasonDialog
        open={deciding !== null}
        onOpenChange={(open) => (open ? undefined : setDeciding(null))}
        title={deciding === 'remove' ? 'Remove this message?' : 'Dismiss this report?'}
        description={deciding === 'remove' ? "Both people will see 'Message removed by Humanmade' in its place." : 'The message stays as it is.'}
        reasonLabel="Note for the audit log (optional)"
        confirmLabel={deciding === 'remove' ? 'Remove message' : 'Dismiss'}
        confirmVariant={deciding === 'remove' ? 'destructive' : 'primary'}
        isPending={action.isPending}
        onConfirm={(reason) => deciding && action.mutate({ decision: deciding, reason })}
      />
    </RowCard>
  );
}

export const REPORTS_COPY = {
  more: 'Load more reports',
} as const;

/**
 * Messages people reported, oldest first, with the messages around them, a page at a time with 'Load more reports'
 * (decision 229), so every open report can be reached however many there are.
 */
export function ReportsTab() {
  const { query, rows } = useAdminPages<AdminReportList, AdminReport>(reportsKey, '/api/admin/reports', (page) => page.reports, (report) => report.id);
  return (
    <section aria-labelledby="reports-heading">
      <SectionHeading id="reports-heading" title="Reports" description="Messages people reported, oldest first" />
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : !rows ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title="No open reports" description="When someone reports a message, it appears here with its context." />
      ) : (
        <>
          <ul className="space-y-3" aria-label="Reported messages">
            {rows.map((report) => (
              <ReportCard key={report.id} report={report} />
            ))}
          </ul>
          <LoadMore query={query} label={REPORTS_COPY.more} />
        </>
      )}
      <ReviewReportsSection />
    </section>
  );
}
