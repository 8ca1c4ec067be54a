import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { FLAG_REASON, type ProjectAction } from '../../../domain/project-lifecycle';
import { PROJECT_FIELD_MESSAGES, PROJECT_MESSAGES, type CreateProjectInput, type ProjectView } from '../../../domain/project-schemas';
import type { Transaction } from '../../db/client';
import { conversations, projects } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { creatorOf, PROJECT_CHANGED, PROJECT_NOT_FOUND, requireProjectAction, requireVisibleProject, unchangedSince } from './access';
import { findApprovedCreator, findContacts, type ApprovedCreator } from './creators';
import { recordProjectEvent, requireNewConversationAllowance } from '../conversations/threads';
import { scheduleAnswerReminder } from './answer-reminders';
import { enqueueProjectEmail, projectEventPath, projectEventTitle, type ProjectEmailEvent, type UnthreadedProjectEvent } from './emails';
import { notify } from '../notifications/service';
import { recordAudit } from '../audit/service';
import { allowExtraRevision, approveMilestone, requestRevision, startMilestones, stopReviewClock, submittedMilestone, supersedeOpenOffers } from './milestones';
import { releaseOrInvoiceApproved } from '../payments/funding';
import { loadProjectView, loadProjectViews, type ProjectRow } from './views';

type ProjectChanges = Partial<typeof projects.$inferInsert>;

const requireCreator = async (tx: Transaction, creatorId: string): Promise<ApprovedCreator> => {
  const creator = await findApprovedCreator(tx, creatorId);
  if (!creator) throw badRequest(PROJECT_FIELD_MESSAGES.creatorUnavailable, { creatorId: PROJECT_FIELD_MESSAGES.creatorUnavailable });
  return creator;
};

/**
 * An approved creator whom this client may start a project with: not while either of them has blocked the other in
 * their conversation, which a project would otherwise reopen with its system lines, notifications and emails. A
 * creator with whom the client has no thread yet gets one with the project (and an email): that is a new
 * conversation, counted in the same daily allowance as writing first (decision 219).
 */
const requireCreatorFor = async (tx: Transaction, clientId: string, creatorId: string): Promise<ApprovedCreator> => {
  const creator = await requireCreator(tx, creatorId);
  const [pair] = await tx
    .select({ blockedBy: conversations.blockedBy })
    .from(conversations)
    .where(and(eq(conversations.clientId, clientId), eq(conversations.creatorId, creatorId)))
    .limit(1);
  if (pair?.blockedBy) {
    throw new HttpError(403, 'forbidden', PROJECT_FIELD_MESSAGES.creatorBlocked, { creatorId: PROJECT_FIELD_MESSAGES.creatorBlocked });
  }
  if (!pair) await requireNewConversationAllowance(tx, clientId, { field: 'creatorId' });
  return creator;
};

const assignmentOf = (creator: ApprovedCreator | null): ProjectChanges => ({
  makerId: creator?.role === 'maker' ? creator.id : null,
  mindId: creator?.role === 'mind' ? creator.id : null,
});

type Party = { id: string; role: 'client' | 'maker' | 'mind' };

/**
 * Tells one party of a project about an event: an in-app notification and an email, in the event's transaction.
 * `detail` names the milestone (see milestoneDetail) or the offer version; `when` is the date a reminder announces.
 */
export const tellParty = async (
  app: FastifyInstance,
  tx: Transaction,
  event: ProjectEmailEvent,
  input: { project: ProjectRow; recipient: Party; actorName: string; detail?: string; when?: string; note?: string | null },
): Promise<void> => {
  const { project, recipient, actorName, detail, when, note } = input;
  await notify(tx, {
    userId: recipient.id,
    kind: 'project',
    // Every event is its own item.
    subjectKey: `project:${project.id}:${event}:${randomUUID()}`,
    title: projectEventTitle(event, project.title, detail, when),
    body: actorName === SYSTEM_ACTOR.name ? 'From Humanmade' : `From ${actorName}`,
    link: projectEventPath(event, recipient.role, project.id),
  });
  const contact = (await findContacts(tx, [recipient.id])).get(recipient.id);
  if (!contact) return;
  await enqueueProjectEmail(app, tx, event, { project, to: { ...contact, dashboard: recipient.role }, actorName, detail, when, note });
};

/** The platform acting by itself (approval by time): no user, and named so in the thread and the audit log. */
export const SYSTEM_ACTOR = { userId: null, name: 'Humanmade', email: 'scheduler@humanmade' } as const;

/**
 * Tells the other side of the project: a system line in the pair's thread, and a notification and an email (the
 * client for a creator's action, the creator for the client's, both for the platform's). All are written in the
 * event's own transaction.
 */
