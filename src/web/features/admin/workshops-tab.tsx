import { CalendarClock, ExternalLink, Users } from 'lucide-react';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import type { AdminWorkshop } from '../../../domain/workshop-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { RowCard } from './admin-bits';
import { adminKeys, useAdminQuery } from './admin-data';
import { formatEventTime } from '../../../domain/dates';
import { WorkshopForm } from './workshop-form';

function ExistingWorkshops() {
  const query = useAdminQuery<{ workshops: AdminWorkshop[] }>(adminKeys.workshops, '/api/admin/workshops');
  const now = query.dataUpdatedAt;
  return (
    <section aria-labelledby="existing-workshops-heading">
      <h2 id="existing-workshops-heading" className="mb-4 text-2xl">
        Existing Workshops
      </h2>
      {query.isPending ? (
        <ListSkeleton rows={3} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : query.data.workshops.length === 0 ? (
        <EmptyState title="No workshops created yet" description="Your first workshop will appear here and on every creator’s Community tab." />
      ) : (
        <ul className="space-y-3">
          {query.data.workshops.map((workshop) => {
            const isPast = Date.parse(workshop.date) < now;
            return (
              <RowCard key={workshop.id} className={cn('space-y-2', isPast && 'bg-transparent')}>
                <div className="flex flex-wrap items-center gap-2">
                  <p className={cn('font-serif text-lg', isPast ? 'text-muted-foreground' : 'text-ink')}>{workshop.title}</p>
                  {isPast ? <Badge variant="muted">Past</Badge> : null}
                </div>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
                  <span className="inline-flex items-center gap-1.5">
                    <CalendarClock aria-hidden="true" className="size-4" />
                    <time dateTime={workshop.date}>{formatEventTime(workshop.date)}</time>
                  </span>
                  <span className="inline-flex items-center gap-1.5">
                    <Users aria-hidden="true" className="size-4" />
                    {workshop.maxParticipants} max
                  </span>
                </p>
                {workshop.description ? <p className="whitespace-pre-line text-sm leading-relaxed text-muted-foreground">{workshop.description}</p> : null}
                {workshop.link ? (
                  <a href={workshop.link} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-4 hover:underline">
                    Meeting link
                    <ExternalLink aria-hidden="true" className="size-3.5" />
                    <span className="sr-only"> (opens in a new tab)</span>
                  </a>
                ) : null}
              </RowCard>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function WorkshopsTab() {
  return (
    <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:items-start">
      <WorkshopForm />
      <ExistingWorkshops />
    </div>
  );
}
