import { and, eq, gt, sql } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, type ProjectEvent } from '../../../domain/conversation-schemas';
import type { ProjectStatus } from '../../../domain/constants';
import type { DbExecutor, Transaction } from '../../db/client';
import { conversations, messages, projects } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { publishConversationEvent } from './realtime';

/**
 * New conversations a client may open in a day: by writing to a creator, or by creating or assigning a project to one,
 * either way with a creator they have no thread with yet. Continuing a thread does not count (decision 219).
 */
export const NEW_CONVERSATIONS_PER_DAY = 10;

/** The first key of the advisory lock that makes one client's new conversations take turns (an arbitrary constant). */
const CONVERSATION_START_LOCK = 7_140_001;

/** Whether the client and the creator already have their one thread. */
export const hasConversation = async (db: DbExecutor, clientId: string, creatorId: string): Promise<boolean> => {
  const [existing] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.clientId, clientId), eq(conversations.creatorId, creatorId)))
    .limit(1);
  return Boolean(existing);
};

/**
 * Refuses (429) a new thread past NEW_CONVERSATIONS_PER_DAY in 24 hours: every thread of the client made in that time
 * counts, whether a message or a project made it. Call it only for a pair with no thread yet, in the transaction that
 * will make it. `field` names the form field that chose the creator, for a form to show the answer beside it.
 */
export const requireNewConversationAllowance = async (tx: Transaction, clientId: string, options: { field?: 'creatorId' } = {}): Promise<void> => {
  // One start at a time per client, held to the commit: without it, starts sent together all count the same
  // conversations before any is written, and pass the limit together.
  await tx.execute(sql`select pg_advisory_xact_lock(${CONVERSATION_START_LOCK}, hashtext(${clientId}))`);
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.clientId, clientId), gt(conversations.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000))));
  if (Number(recent?.count ?? 0) >= NEW_CONVERSATIONS_PER_DAY) {
    const message = CONVERSATION_MESSAGES.tooManyConversations;
    throw new HttpError(429, 'rate_limited', message, options.field ? { [options.field]: message } : undefined);
  }
};

/** The one thread of a client–creator pair, made on first use. Safe under concurrency (the pair is unique). */
export const ensureConversation = async (tx: DbExecutor, clientId: string, creatorId: string): Promise<string> => {
  const [created] = await tx
    .insert(conversations)
    .values({ clientId, creatorId })
    .onConflictDoNothing({ target: [conversations.clientId, conversations.creatorId] })
    .returning({ id: conversations.id });
  if (created) return created.id;
  const [existing] = await tx
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.clientId, clientId), eq(conversations.creatorId, creatorId)));
  if (!existing) throw new Error('conversation vanished while it was being linked');
  return existing.id;
};

const quoted = (title: string) => `“${title}”`;

