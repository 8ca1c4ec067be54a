import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { StatCard } from '../../components/stat-card';
import { Card } from '../../components/ui/card';
import { useCreatorEarnings } from './dashboard-api';
import { formatDate, formatMoney } from './format';

export function EarningsTab() {
  const earnings = useCreatorEarnings();
  return (
    <section aria-labelledby="earnings-heading" className="grid grid-cols-1 gap-6">
      <div>
        <h2 id="earnings-heading" className="text-3xl">
          Earnings
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">A project's budget is added to your earnings when the client approves the work.</p>
      </div>
      {earnings.isPending ? (
        <ListSkeleton rows={2} />
      ) : earnings.isError ? (
        <ErrorState message="We couldn't load your earnings right now." onRetry={() => void earnings.refetch()} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <StatCard label="Total earnings" value={formatMoney(earnings.data.earningsTotal)} />
            <StatCard label="Completed projects" value={earnings.data.completedProjects} />
            <StatCard label="Average project" value={formatMoney(earnings.data.averageProjectValue)} />
            <StatCard
              label="In progress"
              value={formatMoney(earnings.data.inProgressValue)}
              hint={`${earnings.data.inProgressProjects} ${earnings.data.inProgressProjects === 1 ? 'project' : 'projects'} active or in review`}
            />
          </div>
          <div>
            <h3 className="text-xl">Recently completed</h3>
            {earnings.data.recentCompleted.length === 0 ? (
              <div className="mt-4">
                <EmptyState title="No completed projects yet" description="Completed projects and what they earned you will be listed here." />
              </div>
            ) : (
              <Card className="mt-4 divide-y divide-border">
                {earnings.data.recentCompleted.map((project) => (
                  <div key={project.id} className="flex items-center justify-between gap-4 px-5 py-4">
                    <div className="min-w-0">
                      <p className="truncate font-medium text-ink">{project.title}</p>
                      <p className="text-sm text-muted-foreground">
                        Completed <time dateTime={project.completedAt}>{formatDate(project.completedAt)}</time>
                      </p>
                    </div>
                    <p className="shrink-0 font-serif text-lg tabular-nums text-ink">{formatMoney(project.budget)}</p>
                  </div>
                ))}
              </Card>
            )}
          </div>
        </>
      )}
    </section>
  );
}
