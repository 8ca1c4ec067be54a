import { CalendarDays, ExternalLink, Users } from 'lucide-react';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Card } from '../../components/ui/card';
import { useUpcomingWorkshops } from './dashboard-api';
import { formatEventTime } from '../../../domain/dates';

export function CommunityTab() {
  const workshops = useUpcomingWorkshops();
  return (
    <section aria-labelledby="community-heading" className="grid gap-6">
      <div>
        <h2 id="community-heading" className="text-3xl">
          Upcoming workshops
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">Small, live sessions with other verified creators: critique, process and craft.</p>
      </div>
      {workshops.isPending ? (
        <ListSkeleton rows={3} />
      ) : workshops.isError ? (
        <ErrorState message="We couldn't load the workshops right now." onRetry={() => void workshops.refetch()} />
      ) : workshops.data.length === 0 ? (
        <EmptyState title="No upcoming workshops yet" description="When the team schedules the next one, it will appear here." />
      ) : (
        <ul className="grid gap-3">
          {workshops.data.map((workshop) => (
            <li key={workshop.id}>
              <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:justify-between">
                <div className="min-w-0">
                  <h3 className="text-xl">{workshop.title}</h3>
                  <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
                    <span className="inline-flex items-center gap-1.5">
                      <CalendarDays aria-hidden="true" className="size-4" />
                      <time dateTime={workshop.date}>{formatEventTime(workshop.date)}</time>
                    </span>
                    <span className="inline-flex items-center gap-1.5">
                      <Users aria-hidden="true" className="size-4" />
                      {workshop.maxParticipants} max
                    </span>
                  </p>
                  {workshop.description ? <p className="mt-3 text-ink">{workshop.description}</p> : null}
                </div>
                {workshop.link ? (
                  <a
                    href={workshop.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex shrink-0 items-center gap-1.5 text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
                  >
                    Join link
                    <ExternalLink aria-hidden="true" className="size-4" />
                    <span className="sr-only">for {workshop.title} (opens in a new tab)</span>
                  </a>
                ) : null}
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
