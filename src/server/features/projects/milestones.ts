import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  applyMilestoneAction,
  DAY_MS,
  formatCents,
  projectStatusOfPlan,
  type MilestoneAction,
  type MilestonePlan,
} from '../../../domain/milestones';
import type { Transaction } from '../../db/client';
import { projectMilestones, projectOffers, projects } from '../../db/schema';
import { conflict } from '../../http/errors';
import { cancelJobs, scheduleJob } from '../../jobs/scheduler';
import { recordAudit } from '../audit/service';
import { PROJECT_CHANGED, unchangedSince } from './access';
import { projectCompleted } from './completion';
import type { ProjectRow } from './views';
import { formatLongDateTimeUtc } from '../../../domain/dates';

/**
 * The milestones of an active project (decision 151): the rules are domain/milestones.ts, applied here to rows
 * with conditional updates (a stale read answers 409), and the timers they set on the durable scheduler.
 */

export type MilestoneRow = typeof projectMilestones.$inferSelect;
export interface Actor {
  userId: string | null;
  name: string;
  email: string;
}

export const MILESTONE_CHANGED = 'This milestone was just changed by someone else. Please refresh and try again.';
const HOUR_MS = 60 * 60 * 1000;
/** Reminders before approval by time, in hours before it. */
export const APPROVAL_REMINDER_HOURS = [48, 24] as const;

export const JOB_AUTO_APPROVE = 'milestone.auto_approve';
export const JOB_APPROVAL_REMINDER = 'milestone.approval_reminder';
export const JOB_DUE_REMINDER = 'milestone.due_reminder';

/**
 * A project's milestones, in order. A project past its draft that has none was written before milestones existed
 * (or by a fixture that inserts rows directly): it becomes a one-milestone project in the state its status says, as
 * migration 0013 did for the rows it found.
 */
export const loadMilestones = async (tx: Transaction, project: ProjectRow): Promise<MilestoneRow[]> => {
  const rows = await tx.select().from(projectMilestones).where(eq(projectMilestones.projectId, project.id)).orderBy(asc(projectMilestones.position));
  if (rows.length > 0 || project.status === 'draft' || project.status === 'cancelled') return rows;
  const status = project.status === 'active' ? 'active' : project.status === 'in_review' ? 'submitted' : 'approved';
  return tx
    .insert(projectMilestones)
    .values({
      projectId: project.id,
      position: 1,
      title: project.title,
      amountCents: Math.round(Number(project.budget) * 100),
      status,
      deliverableUrl: project.deliverableUrl,
      submissions: status === 'active' ? 0 : 1,
      submittedAt: status === 'active' ? null : project.updatedAt,
      approvedAt: status === 'approved' ? (project.completedAt ?? project.updatedAt) : null,
    })
    .onConflictDoNothing()
    .returning();
};

const planOf = (project: ProjectRow, milestones: MilestoneRow[]): MilestonePlan => ({
  milestones: milestones.map((milestone) => milestone.status),
  flagged: project.flagged,
  revisionRounds: project.revisionRounds,
  revisionsUsed: project.revisionsUsed,
  extraRevisions: project.extraRevisions,
});

/** How a milestone is named in lines and emails; a one-milestone project keeps the wording it always had. */
export const milestoneDetail = (milestone: MilestoneRow, count: number): string => (count > 1 ? `milestone ${milestone.position} (“${milestone.title}”)` : '');

/** Applies one rule to the project's milestones, or answers 409 with the rule's reason. */
const decide = (project: ProjectRow, milestones: MilestoneRow[], action: MilestoneAction) => {
  const result = applyMilestoneAction(planOf(project, milestones), action);
  if (!result.ok) throw conflict(result.message);
  return { ...result, milestone: milestones[result.index] };
};

export const formatWhen = (date: Date): string => formatLongDateTimeUtc(date);

/** The day before a due date, at 09:00 UTC; nothing when that moment has passed. */
export const scheduleDueReminder = async (tx: Transaction, milestone: Pick<MilestoneRow, 'id' | 'dueDate'>, now: Date) => {
  if (!milestone.dueDate) return;
  const runAt = new Date(new Date(`${milestone.dueDate}T09:00:00Z`).getTime() - DAY_MS);
  if (runAt <= now) return;
  await scheduleJob(tx, { kind: JOB_DUE_REMINDER, key: `milestone:${milestone.id}:due-reminder`, runAt, payload: { milestoneId: milestone.id } });
};

