import { useState } from 'react';
import { ChevronDown, Flag } from 'lucide-react';
import { ADMIN_MESSAGES, cancelActiveProjectSchema, humanizeCategory, type AdminProject } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import { allowedProjectActions, hasOpenFlag, type ProjectState, type ProjectViewer } from '../../../domain/project-lifecycle';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { ProjectStatusBadge, RowCard, SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { formatBudget, formatDate } from './format';
import { CancelDecisionDialog, type CancelDecision } from './cancel-decision-dialog';
import { ProjectDetail } from './project-detail';
import { ReasonDialog } from './reason-dialog';

type Filter = 'all' | 'flagged';

const ADMIN_VIEWER: ProjectViewer = { role: 'admin', relation: 'none' };
const adminStateOf = (project: AdminProject): ProjectState => ({
  status: project.status,
  hasCreator: project.creatorName !== null,
  flagged: project.flagged,
});
/** A flag's decision (clear it, or cancel with the money's outcome), or the cancellation of a project under way (decision 193). */
type Decision = { project: AdminProject; action: 'clear-flag' | 'cancel' | 'cancel-active' };

const FILTERS: Array<{ value: Filter; label: string }> = [
  { value: 'all', label: 'All projects' },
  { value: 'flagged', label: 'Flagged for review' },
];

function FilterToggle({ value, onChange }: { value: Filter; onChange: (value: Filter) => void }) {
  return (
    <div role="group" aria-label="Show" className="inline-flex rounded-full bg-muted p-1">
      {FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          aria-pressed={value === filter.value}
          onClick={() => onChange(filter.value)}
          className={cn(
            'h-9 rounded-full px-4 text-sm font-medium text-muted-foreground transition-colors duration-150 hover:text-ink',
            value === filter.value && 'bg-surface text-ink shadow-sm',
          )}
        >
          {filter.label}
        </button>
      ))}
    </div>
  );
}