/** `detail` names the offer version or the milestone the event is about, when there is one. */
const SYSTEM_LINES: Record<ProjectEvent, (actor: string, title: string, detail: string, status?: ProjectStatus) => string> = {
  created: (actor, title) => `${actor} created the project ${quoted(title)}.`,
  accepted: (actor, title) => `${actor} accepted the project ${quoted(title)}.`,
  declined: (actor, title) => `${actor} declined the project ${quoted(title)}.`,
  deliverable_submitted: (actor, title, detail) => (detail ? `${actor} submitted ${detail} of ${quoted(title)} for review.` : `${actor} submitted the deliverable for ${quoted(title)}.`),
  approved: (actor, title) => `${actor} approved the work on ${quoted(title)}. The project is complete.`,
  flagged: (actor, title) => `${actor} flagged the work on ${quoted(title)} for review by an admin.`,
  cancelled: (actor, title) => `${actor} cancelled the project ${quoted(title)}.`,
  flag_cleared: (actor, title) => `${actor} cleared the flag on ${quoted(title)}; the work is back in review.`,
  offer_sent: (actor, title, detail) => `${actor} sent an offer for ${quoted(title)}: ${detail}.`,
  offer_accepted: (actor, title, detail) => `${actor} accepted ${detail} for ${quoted(title)}. The project is active.`,
  offer_declined: (actor, title, detail) => `${actor} declined ${detail} for ${quoted(title)}.`,
  offer_changes_requested: (actor, title, detail) => `${actor} asked for changes to ${detail} for ${quoted(title)}.`,
  milestone_approved: (actor, title, detail) => `${actor} approved ${detail} of ${quoted(title)}.`,
  // The last milestone's approval by time completes the project, which the thread says as a click's approval does.
  milestone_auto_approved: (_actor, title, detail, status) =>
    `${detail.charAt(0).toUpperCase()}${detail.slice(1)} of ${quoted(title)} was approved automatically: the review time passed without an answer.${status === 'completed' ? ' The project is complete.' : ''}`,
  revision_requested: (actor, title, detail) => `${actor} asked for a revision of ${detail} of ${quoted(title)}.`,
  extra_revision_allowed: (actor, title) => `${actor} allowed an extra revision round on ${quoted(title)}.`,
  withdrawn: (actor, title) => `${actor} withdrew from ${quoted(title)}. The project is cancelled.`,
  cancelled_by_admin: (actor, title) => `${actor} cancelled the project ${quoted(title)} while it was under way.`,
  funding_requested: (actor, title, detail) => `${actor} requested funding for ${quoted(title)}: ${detail}.`,
  payment_received: (actor, title, detail) => `${actor} recorded the payment for ${quoted(title)}: ${detail}, now held in escrow.`,
  funds_released: (actor, title, detail) => `${actor} released the payment for ${quoted(title)}: ${detail}.`,
  funds_refunded: (actor, title, detail) => `${actor} refunded the payment for ${quoted(title)}: ${detail}.`,
  funds_split: (actor, title, detail) => `${actor} settled ${quoted(title)} by a split: ${detail}.`,
};

export interface ProjectEventInput {
  event: ProjectEvent;
  project: Pick<typeof projects.$inferSelect, 'id' | 'title' | 'clientId' | 'conversationId'> & { status?: ProjectStatus };
  /** The creator the project is (or, after a decline, was) assigned to. */
  creatorId: string;
  /** Whose action it was; `userId` null for the platform's own (approval by time). */
  actor: { userId: string | null; name: string };
  detail?: string;
  /** What the actor wrote with their answer (a decline's reason, the changes asked for), quoted after the line. */
  note?: string | null;
}

/**
 * Writes a project event into the pair's thread as a system line. Call it with the event's own transaction, so
 * the line exists exactly when the event committed; the first event links the project to the thread.
 */
export const recordProjectEvent = async (tx: DbExecutor, input: ProjectEventInput): Promise<void> => {
  const { event, project, creatorId, actor } = input;
  let conversationId = project.conversationId;
  // A draft handed to another creator (after a decline) is still linked to the previous pair's thread: its events
  // belong in the new pair's, which the previous creator cannot read.
  if (conversationId) {
    const [linked] = await tx.select({ creatorId: conversations.creatorId }).from(conversations).where(eq(conversations.id, conversationId));
    if (linked?.creatorId !== creatorId) conversationId = null;
  }
  if (!conversationId) {
    conversationId = await ensureConversation(tx, project.clientId, creatorId);
    await tx.update(projects).set({ conversationId }).where(eq(projects.id, project.id));
  }
  const [line] = await tx
    .insert(messages)
    .values({
      conversationId,
      senderId: actor.userId,
      kind: 'system',
      body: `${SYSTEM_LINES[event](actor.name, project.title, input.detail ?? '', project.status)}${input.note ? ` They wrote: “${input.note}”` : ''}`,
      projectId: project.id,
      projectEvent: event,
    })
    .returning({ seq: messages.seq, createdAt: messages.createdAt });
  await tx.update(conversations).set({ lastMessageAt: line.createdAt }).where(eq(conversations.id, conversationId));
  await publishConversationEvent(tx, { conversationId, seq: line.seq, userIds: [project.clientId, creatorId] });
};
