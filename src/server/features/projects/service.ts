import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { dashboardPath } from '../../../domain/routes';
import type { FastifyInstance } from 'fastify';
import { FLAG_REASON, type ProjectAction } from '../../../domain/project-lifecycle';
import { PROJECT_FIELD_MESSAGES, type CreateProjectInput, type ProjectView } from '../../../domain/project-schemas';
import type { Transaction } from '../../db/client';
import { makerProfiles, mindProfiles, projects } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { creatorOf, PROJECT_CHANGED, PROJECT_NOT_FOUND, requireProjectAction, requireVisibleProject, unchangedSince } from './access';
import { findApprovedCreator, findContacts, type ApprovedCreator } from './creators';
import { recordProjectEvent } from '../conversations/threads';
import { enqueueProjectEmail, projectEventTitle, type ProjectEmailEvent } from './emails';
import { notify } from '../notifications/service';
import { projectCompleted } from './completion';
import { loadProjectView, loadProjectViews, type ProjectRow } from './views';

type ProjectChanges = Partial<typeof projects.$inferInsert>;

const requireCreator = async (tx: Transaction, creatorId: string): Promise<ApprovedCreator> => {
  const creator = await findApprovedCreator(tx, creatorId);
  if (!creator) throw badRequest(PROJECT_FIELD_MESSAGES.creatorUnavailable, { creatorId: PROJECT_FIELD_MESSAGES.creatorUnavailable });
  return creator;
};

const assignmentOf = (creator: ApprovedCreator | null): ProjectChanges => ({
  makerId: creator?.role === 'maker' ? creator.id : null,
  mindId: creator?.role === 'mind' ? creator.id : null,
});

/**
 * Tells the other side of the project: a system line in the pair's thread, and an email (the client for a
 * creator's action, the creator for the client's). Both are written in the event's own transaction.
 */
export const notifyOtherSide = async (
  app: FastifyInstance,
  tx: Transaction,
  event: ProjectEmailEvent,
  input: { before: ProjectRow; after: ProjectRow; actor: AuthContext },
): Promise<void> => {
  const { before, after, actor } = input;
  const creator = creatorOf(after) ?? creatorOf(before);
  if (creator) {
    await recordProjectEvent(tx, {
      event: event === 'assigned' ? 'created' : event,
      project: { ...after, conversationId: after.conversationId ?? before.conversationId },
      creatorId: creator.id,
      actor: { userId: actor.userId, name: actor.name },
    });
  }
  const recipient = actor.userId === before.clientId ? creator : { id: before.clientId, role: 'client' as const };
  if (!recipient) return;
  await notify(tx, {
    userId: recipient.id,
    kind: 'project',
    // Every event is its own item.
    subjectKey: `project:${after.id}:${event}:${randomUUID()}`,
    title: projectEventTitle(event, after.title),
    body: `From ${actor.name}`,
    link: dashboardPath(recipient.role),
  });
  const contact = (await findContacts(tx, [recipient.id])).get(recipient.id);
  if (!contact) return;
  await enqueueProjectEmail(app, tx, event, { project: after, to: { ...contact, dashboard: recipient.role }, actorName: actor.name });
};

export const listMyProjects = (app: FastifyInstance, auth: AuthContext): Promise<ProjectView[]> => {
  const scope =
    auth.role === 'client' ? eq(projects.clientId, auth.userId) : auth.role === 'maker' ? eq(projects.makerId, auth.userId) : eq(projects.mindId, auth.userId);
  return loadProjectViews(app.db, scope);
};

export const getProject = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<ProjectView> => {
  await requireVisibleProject(app.db, auth, projectId);
  const view = await loadProjectView(app.db, projectId);
  if (!view) throw notFound(PROJECT_NOT_FOUND);
  return view;
};

/** A new project is a draft; a chosen creator is assigned by their role and told by email. */
export const createProject = async (app: FastifyInstance, auth: AuthContext, input: CreateProjectInput): Promise<ProjectView> => {
  const id = await app.db.transaction(async (tx) => {
    const creator = input.creatorId ? await requireCreator(tx, input.creatorId) : null;
    const [row] = await tx
      .insert(projects)
      .values({
        clientId: auth.userId,
        title: input.title,
        description: input.description,
        deliverableType: input.deliverableType,
        budget: input.budget,
        status: 'draft',
        ...assignmentOf(creator),
      })
      .returning();
    if (creator) await notifyOtherSide(app, tx, 'assigned', { before: row, after: row, actor: auth });
    return row.id;
  });
  return getProject(app, auth, id);
};

interface Transition {
  action: ProjectAction;
  email: ProjectEmailEvent;
  changes: (row: ProjectRow, tx: Transaction) => Promise<ProjectChanges> | ProjectChanges;
  alsoInTransaction?: (tx: Transaction, before: ProjectRow) => Promise<void>;
}

/** One transition: check the rules, update only if the row is unchanged, email the other side, all in one transaction. */
const runTransition = async (app: FastifyInstance, auth: AuthContext, projectId: string, transition: Transition): Promise<ProjectView> => {
  await app.db.transaction(async (tx) => {
    const { row, viewer } = await requireVisibleProject(tx, auth, projectId);
    requireProjectAction(row, viewer, transition.action);
    const changes = await transition.changes(row, tx);
    const [updated] = await tx
      .update(projects)
      .set({ ...changes, updatedAt: new Date() })
      .where(unchangedSince(row))
      .returning();
    if (!updated) throw conflict(PROJECT_CHANGED);
    await transition.alsoInTransaction?.(tx, row);
    await notifyOtherSide(app, tx, transition.email, { before: row, after: updated, actor: auth });
  });
  // Read without the visibility check: a creator who just declined is no longer a participant, yet gets the result.
  const view = await loadProjectView(app.db, projectId);
  if (!view) throw notFound(PROJECT_NOT_FOUND);
  return view;
};

const addEarnings = async (tx: Transaction, project: ProjectRow): Promise<void> => {
  const creator = creatorOf(project);
  if (!creator) throw new HttpError(500, 'no_creator', 'This project has no creator to pay.');
  const table = creator.role === 'maker' ? makerProfiles : mindProfiles;
  const paid = await tx
    .update(table)
    .set({ earningsTotal: sql`${table.earningsTotal} + ${project.budget}::numeric`, updatedAt: new Date() })
    .where(eq(table.userId, creator.id))
    .returning({ id: table.id });
  if (paid.length === 0) throw new HttpError(500, 'no_creator_profile', "The creator's profile could not be found.");
};

export const assignCreator = (app: FastifyInstance, auth: AuthContext, projectId: string, creatorId: string) =>
  runTransition(app, auth, projectId, {
    action: 'assign_creator',
    email: 'assigned',
    changes: async (_row, tx) => assignmentOf(await requireCreator(tx, creatorId)),
  });

export const cancelProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, { action: 'cancel', email: 'cancelled', changes: () => ({ status: 'cancelled' }) });

export const acceptProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, { action: 'accept', email: 'accepted', changes: () => ({ status: 'active' }) });

export const declineProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'decline',
    email: 'declined',
    changes: () => ({ status: 'cancelled', makerId: null, mindId: null }),
  });

export const approveProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'approve',
    email: 'approved',
    changes: () => ({ status: 'completed', completedAt: new Date() }),
    alsoInTransaction: async (tx, before) => {
      await addEarnings(tx, before);
      await projectCompleted(app, tx, { ...before, status: 'completed' });
    },
  });

export const flagProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, { action: 'flag', email: 'flagged', changes: () => ({ flagged: true, flagReason: FLAG_REASON }) });