export const notifyOtherSide = async (
  app: FastifyInstance,
  tx: Transaction,
  event: Exclude<ProjectEmailEvent, UnthreadedProjectEvent>,
  input: { before: ProjectRow; after: ProjectRow; actor: { userId: string | null; name: string }; detail?: string; note?: string | null },
): Promise<void> => {
  const { before, after, actor, detail, note } = input;
  const creator = creatorOf(after) ?? creatorOf(before);
  if (creator) {
    await recordProjectEvent(tx, {
      event: event === 'assigned' ? 'created' : event,
      project: { ...after, conversationId: after.conversationId ?? before.conversationId },
      creatorId: creator.id,
      actor: { userId: actor.userId, name: actor.name },
      detail,
      note,
    });
  }
  const client: Party = { id: before.clientId, role: 'client' };
  // The platform or an admin acting tells both sides; a party acting tells the other.
  const recipients = actor.userId === before.clientId ? [creator] : creator && actor.userId === creator.id ? [client] : [client, creator];
  for (const recipient of recipients) {
    if (recipient) await tellParty(app, tx, event, { project: after, recipient, actorName: actor.name, detail, note });
  }
  // When the event passes the turn to one side of a draft, that side is reminded if it stays silent.
  await scheduleAnswerReminder(tx, event, after);
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
    const creator = input.creatorId ? await requireCreatorFor(tx, auth.userId, input.creatorId) : null;
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
  return readAfterCommit(() => getProject(app, auth, id));
};

interface Transition {
  action: ProjectAction;
  email: Parameters<typeof notifyOtherSide>[2];
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
  // After the commit: a failed read-back says the change was saved, not that it failed.
  const view = await readAfterCommit(() => loadProjectView(app.db, projectId));
  if (!view) throw notFound(PROJECT_NOT_FOUND);
  return view;
};

export const assignCreator = (app: FastifyInstance, auth: AuthContext, projectId: string, creatorId: string) =>
  runTransition(app, auth, projectId, {
    action: 'assign_creator',
    email: 'assigned',
    changes: async (row, tx) => assignmentOf(await requireCreatorFor(tx, row.clientId, creatorId)),
  });

export const cancelProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'cancel',
    email: 'cancelled',
    changes: () => ({ status: 'cancelled' }),
    // An offer waiting on the client is answered by the cancel: it no longer waits for anyone.
    alsoInTransaction: (tx, before) => supersedeOpenOffers(tx, before.id),
  });

/** Plain Accept: the client's terms as they stand, one milestone for the whole budget (decision 151). */
export const acceptProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'accept',
    email: 'accepted',
    changes: () => ({ status: 'active', revisionsUsed: 0, extraRevisions: 0 }),
    alsoInTransaction: async (tx, before) => {
      const amountCents = Math.round(Number(before.budget) * 100);
      // A milestone of less than $1 could never be funded; such a draft predates the $1 floor (decision 189).
      if (amountCents < 100) throw conflict(PROJECT_MESSAGES.noBudgetToAccept);
      await supersedeOpenOffers(tx, before.id);
      await startMilestones(tx, before.id, [{ title: before.title, amountCents, dueDate: null }], new Date());
    },
  });

export const declineProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'decline',
    email: 'declined',
    changes: () => ({ status: 'cancelled', makerId: null, mindId: null }),
    alsoInTransaction: (tx, before) => supersedeOpenOffers(tx, before.id),
  });

/** Runs a milestone step in one transaction with the project's rules checked first, then returns the fresh view. */
const milestoneStep = async (
  app: FastifyInstance,
  auth: AuthContext,
  projectId: string,
  action: ProjectAction,
  step: (tx: Transaction, row: ProjectRow) => Promise<void>,
): Promise<ProjectView> => {
  await app.db.transaction(async (tx) => {
    const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
    requireProjectAction(row, viewer, action);
    await step(tx, row);
  });
  return readAfterCommit(() => getProject(app, auth, projectId));
};

/** The client approves the submitted milestone; the last one completes the project. */
export const approveProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  milestoneStep(app, auth, projectId, 'approve', async (tx, row) => {
    const result = await approveMilestone(app, tx, row, auth, { byTime: false, now: new Date() });
    await notifyOtherSide(app, tx, result.event, { before: row, after: result.project, actor: auth, detail: result.detail });
    await releaseOrInvoiceApproved(app, tx, result.project, result.milestone);
  });

export const requestProjectRevision = (app: FastifyInstance, auth: AuthContext, projectId: string, note: string) =>
  milestoneStep(app, auth, projectId, 'request_revision', async (tx, row) => {
    const result = await requestRevision(tx, row, note, new Date());
    await notifyOtherSide(app, tx, 'revision_requested', { before: row, after: result.project, actor: auth, detail: result.detail, note });
  });

/** The creator, or an admin, opens one more revision round. */
export const allowProjectExtraRevision = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  milestoneStep(app, auth, projectId, auth.role === 'admin' ? 'admin_allow_revision' : 'allow_extra_revision', async (tx, row) => {
    const updated = await allowExtraRevision(tx, row, new Date());
    if (auth.role === 'admin') {
      await recordAudit(tx, auth, { action: 'project.allow_revision', targetType: 'project', targetId: row.id, metadata: { title: row.title } });
    }
    await notifyOtherSide(app, tx, 'extra_revision_allowed', { before: row, after: updated, actor: auth });
  });

/** A flag stops the wait before approval by time; an admin's clearing starts it again (admin-projects). */
export const flagProject = (app: FastifyInstance, auth: AuthContext, projectId: string) =>
  runTransition(app, auth, projectId, {
    action: 'flag',
    email: 'flagged',
    changes: () => ({ flagged: true, flagReason: FLAG_REASON }),
    alsoInTransaction: async (tx, before) => {
      const milestone = await submittedMilestone(tx, before.id);
      if (milestone) await stopReviewClock(tx, milestone.id);
    },
  });
