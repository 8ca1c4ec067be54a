import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, type AdminProject } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import { applyProjectAction, projectStateOf, type ProjectAction } from '../../../domain/project-lifecycle';
import type { Database, Transaction } from '../../db/client';
import { profiles, projects, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { startReviewClock, submittedMilestone } from '../projects/milestones';
import { projectCancelledEmail, projectFlagClearedEmail } from '../admin/emails';
import { recordProjectEvent } from '../conversations/threads';
import { notify } from '../notifications/service';
import { projectEventTitle } from '../projects/emails';
import { projectCardPath } from '../../../domain/routes';
import { creatorOf } from '../projects/access';
import { requireHeldForDispute, settleCancelledProject } from '../payments/settlement';
import type { DisputeOutcome } from '../../../domain/payment-schemas';

const clientProfile = alias(profiles, 'client_profile');
const makerProfile = alias(profiles, 'maker_profile');
const mindProfile = alias(profiles, 'mind_profile');

/** The newest 50 projects (the product's rule), or the flags awaiting a decision when `flagged` is set. */
export const listProjects = async (db: Database, filter: 'all' | 'flagged'): Promise<AdminProject[]> => {
  const rows = await db
    .select({
      id: projects.id,
      title: projects.title,
      deliverableType: projects.deliverableType,
      status: projects.status,
      budget: projects.budget,
      flagged: projects.flagged,
      flagReason: projects.flagReason,
      clientName: clientProfile.name,
      creatorName: sql<string | null>`coalesce(${makerProfile.name}, ${mindProfile.name})`,
      createdAt: projects.createdAt,
    })
    .from(projects)
    .leftJoin(clientProfile, eq(clientProfile.id, projects.clientId))
    .leftJoin(makerProfile, eq(makerProfile.id, projects.makerId))
    .leftJoin(mindProfile, eq(mindProfile.id, projects.mindId))
    // The flagged view is the admin's queue: flags still awaiting a decision (a cancelled project keeps its flag as
    // history and shows in the full list), oldest first so none waits behind newer ones.
    .where(filter === 'flagged' ? and(eq(projects.flagged, true), eq(projects.status, 'in_review')) : undefined)
    .orderBy(...(filter === 'flagged' ? [asc(projects.createdAt), asc(projects.id)] : [desc(projects.createdAt), desc(projects.id)]))
    .limit(LIMITS.adminProjectFetch);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
};

export const countProjects = async (db: Database): Promise<number> => {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(projects);
  return row?.total ?? 0;
};

type FlagDecision = 'clear' | 'cancel';
const DECISION_ACTIONS = { clear: 'clear_flag', cancel: 'admin_cancel' } as const satisfies Record<FlagDecision, ProjectAction>;

/** Locks the project and checks the decision against the shared project rules: a missing project is a 404, any other state a 409. */
const lockFlaggedProject = async (tx: Transaction, auth: AuthContext, projectId: string, decision: FlagDecision) => {
  const [project] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  if (!project) throw notFound('Project not found');
  const result = applyProjectAction(projectStateOf(project), { role: auth.role, relation: 'none' }, DECISION_ACTIONS[decision]);
  if (!result.ok) throw conflict(ADMIN_MESSAGES.projectNotFlagged);
  return project;
};

const participantsOf = async (tx: Transaction, project: { clientId: string; makerId: string | null; mindId: string | null }) => {
  const ids = [project.clientId, project.makerId, project.mindId].filter((id): id is string => Boolean(id));
  return tx
    .select({ id: user.id, email: user.email, name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, ids));
};

/**
 * Resolves a client's flag: clearing returns the work to the client's review (flagged false, still
 * in_review); cancelling ends the project. Both parties are emailed and the decision is audit-logged.
 */
export const resolveFlag = async (
  app: FastifyInstance,
  auth: AuthContext,
  projectId: string,
  decision: FlagDecision,
  reason: string | null,
  dispute: { outcome: DisputeOutcome; creatorCents?: number } = { outcome: 'refund' },
) =>
  app.db.transaction(async (tx) => {
    const project = await lockFlaggedProject(tx, auth, projectId, decision);
    const changes =
      decision === 'clear'
        ? { flagged: false, flagReason: null, updatedAt: new Date() }
        : { status: 'cancelled' as const, updatedAt: new Date() };
    const [updated] = await tx
      .update(projects)
      .set(changes)
      .where(and(eq(projects.id, projectId), eq(projects.flagged, true), eq(projects.status, 'in_review')))
      .returning({ status: projects.status, flagged: projects.flagged });
    if (!updated) throw conflict(ADMIN_MESSAGES.projectNotFlagged);
    // Cleared work is back in the client's review, with the full wait before approval by time (decision 151).
    const underReview = decision === 'clear' ? await submittedMilestone(tx, projectId) : null;
    if (underReview) await startReviewClock(app, tx, underReview, new Date());
    const creator = creatorOf(project);
    if (creator) {
      // The admin acts for the platform: the thread names the platform, not the person.
      await recordProjectEvent(tx, {
        event: decision === 'clear' ? 'flag_cleared' : 'cancelled',
        project,
        creatorId: creator.id,
        actor: { userId: auth.userId, name: app.config.SITE_NAME },
      });
    }
    // The money held for the work is settled as decided, in the decision's own transaction (decision 170).
    if (decision === 'cancel') await requireHeldForDispute(tx, projectId, dispute.outcome);
    const money = decision === 'cancel' ? await settleCancelledProject(app, tx, project, dispute) : null;

    for (const person of await participantsOf(tx, project)) {
      const email =
        decision === 'clear'
          ? projectFlagClearedEmail(app, person, project.title, reason)
          : projectCancelledEmail(app, person, project.title, reason);
      await app.mailer.enqueue(email, tx);
      // And in the app, as every other project event: the bell of each side, in the decision's transaction.
      const dashboard = person.id === project.clientId ? 'client' : project.makerId === person.id ? 'maker' : 'mind';
      await notify(tx, {
        userId: person.id,
        kind: 'project',
        subjectKey: `project:${projectId}:${decision === 'clear' ? 'flag_cleared' : 'cancelled_by_admin'}:${randomUUID()}`,
        title: decision === 'clear' ? `Review finished: ${project.title}` : projectEventTitle('cancelled_by_admin', project.title),
        body: `From ${app.config.SITE_NAME}`,
        link: projectCardPath(dashboard, projectId),
      });
    }
    await recordAudit(tx, auth, {
      action: decision === 'clear' ? 'project.clear_flag' : 'project.cancel',
      targetType: 'project',
      targetId: projectId,
      reason,
      metadata: { title: project.title, flagReason: project.flagReason, ...(money ? { money } : {}) },
    });
    return { id: projectId, status: updated.status, flagged: updated.flagged, ...(money ? { money } : {}) };
  });
