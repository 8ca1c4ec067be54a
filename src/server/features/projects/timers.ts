import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { projectMilestones, projectOffers, projects } from '../../db/schema';
import { answerReminderPayload, JOB_ANSWER_REMINDER } from './answer-reminders';
import { creatorOf } from './access';
import { approveMilestone, formatWhen, JOB_APPROVAL_REMINDER, JOB_AUTO_APPROVE, JOB_DUE_REMINDER, loadMilestones, milestoneDetail } from './milestones';
import { summaryOf } from './offers';
import { notifyOtherSide, SYSTEM_ACTOR, tellParty } from './service';
import { dueWording } from './emails';
import { releaseOrInvoiceApproved } from '../payments/funding';

const submissionPayload = z.object({ milestoneId: z.uuid(), submission: z.number().int() });
const milestonePayload = z.object({ milestoneId: z.uuid() });

/**
 * The actions of the milestone timers (decision 151), run by the durable scheduler in the transaction that marks the
 * timer done. Each first checks that the milestone is still as the timer expects, and otherwise does nothing.
 */
export const registerMilestoneTimers = (app: FastifyInstance): void => {
  /**
   * The submitted milestone and its project, locked, if this submission still waits for the client. The project's
   * row is locked first, then the milestone's: the order of the client's approve, revision and flag (and of every
   * money move), so a click at the moment the timer fires waits its turn instead of deadlocking (decision 193). The
   * milestone is read again once the project is held, as the click before it may have changed it.
   */
  const stillWaiting = async (tx: Transaction, payload: unknown, now: Date) => {
    const { milestoneId, submission } = submissionPayload.parse(payload);
    const [found] = await tx.select({ projectId: projectMilestones.projectId }).from(projectMilestones).where(eq(projectMilestones.id, milestoneId));
    if (!found) return null;
    const [project] = await tx.select().from(projects).where(eq(projects.id, found.projectId)).for('update');
    const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, milestoneId)).for('update');
    if (!milestone || milestone.status !== 'submitted' || milestone.submissions !== submission || !milestone.autoApproveAt) return null;
    if (!project || project.flagged || project.status !== 'in_review') return null;
    return { milestone, project, autoApproveAt: milestone.autoApproveAt, due: milestone.autoApproveAt <= now };
  };

  app.jobs.handle(JOB_AUTO_APPROVE, async ({ tx, job, now }) => {
    const waiting = await stillWaiting(tx, job.payload, now);
    // A clock restarted after a flag has a later date: this older timer then has nothing to do.
    if (!waiting?.due) return;
    const result = await approveMilestone(app, tx, waiting.project, SYSTEM_ACTOR, { byTime: true, now });
    await notifyOtherSide(app, tx, result.event, { before: waiting.project, after: result.project, actor: SYSTEM_ACTOR, detail: result.detail });
    // Approval by time releases a funded milestone like the client's approval (decision 170).
    await releaseOrInvoiceApproved(app, tx, result.project, result.milestone);
  });

  app.jobs.handle(JOB_APPROVAL_REMINDER, async ({ tx, job, now }) => {
    const waiting = await stillWaiting(tx, job.payload, now);
    if (!waiting || waiting.due) return;
    // The payload carries only the milestone's id (also in timers queued before reminders named it): its name is read here.
    const count = (await loadMilestones(tx, waiting.project)).length;
    await tellParty(app, tx, 'approval_reminder', {
      project: waiting.project,
      recipient: { id: waiting.project.clientId, role: 'client' },
      actorName: SYSTEM_ACTOR.name,
      detail: milestoneDetail(waiting.milestone, count),
      when: formatWhen(waiting.autoApproveAt),
    });
  });

  app.jobs.handle(JOB_DUE_REMINDER, async ({ tx, job, now }) => {
    const { milestoneId } = milestonePayload.parse(job.payload);
    const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, milestoneId));
    // A milestone not started yet is reminded too: its date is near while an earlier one is still under way.
    if (!milestone || (milestone.status !== 'pending' && milestone.status !== 'active' && milestone.status !== 'revision_requested')) return;
    const [project] = await tx.select().from(projects).where(eq(projects.id, milestone.projectId));
    const creator = project && creatorOf(project);
    if (!project || !creator || (project.status !== 'active' && project.status !== 'in_review')) return;
    const count = (await loadMilestones(tx, project)).length;
    const named = milestoneDetail(milestone, count) || 'The work';
    await tellParty(app, tx, 'due_reminder', {
      project,
      recipient: creator,
      actorName: SYSTEM_ACTOR.name,
      detail: `${named.charAt(0).toUpperCase()}${named.slice(1)}`,
      // Said as it stands now: a reminder that ran late (the server was down the day before) said 'due tomorrow'.
      when: milestone.dueDate ? dueWording(milestone.dueDate, now) : '',
    });
  });

  app.jobs.handle(JOB_ANSWER_REMINDER, async ({ tx, job }) => {
    const { projectId, since, waitingOn } = answerReminderPayload.parse(job.payload);
    const [project] = await tx.select().from(projects).where(eq(projects.id, projectId));
    // Any change to the draft since the turn passed (an answer, an offer, a new creator, a cancellation) ends the wait.
    if (!project || project.status !== 'draft' || project.updatedAt.getTime() !== Date.parse(since)) return;
    const creator = creatorOf(project);
    if (!creator) return;
    const [latest] = await tx
      .select()
      .from(projectOffers)
      .where(and(eq(projectOffers.projectId, project.id), eq(projectOffers.creatorId, creator.id)))
      .orderBy(desc(projectOffers.version))
      .limit(1);
    if (waitingOn === 'creator') {
      // The creator's turn: no offer yet, or the client asked for changes to the latest.
      if (latest?.status === 'pending') return;
      await tellParty(app, tx, 'answer_reminder', { project, recipient: creator, actorName: SYSTEM_ACTOR.name });
      return;
    }
    if (latest?.status !== 'pending') return;
    await tellParty(app, tx, 'offer_reminder', {
      project,
      recipient: { id: project.clientId, role: 'client' },
      actorName: SYSTEM_ACTOR.name,
      detail: summaryOf(latest),
    });
  });
};