export function ProjectsTab() {
  const [filter, setFilter] = useState<Filter>('all');
  const query = useAdminQuery<{ projects: AdminProject[] }>(adminKeys.projects(filter), `/api/admin/projects?filter=${filter}`);
  const [deciding, setDeciding] = useState<Decision | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (projectId: string) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (!next.delete(projectId)) next.add(projectId);
      return next;
    });
  const resolve = useAdminAction<Decision & Partial<CancelDecision>>({
    request: ({ project, action, reason, outcome, creatorCents }) => ({
      path: `/api/admin/projects/${project.id}/${action}`,
      init: { method: 'POST', body: action === 'cancel' ? { reason, outcome, creatorCents } : { reason } },
    }),
    success: deciding?.action === 'clear-flag' ? ADMIN_MESSAGES.flagCleared : ADMIN_MESSAGES.projectCancelled,
    failure: deciding?.action === 'clear-flag' ? ADMIN_MESSAGES.flagClearFailed : ADMIN_MESSAGES.projectCancelFailed,
    onSuccess: () => setDeciding(null),
  });
  const allowExtra = useAdminAction<AdminProject>({
    request: (project) => ({ path: `/api/projects/${project.id}/allow-extra-revision`, init: { method: 'POST' } }),
    success: 'One more revision round allowed',
    failure: 'Error allowing an extra revision',
  });
  // The full list shows the newest 20 of the 50 loaded (the product's rule); the flagged queue shows every open flag
  // it loaded.
  const shown = (filter === 'flagged' ? query.data?.projects : query.data?.projects.slice(0, LIMITS.adminProjectDisplay)) ?? [];

  return (
    <section aria-labelledby="projects-heading">
      <SectionHeading id="projects-heading" title="All Projects" description="The newest work on the platform, and anything a client has flagged." actions={<FilterToggle value={filter} onChange={setFilter} />} />
      {query.isPending ? (
        <ListSkeleton rows={4} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : shown.length === 0 ? (
        filter === 'flagged' ? (
          <EmptyState title="No flagged projects" description="When a client flags delivered work, it waits here for your decision." />
        ) : (
          <EmptyState title="No projects on the platform yet" description="Projects appear here as soon as a client creates one." />
        )
      ) : (
        <>
          <p className="mb-3 text-sm text-muted-foreground">
            {filter === 'flagged'
              ? `${shown.length} flagged ${shown.length === 1 ? 'project awaits' : 'projects await'} your decision, oldest first`
              : query.data.projects.length > shown.length
                ? `Showing the ${shown.length} newest of the ${query.data.projects.length} most recent projects.`
                : `${shown.length} ${shown.length === 1 ? 'project' : 'projects'}`}
          </p>
          <ul className="space-y-3">
            {shown.map((project) => {
              const allowed = allowedProjectActions(adminStateOf(project), ADMIN_VIEWER);
              const canResolve = allowed.includes('clear_flag');
              // In a dispute over rounds, an admin can grant the revision the client asked for instead of deciding the flag.
              const canAllowRevision = project.flagged && allowed.includes('admin_allow_revision');
              // Work under way with nothing waiting for review can be ended by the platform (decision 193).
              const canCancelActive = allowed.includes('admin_cancel_active');
              // A cancelled project keeps its flag as a record of the dispute; it is no longer one to review.
              const isFlagOpen = hasOpenFlag(project);
              const isOpen = expanded.has(project.id);
              const detailId = `admin-project-${project.id}-detail`;
              return (
                <RowCard key={project.id} className={cn(canResolve && 'border-accent/60')}>
                  <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
                    <div className="min-w-0 space-y-1.5">
                      <div className="flex flex-wrap items-center gap-2">
                        <h3 className="font-serif text-lg font-normal text-ink wrap-anywhere">{project.title}</h3>
                        <ProjectStatusBadge status={project.status} />
                        {isFlagOpen ? (
                          <Badge variant="destructive">
                            <Flag aria-hidden="true" className="size-3" />
                            Flagged
                          </Badge>
                        ) : null}
                      </div>
                      <p className="text-sm capitalize text-muted-foreground">
                        {humanizeCategory(project.deliverableType)} · {formatBudget(project.budget)} · {formatDate(project.createdAt)}
                      </p>
                      <p className="text-sm text-muted-foreground">
                        Client: {project.clientName ?? 'Unknown Client'} · Creator: {project.creatorName ?? 'not assigned'}
                      </p>
                      {isFlagOpen && project.flagReason ? (
                        <p className="text-sm text-ink">
                          <span className="font-medium">Flag reason:</span> {project.flagReason}
                        </p>
                      ) : null}
                    </div>
                    <div className="flex shrink-0 flex-wrap gap-2.5">
                      {canResolve ? (
                        <>
                          <Button size="sm" onClick={() => setDeciding({ project, action: 'clear-flag' })}>
                            Clear flag
                          </Button>
                          <Button size="sm" variant="secondary" onClick={() => setDeciding({ project, action: 'cancel' })}>
                            Cancel project
                          </Button>
                        </>
                      ) : null}
                      {canCancelActive ? (
                        <Button size="sm" variant="secondary" onClick={() => setDeciding({ project, action: 'cancel-active' })}>
                          Cancel project
                        </Button>
                      ) : null}
                      {canAllowRevision ? (
                        <Button
                          size="sm"
                          variant="ghost"
                          onClick={() => allowExtra.mutate(project)}
                          disabled={allowExtra.isPending}
                          aria-busy={(allowExtra.isPending && allowExtra.variables.id === project.id) || undefined}
                        >
                          Allow an extra revision
                        </Button>
                      ) : null}
                      <Button size="sm" variant="ghost" aria-expanded={isOpen} aria-controls={isOpen ? detailId : undefined} onClick={() => toggle(project.id)}>
                        {isFlagOpen ? 'Review the work' : 'Details'}
                        <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', isOpen && 'rotate-180')} />
                      </Button>
                    </div>
                  </div>
                  {isOpen ? <ProjectDetail projectId={project.id} id={detailId} /> : null}
                </RowCard>
              );
            })}
          </ul>
        </>
      )}
      <CancelDecisionDialog
        open={deciding?.action === 'cancel'}
        onOpenChange={(open) => !open && setDeciding(null)}
        project={deciding?.action === 'cancel' ? deciding.project : null}
        isPending={resolve.isPending}
        onConfirm={(decision) => (deciding ? resolve.mutateAsync({ ...deciding, ...decision }) : Promise.resolve())}
      />
      <ReasonDialog
        open={deciding?.action === 'cancel-active'}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={`Cancel “${deciding?.project.title ?? ''}”?`}
        description="The project ends for the client and the creator, and both are told your reason. Money held for work not yet approved is refunded to the client; approved milestones stay as they are."
        reasonLabel="Reason for cancelling"
        reasonHint="Required. Shown to the client and the creator in the project’s thread and emails, and kept in the audit log."
        isRequired
        schema={cancelActiveProjectSchema}
        confirmLabel="Cancel project"
        dismissLabel="Go back"
        confirmVariant="destructive"
        isPending={resolve.isPending}
        onConfirm={(reason) => (deciding ? resolve.mutateAsync({ ...deciding, reason }) : undefined)}
      />
      <ReasonDialog
        open={deciding?.action === 'clear-flag'}
        onOpenChange={(open) => !open && setDeciding(null)}
        title={`Clear the flag on “${deciding?.project.title ?? ''}”?`}
        description="The work goes back to the client for approval, unflagged. Both the client and the creator are emailed."
        reasonLabel="Note (optional)"
        reasonHint="Included in the emails and kept in the audit log."
        confirmLabel="Clear flag"
        dismissLabel="Go back"
        isPending={resolve.isPending}
        onConfirm={(reason) => deciding && resolve.mutate({ ...deciding, reason })}
      />
    </section>
  );
}
