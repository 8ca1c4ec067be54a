import { Mail } from 'lucide-react';
import { ADMIN_MESSAGES, type ContactSubmission } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { RowCard, SectionHeading } from './admin-bits';
import { adminKeys, useAdminQuery } from './admin-data';
import { formatDateTime } from './format';

export function ContactTab() {
  const query = useAdminQuery<{ submissions: ContactSubmission[] }>(adminKeys.contact, '/api/admin/contact');
  return (
    <section aria-labelledby="contact-heading">
      <SectionHeading id="contact-heading" title="Contact Submissions" description="Messages from website visitors" />
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.submissions.length === 0 ? (
        <EmptyState title="No contact submissions yet" description="Messages from the Contact page and the marketplace will appear here." />
      ) : (
        <ul className="space-y-3">
          {query.data.submissions.map((submission) => (
            <RowCard key={submission.id} className="space-y-3">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-serif text-lg text-ink">{submission.name}</p>
                  {submission.source === 'marketplace' ? (
                    <Badge variant="accent">About {submission.creatorName ?? 'a creator'}</Badge>
                  ) : (
                    <Badge variant="muted">Contact page</Badge>
                  )}
                </div>
                <time dateTime={submission.createdAt} className="text-sm text-muted-foreground">
                  {formatDateTime(submission.createdAt)}
                </time>
              </div>
              <a href={`mailto:${submission.email}`} className="inline-flex items-center gap-1.5 break-all text-sm text-accent-strong underline-offset-4 hover:underline">
                <Mail aria-hidden="true" className="size-4 shrink-0" />
                {submission.email}
              </a>
              <p className="max-w-prose whitespace-pre-line wrap-anywhere leading-relaxed text-ink">{submission.message}</p>
            </RowCard>
          ))}
        </ul>
      )}
    </section>
  );
}
