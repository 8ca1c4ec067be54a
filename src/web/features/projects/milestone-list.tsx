import { Clock } from 'lucide-react';
import { formatCents, MILESTONE_STATUS_LABELS, type MilestoneStatus, type MilestoneView } from '../../../domain/milestones';
import type { ProjectView } from '../../../domain/project-schemas';
import { DownloadLink } from '../../components/download-link';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import type { MilestoneFunding, ProjectFunding } from '../../../domain/payment-schemas';
import { FundingBadge, MilestoneFundingLine } from '../payments/milestone-funding';
import { ProjectFileProvenanceMarks } from './project-file-provenance';
import { useProjectFunding } from '../payments/payments-api';
import { formatCalendarDay, formatDate, formatDateTime } from '../../../domain/dates';

// A due date is a calendar day, not an instant: read it in UTC so no time zone moves it a day.
export const formatDay = formatCalendarDay;
export const formatInstantDay = formatDate;

/** A milestone of a cancelled project that was never approved: stopped, not still in progress or in review. */
export const MILESTONE_STOPPED_LABEL = 'Stopped';
const MILESTONES_STOPPED_NOTE = 'Work stopped when the project was cancelled.';

const STATUS_VARIANT: Record<MilestoneStatus, BadgeProps['variant']> = {
  pending: 'muted',
  active: 'neutral',
  submitted: 'outline',
  revision_requested: 'outline',
  approved: 'accent',
};

export const SectionLabel = ({ children, className }: { children: React.ReactNode; className?: string }) => (
  <h4 className={cn('font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground', className)}>{children}</h4>
);

/** The milestones of an accepted project, for both sides (and an admin, who acts on none): where the work stands and what happens next. */
export function MilestoneList({ project, perspective }: { project: ProjectView; perspective: 'client' | 'creator' | 'admin' }) {
  const hasMilestones = project.milestones.length > 0;
  // The money of each milestone, for both sides: the creator sees 'Awaiting funding' too.
  const funding = useProjectFunding(project.id, hasMilestones);
  if (!hasMilestones) return null;
  const { revisions } = project;
  const fundingOf = (milestoneId: string) => funding.data?.milestones.find((item) => item.milestoneId === milestoneId);
  return (
    <section className="mt-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <SectionLabel>
          Milestones
        </SectionLabel>
        {project.status === 'cancelled' && project.milestones.some((milestone) => milestone.status !== 'approved') ? (
          <p className="text-sm text-muted-foreground">{MILESTONES_STOPPED_NOTE}</p>
        ) : project.status === 'completed' || project.status === 'cancelled' ? null : (
          <p className="text-sm text-muted-foreground">
              Revision rounds left: <span className="font-medium text-ink">{revisions.left}</span>
            {revisions.extra > 0 ? <span> (including {revisions.extra} extra)</span> : null}
          </p>
        )}
      </div>
      <ol className="mt-3 divide-y divide-border rounded-xl border border-border">
        {project.milestones.map((milestone) => (
          <MilestoneRow
            key={milestone.id}
            milestone={milestone}
            funding={fundingOf(milestone.id)}
            provider={funding.data?.provider ?? 'manual'}
            isClient={perspective === 'client'}
            creatorName={project.creator?.name ?? 'The creator'}
            isStopped={project.status === 'cancelled' && milestone.status !== 'approved'}
            projectTitle={project.title}
            // One milestone's delivery is the project's, shown once by the card's Deliverable section (with its preview).
            linksDelivery={project.milestones.length > 1}
          />
        ))}
      </ol>
    </section>
  );
}

interface MilestoneRowProps {
  milestone: MilestoneView;
  funding: MilestoneFunding | undefined;
  provider: ProjectFunding['provider'];
  isClient: boolean;
  creatorName: string;
  /** The project was cancelled before this milestone was approved: nothing about it is under way or under review. */
  isStopped: boolean;
  linksDelivery: boolean;
  /** Names a delivery's Content Credentials mark, one of many on a page of projects. */
  projectTitle: string;
}

function MilestoneRow({ milestone, funding, provider, isClient, creatorName, isStopped, linksDelivery, projectTitle }: MilestoneRowProps) {
  const isCurrent = !isStopped && milestone.status !== 'approved' && milestone.status !== 'pending';
  // A stopped milestone no money was held for will never start: 'To fund when it starts' would promise a step that never comes.
  const hasNoMoney = isStopped && (funding?.status ?? milestone.funding) === 'not_due';
  return (
    <li aria-label={`Milestone ${milestone.position}: ${milestone.title}`} className={cn('grid gap-2 p-4', isCurrent && 'bg-surface/70')}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <p className="min-w-0 wrap-anywhere font-medium text-ink">
          <span className="mr-2 text-muted-foreground tabular-nums">{milestone.position}.</span>
          {milestone.title}
        </p>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {milestone.late && !isStopped ? <Badge variant="destructive">Late</Badge> : null}
          {isStopped ? (
            <Badge variant="muted">{MILESTONE_STOPPED_LABEL}</Badge>
          ) : (
            <Badge variant={STATUS_VARIANT[milestone.status]}>{MILESTONE_STATUS_LABELS[milestone.status]}</Badge>
          )}
        </div>
      </div>
      <p className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
        <span className="font-medium text-ink tabular-nums">{formatCents(milestone.amountCents)}</span>
        {milestone.dueDate ? (
          <>
            <span aria-hidden="true">·</span>
            <span>Due {formatDay(milestone.dueDate)}</span>
          </>
        ) : null}
        {milestone.approvedAt ? (
          <>
            <span aria-hidden="true">·</span>
            <span>
              {milestone.approvedByTime ? 'Approved automatically' : 'Approved'} on {formatInstantDay(milestone.approvedAt)}
            </span>
          </>
        ) : null}
      </p>
      {milestone.status === 'revision_requested' && milestone.revisionNote && !isStopped ? (
        <p className="rounded-lg bg-muted px-3 py-2 text-sm text-ink">
          <span className="font-medium">Revision asked for:</span> <span className="whitespace-pre-line wrap-anywhere">{milestone.revisionNote}</span>
        </p>
      ) : null}
      {milestone.status === 'submitted' && milestone.autoApproveAt && !isStopped ? (
        <p className="flex items-center gap-1.5 text-sm text-accent-strong">
          <Clock aria-hidden="true" className="size-4" />
          {/* With the hour: the emails give it, and on the day itself the date alone left the client guessing. */}
          Approves automatically on {formatDateTime(milestone.autoApproveAt)}
        </p>
      ) : null}
      {milestone.deliverableUrl && linksDelivery ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <DownloadLink href={milestone.deliverableUrl}>Milestone {milestone.position} delivery</DownloadLink>
          <ProjectFileProvenanceMarks provenance={milestone.deliverableProvenance} itemTitle={`Milestone ${milestone.position} delivery of ${projectTitle}`} />
        </div>
      ) : null}
      {hasNoMoney ? null : funding ? (
        <MilestoneFundingLine funding={funding} provider={provider} isClient={isClient} creatorName={creatorName} />
      ) : milestone.funding ? (
        // Until the funding details load (or if they cannot), the project view's status still tells both sides.
        <div>
          <FundingBadge status={milestone.funding} />
        </div>
      ) : null}
    </li>
  );
}
