import type { FastifyInstance } from 'fastify';
import type { ProjectView } from '../../../domain/project-schemas';
import { projects } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { cancelJobs } from '../../jobs/scheduler';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { settleCancelledProject, type CancellationMoney } from '../payments/settlement';
import { PROJECT_CHANGED, PROJECT_NOT_FOUND, requireProjectAction, requireVisibleProject, unchangedSince } from './access';
import { loadMilestones } from './milestones';
import { notifyOtherSide } from './service';
import { loadProjectView } from './views';
import { readAfterCommit } from '../../db/unavailable';

/**
 * Ending a project under way (decision 193): the creator withdraws, or an admin cancels it. Either only while the
 * current milestone is not submitted (the shared rules, 'withdraw' and 'admin_cancel_active'): delivered work waiting
 * for review is settled through the client's answer or a flag's decision, never behind their back. One transaction:
 * the project is cancelled, the milestones' timers stop, the thread and the other side are told, a funded milestone
 * not yet approved is refunded to the client and open invoices of unapproved work are voided (settlement.ts), while
 * approved milestones stay as they are, and the audit log keeps who did it and why.
 */
const endProjectUnderWay = async (
  app: FastifyInstance,
  auth: AuthContext,
  projectId: string,
  ending: { action: 'withdraw' | 'admin_cancel_active'; reason: string },
): Promise<CancellationMoney> =>
  app.db.transaction(async (tx) => {
    // The project's row first, as every transition and money move takes it (decision 193).
    const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
    requireProjectAction(row, viewer, ending.action);
    const milestones = await loadMilestones(tx, row);
    // The project's status says the same; the rows are the last word on whether work waits for review.
    if (milestones.some((milestone) => milestone.status === 'submitted')) throw conflict(PROJECT_CHANGED);
    const now = new Date();
    const [updated] = await tx.update(projects).set({ status: 'cancelled', updatedAt: now }).where(unchangedSince(row)).returning();
    if (!updated) throw conflict(PROJECT_CHANGED);
    for (const milestone of milestones) {
      if (milestone.status !== 'approved') await cancelJobs(tx, `milestone:${milestone.id}:`);
    }
    // The line and the notices first, then the money's own lines: the thread reads the cancellation, then the refund.
    if (ending.action === 'withdraw') {
      await notifyOtherSide(app, tx, 'withdrawn', { before: row, after: updated, actor: auth, note: ending.reason });
    } else {
      // The admin acts for the platform: the thread and the notices name it, and both sides are told.
      await notifyOtherSide(app, tx, 'cancelled_by_admin', { before: row, after: updated, actor: { userId: null, name: app.config.SITE_NAME }, note: ending.reason });
    }
    const money = await settleCancelledProject(app, tx, updated, { outcome: 'refund' });
    await recordAudit(tx, auth, {
      action: ending.action === 'withdraw' ? 'project.withdraw' : 'project.cancel_active',
      targetType: 'project',
      targetId: projectId,
      reason: ending.reason,
      metadata: { title: row.title, money },
    });
    return money;
  });

/** The assigned creator leaves an active project whose current milestone is not submitted, saying why. */
export const withdrawFromProject = async (app: FastifyInstance, auth: AuthContext, projectId: string, reason: string): Promise<ProjectView> => {
  await endProjectUnderWay(app, auth, projectId, { action: 'withdraw', reason });
  const view = await readAfterCommit(() => loadProjectView(app.db, projectId));
  if (!view) throw notFound(PROJECT_NOT_FOUND);
  return view;
};

/** An admin cancels an active project whose current milestone is not submitted, with a reason both sides are told. */
export const cancelActiveProject = async (app: FastifyInstance, auth: AuthContext, projectId: string, reason: string) => {
  const money = await endProjectUnderWay(app, auth, projectId, { action: 'admin_cancel_active', reason });
  return { id: projectId, status: 'cancelled' as const, flagged: false, money };
};