/** Marks the waiting versions as replaced: by a new version, by a plain accept, or by the creator's decline. */
export const supersedeOpenOffers = async (tx: Transaction, projectId: string): Promise<void> => {
  await tx
    .update(projectOffers)
    .set({ status: 'superseded' })
    .where(and(eq(projectOffers.projectId, projectId), eq(projectOffers.status, 'pending')));
};

/** Creates the milestones of an accepted project: the first active, the rest pending, each with its due-date reminder. */
export const startMilestones = async (
  tx: Transaction,
  projectId: string,
  list: ReadonlyArray<{ title: string; amountCents: number; dueDate: string | null }>,
  now: Date,
): Promise<void> => {
  const rows = await tx
    .insert(projectMilestones)
    .values(list.map((item, i) => ({ projectId, position: i + 1, title: item.title, amountCents: item.amountCents, dueDate: item.dueDate, status: i === 0 ? ('active' as const) : ('pending' as const) })))
    .returning();
  // Every milestone's reminder from the start: a later one can fall due while an earlier one is still under way.
  for (const row of rows) await scheduleDueReminder(tx, row, now);
};

/** Starts (or restarts, after a flag is cleared) the wait before approval by time, with its reminders. */
export const startReviewClock = async (app: FastifyInstance, tx: Transaction, milestone: MilestoneRow, now: Date): Promise<Date> => {
  const autoApproveAt = new Date(now.getTime() + app.config.AUTO_APPROVE_DAYS * DAY_MS);
  await tx.update(projectMilestones).set({ autoApproveAt }).where(eq(projectMilestones.id, milestone.id));
  // The time is part of the key: a clock restarted after a flag is a new timer, the old one finds nothing to do.
  const occurrence = `${milestone.submissions}:${now.getTime()}`;
  const payload = { milestoneId: milestone.id, submission: milestone.submissions };
  await scheduleJob(tx, { kind: JOB_AUTO_APPROVE, key: `milestone:${milestone.id}:auto-approve:${occurrence}`, runAt: autoApproveAt, payload });
  for (const hours of APPROVAL_REMINDER_HOURS) {
    const runAt = new Date(autoApproveAt.getTime() - hours * HOUR_MS);
    if (runAt > now) await scheduleJob(tx, { kind: JOB_APPROVAL_REMINDER, key: `milestone:${milestone.id}:remind-${hours}h:${occurrence}`, runAt, payload });
  }
  return autoApproveAt;
};

/** Stops the wait (a flag, a revision, an approval): the pending timers are cancelled and the date cleared. */
export const stopReviewClock = async (tx: Transaction, milestoneId: string): Promise<void> => {
  await tx.update(projectMilestones).set({ autoApproveAt: null }).where(eq(projectMilestones.id, milestoneId));
  await cancelJobs(tx, `milestone:${milestoneId}:auto-approve:`);
  await cancelJobs(tx, `milestone:${milestoneId}:remind-`);
};

/** The current milestone under review, if the project has one (for a flag and its clearing). */
export const submittedMilestone = async (tx: Transaction, projectId: string): Promise<MilestoneRow | null> => {
  const [row] = await tx
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.projectId, projectId), eq(projectMilestones.status, 'submitted')));
  return row ?? null;
};

/** Submits the current milestone with its deliverable; returns the project's new row and how to name the milestone. */
export const submitMilestone = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, fileUrl: string, now: Date) => {
  const milestones = await loadMilestones(tx, project);
  const { milestone } = decide(project, milestones, 'submit');
  const [submitted] = await tx
    .update(projectMilestones)
    .set({ status: 'submitted', deliverableUrl: fileUrl, submissions: milestone.submissions + 1, submittedAt: now, revisionNote: null, updatedAt: now })
    .where(and(eq(projectMilestones.id, milestone.id), eq(projectMilestones.status, milestone.status), eq(projectMilestones.submissions, milestone.submissions)))
    .returning();
  if (!submitted) throw conflict(MILESTONE_CHANGED);
  await startReviewClock(app, tx, submitted, now);
  const [updated] = await tx
    .update(projects)
    .set({ status: 'in_review', deliverableUrl: fileUrl, updatedAt: now })
    .where(unchangedSince(project))
    .returning();
  if (!updated) throw conflict(PROJECT_CHANGED);
  return { project: updated, detail: milestoneDetail(submitted, milestones.length) };
};

