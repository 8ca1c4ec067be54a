import { and, eq } from 'drizzle-orm';
import type { ProjectEvent } from '../../../domain/conversation-schemas';
import type { DbExecutor } from '../../db/client';
import { conversations, messages, projects } from '../../db/schema';
import { publishConversationEvent } from './realtime';

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

const SYSTEM_LINES: Record<ProjectEvent, (actor: string, title: string) => string> = {
  created: (actor, title) => `${actor} created the project ${quoted(title)}.`,
  accepted: (actor, title) => `${actor} accepted the project ${quoted(title)}.`,
  declined: (actor, title) => `${actor} declined the project ${quoted(title)}.`,
  deliverable_submitted: (actor, title) => `${actor} submitted the deliverable for ${quoted(title)}.`,
  approved: (actor, title) => `${actor} approved the work on ${quoted(title)}. The project is complete.`,
  flagged: (actor, title) => `${actor} flagged the work on ${quoted(title)} for review by an admin.`,
  cancelled: (actor, title) => `${actor} cancelled the project ${quoted(title)}.`,
  flag_cleared: (actor, title) => `${actor} cleared the flag on ${quoted(title)}; the work is back in review.`,
};

export interface ProjectEventInput {
  event: ProjectEvent;
  project: Pick<typeof projects.$inferSelect, 'id' | 'title' | 'clientId' | 'conversationId'>;
  /** The creator the project is (or, after a decline, was) assigned to. */
  creatorId: string;
  actor: { userId: string; name: string };
}

/**
 * Writes a project event into the pair's thread as a system line. Call it with the event's own transaction, so
 * the line exists exactly when the event committed; the first event links the project to the thread.
 */
export const recordProjectEvent = async (tx: DbExecutor, input: ProjectEventInput): Promise<void> => {
  const { event, project, creatorId, actor } = input;
  let conversationId = project.conversationId;
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
      body: SYSTEM_LINES[event](actor.name, project.title),
      projectId: project.id,
      projectEvent: event,
    })
    .returning({ seq: messages.seq, createdAt: messages.createdAt });
  await tx.update(conversations).set({ lastMessageAt: line.createdAt }).where(eq(conversations.id, conversationId));
  await publishConversationEvent(tx, { conversationId, seq: line.seq, userIds: [project.clientId, creatorId] });
};
