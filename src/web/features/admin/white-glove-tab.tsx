import { useState } from 'react';
import { Clock, TriangleAlert } from 'lucide-react';
import { ADMIN_MESSAGES, humanizeCategory, type AdminWhiteGloveRequest } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { RowCard, SectionHeading } from './admin-bits';
import { adminKeys, useAdminQuery } from './admin-data';
import { CurateDialog } from './curate-dialog';
import { formatBudget, formatDateTime } from './format';

function DueLine({ request }: { request: AdminWhiteGloveRequest }) {
  if (request.status === 'completed') {
    return <span>Completed {request.completedAt ? formatDateTime(request.completedAt) : ''}</span>;
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5', request.isOverdue && 'font-medium text-destructive')}>
      {request.isOverdue ? <TriangleAlert aria-hidden="true" className="size-4" /> : <Clock aria-hidden="true" className="size-4" />}
      {request.isOverdue ? 'Overdue since' : 'Due'} {formatDateTime(request.dueAt)}
    </span>
  );
}

export function WhiteGloveTab() {
  const query = useAdminQuery<{ requests: AdminWhiteGloveRequest[] }>(adminKeys.whiteGlove, '/api/admin/white-glove');
  const [curating, setCurating] = useState<AdminWhiteGloveRequest | null>(null);

  return (
    <section aria-labelledby="white-glove-heading">
      <SectionHeading id="white-glove-heading" title="White Glove Requests" description="Premium matching service - curate 3 creators for each request" />
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.requests.length === 0 ? (
        <EmptyState title="No white glove requests yet" description="When a client asks for hand-picked matches, the request lands here with a 48-hour promise." />
      ) : (
        <ul className="space-y-3">
          {query.data.requests.map((request) => {
            const company = request.companyName ?? 'Unknown Client';
            const curated = request.curatedCreatorIds.length;
            return (
              <RowCard key={request.id} aria-label={`${company}${request.isOverdue ? ', overdue' : ''}`} className={cn(request.isOverdue && 'border-destructive/50 bg-destructive/[0.03]')}>
                <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0 space-y-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <p className="font-serif text-lg text-ink">{company}</p>
                      <Badge variant={request.status === 'completed' ? 'accent' : 'muted'}>{request.status === 'completed' ? 'Completed' : 'Pending'}</Badge>
                      {request.isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
                    </div>
                    <p className="text-sm text-ink">
                      <span className="capitalize">{humanizeCategory(request.deliverableType)}</span> · {formatBudget(request.budget)}
                    </p>
                    <p className="max-w-prose whitespace-pre-line text-sm leading-relaxed text-muted-foreground">{request.description}</p>
                    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                      <DueLine request={request} />
                      <span>
                        {curated} curated {curated === 1 ? 'creator' : 'creators'}
                      </span>
                    </p>
                  </div>
                  {request.status === 'pending' ? (
                    <Button size="sm" className="shrink-0 self-start" onClick={() => setCurating(request)}>
                      Curate Matches
                      <span className="sr-only"> for {company}</span>
                    </Button>
                  ) : null}
                </div>
              </RowCard>
            );
          })}
        </ul>
      )}
      <CurateDialog request={curating} onClose={() => setCurating(null)} />
    </section>
  );
}