/**
 * Approves the submitted milestone, by the client or by time: the next one starts, and approving the last one
 * completes the project. Returns what the caller tells the other side; the caller then calls `releaseIfFunded`
 * (payments/funding.ts), which releases the milestone's funding (decision 170), so the thread reads approval first, then the money.
 */
export const approveMilestone = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, actor: Actor, options: { byTime: boolean; now: Date }) => {
  const { byTime, now } = options;
  const milestones = await loadMilestones(tx, project);
  const { milestone, index, plan } = decide(project, milestones, 'approve');
  const [approved] = await tx
    .update(projectMilestones)
    .set({ status: 'approved', approvedAt: now, approvedByTime: byTime, autoApproveAt: null, updatedAt: now })
    .where(and(eq(projectMilestones.id, milestone.id), eq(projectMilestones.status, 'submitted'), eq(projectMilestones.submissions, milestone.submissions)))
    .returning();
  if (!approved) throw conflict(MILESTONE_CHANGED);
  await cancelJobs(tx, `milestone:${milestone.id}:`);
  const next = milestones[index + 1];
  if (next) {
    await tx.update(projectMilestones).set({ status: 'active', updatedAt: now }).where(and(eq(projectMilestones.id, next.id), eq(projectMilestones.status, 'pending')));
    await scheduleDueReminder(tx, next, now);
  }
  const status = projectStatusOfPlan(plan);
  const [updated] = await tx
    .update(projects)
    .set({ status, completedAt: status === 'completed' ? now : null, updatedAt: now })
    .where(unchangedSince(project))
    .returning();
  if (!updated) throw conflict(PROJECT_CHANGED);
  if (status === 'completed') await projectCompleted(app, tx, updated);
  if (byTime) {
    await recordAudit(tx, { userId: actor.userId, email: actor.email }, {
      action: 'project.auto_approve',
      targetType: 'project',
      targetId: project.id,
      reason: `No answer within ${app.config.AUTO_APPROVE_DAYS} days of the submission`,
      metadata: { milestoneId: milestone.id, position: milestone.position, title: milestone.title, submittedAt: milestone.submittedAt?.toISOString() ?? null },
    });
  }
  const named = milestoneDetail(approved, milestones.length);
  const event = byTime ? ('milestone_auto_approved' as const) : status === 'completed' ? ('approved' as const) : ('milestone_approved' as const);
  return { project: updated, milestone: approved, event, detail: event === 'approved' ? formatCents(milestone.amountCents) : named || 'the work' };
};

/** The client asks for a revision of the submitted milestone, using one round. */
export const requestRevision = async (tx: Transaction, project: ProjectRow, note: string, now: Date) => {
  const milestones = await loadMilestones(tx, project);
  const { milestone } = decide(project, milestones, 'request_revision');
  const [revised] = await tx
    .update(projectMilestones)
    .set({ status: 'revision_requested', revisionNote: note, updatedAt: now })
    .where(and(eq(projectMilestones.id, milestone.id), eq(projectMilestones.status, 'submitted'), eq(projectMilestones.submissions, milestone.submissions)))
    .returning();
  if (!revised) throw conflict(MILESTONE_CHANGED);
  await stopReviewClock(tx, milestone.id);
  const [updated] = await tx
    .update(projects)
    .set({ status: 'active', revisionsUsed: project.revisionsUsed + 1, updatedAt: now })
    .where(and(unchangedSince(project), eq(projects.revisionsUsed, project.revisionsUsed)))
    .returning();
  if (!updated) throw conflict(PROJECT_CHANGED);
  return { project: updated, detail: milestoneDetail(revised, milestones.length) || 'the work' };
};

/** The creator (or an admin) allows one more revision round than the offer included. */
export const allowExtraRevision = async (tx: Transaction, project: ProjectRow, now: Date) => {
  const [updated] = await tx
    .update(projects)
    .set({ extraRevisions: project.extraRevisions + 1, updatedAt: now })
    .where(and(unchangedSince(project), eq(projects.extraRevisions, project.extraRevisions)))
    .returning();
  if (!updated) throw conflict(PROJECT_CHANGED);
  return updated;
};
