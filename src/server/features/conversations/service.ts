import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CONVERSATION_MESSAGES,
  inboxPath,
  type ConversationThread,
  type SendMessageInput,
  type SentMessage,
  type StartConversationInput,
} from '../../../domain/conversation-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { conversationReads, conversations, messages, notifications, projects } from '../../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { excerpt, notify } from '../notifications/service';
import { findApprovedCreator } from '../projects/creators';
import { requireParticipant, requireReadableConversation, type ConversationRow } from './access';
import { publishConversationEvent } from './realtime';
import { ensureConversation, hasConversation, requireNewConversationAllowance } from './threads';
import { conversationSubjectKey, loadMessagePage, loadPeople, toMessageView, toMessageViews, unknownPerson } from './views';

type MessageRow = typeof messages.$inferSelect;

/** Moves the caller's read marker forward (never back) to `seq`. */
export const advanceReadMarker = async (db: DbExecutor, conversationId: string, userId: string, seq: number): Promise<void> => {
  await db
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadSeq: seq })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: { lastReadSeq: sql`greatest(${conversationReads.lastReadSeq}, excluded.last_read_seq)`, updatedAt: new Date() },
    });
};

const findBySenderId = async (db: DbExecutor, senderId: string, clientMessageId: string): Promise<MessageRow | null> => {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientMessageId, clientMessageId)));
  return row ?? null;
};

/** A retried send with an id already used for a message elsewhere is a mistake of the sender, not a new message. */
const requireSameConversation = (existing: MessageRow, conversationId: string): void => {
  if (existing.conversationId !== conversationId) throw conflict('This message id was already used in another conversation.');
};

export interface NewMessage {
  body: string;
  clientMessageId: string;
  /** Runs after the message row exists, in the same transaction (e.g. to record its attachment). */
  withMessage?: (tx: Transaction, message: MessageRow) => Promise<void>;
}

/**
 * Appends a message from a participant, idempotently: a second send with the same client-made id returns the
 * first message and writes nothing. The sender's own read marker moves past it, and the stream hears of it
 * when the transaction commits.
 */
export const appendMessage = async (
  tx: Transaction,
  conversation: ConversationRow,
  sender: AuthContext,
  input: NewMessage,
): Promise<{ message: MessageRow; created: boolean }> => {
  const earlier = async () => {
    const found = await findBySenderId(tx, sender.userId, input.clientMessageId);
    if (found) requireSameConversation(found, conversation.id);
    return found;
  };
  if (conversation.blockedBy) {
    // A retry of a message sent before the block still answers with that message.
    const sent = await earlier();
    if (sent) return { message: sent, created: false };
    throw forbidden(CONVERSATION_MESSAGES.blocked);
  }
  // The unique (sender, client id) makes a retry insert nothing; only then is the first send looked up, so a new
  // message costs no read before its write.
  const [inserted] = await tx
    .insert(messages)
    .values({ conversationId: conversation.id, senderId: sender.userId, kind: 'text', body: input.body, clientMessageId: input.clientMessageId })
    .onConflictDoNothing({ target: [messages.senderId, messages.clientMessageId] })
    .returning();
  if (!inserted) {
    const first = await earlier();
    if (!first) throw conflict('This message could not be sent. Please try again.');
    return { message: first, created: false };
  }
  await input.withMessage?.(tx, inserted);
  const recipientId = conversation.clientId === sender.userId ? conversation.creatorId : conversation.clientId;
  await notify(
    tx,
    {
      userId: recipientId,
      kind: 'message',
      subjectKey: conversationSubjectKey(conversation.id),
      title: `New message from ${sender.name}`,
      body: excerpt(input.body || 'Sent a file'),
      link: inboxPath(conversation.id),
    },
    // The message's own event below sends both participants' streams to re-read, the bell's count included.
    { announce: false },
  );
  await tx.update(conversations).set({ lastMessageAt: inserted.createdAt }).where(eq(conversations.id, conversation.id));
  await advanceReadMarker(tx, conversation.id, sender.userId, inserted.seq);
  await publishConversationEvent(tx, { conversationId: conversation.id, seq: inserted.seq, userIds: [conversation.clientId, conversation.creatorId] });
  return { message: inserted, created: true };
};

/** The answer to a send: a text message just written has no attachments to read; a retried one may (a file's). */
const toSent = async (db: DbExecutor, { message, created }: { message: MessageRow; created: boolean }): Promise<SentMessage> => {
  const [view] = created ? [toMessageView(message, [])] : await toMessageViews(db, [message]);
  return { conversationId: message.conversationId, message: view };
};

/**
 * A client writes to an approved creator: the pair's thread is made if it does not exist yet, and the message
 * goes in. Only clients start conversations, so a creator can never write first to someone who did not.
 */
export const startConversation = async (app: FastifyInstance, auth: AuthContext, input: StartConversationInput) => {
  const result = await app.db.transaction(async (tx) => {
    const creator = await findApprovedCreator(tx, input.creatorId);
    if (!creator) throw badRequest(CONVERSATION_MESSAGES.creatorUnavailable, { creatorId: CONVERSATION_MESSAGES.creatorUnavailable });
    if (!(await hasConversation(tx, auth.userId, creator.id))) await requireNewConversationAllowance(tx, auth.userId);
    const conversationId = await ensureConversation(tx, auth.userId, creator.id);
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, conversationId));
    return appendMessage(tx, conversation, auth, { body: input.body, clientMessageId: input.clientMessageId });
  });
  return { created: result.created, sent: await toSent(app.db, result) };
};

export const sendMessage = async (app: FastifyInstance, auth: AuthContext, conversationId: string, input: SendMessageInput) => {
  const result = await app.db.transaction(async (tx) => {
    const { row } = await requireParticipant(tx, auth, conversationId);
    return appendMessage(tx, row, auth, { body: input.body, clientMessageId: input.clientMessageId });
  });
  return { created: result.created, sent: await toSent(app.db, result) };
};

export const getThread = async (app: FastifyInstance, auth: AuthContext, conversationId: string, beforeSeq?: number): Promise<ConversationThread> => {
  const { row, side } = await requireReadableConversation(app.db, auth, conversationId);
  const [page, people, linked, read] = await Promise.all([
    loadMessagePage(app.db, conversationId, beforeSeq),
    loadPeople(app.db, [row.clientId, row.creatorId]),
    app.db
      .select({ id: projects.id, title: projects.title, status: projects.status })
      .from(projects)
      .where(eq(projects.conversationId, conversationId))
      .orderBy(desc(projects.createdAt)),
    app.db
      .select({ seq: conversationReads.lastReadSeq })
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, conversationId), eq(conversationReads.userId, auth.userId))),
  ]);
  return {
    id: row.id,
    client: people.get(row.clientId) ?? unknownPerson(row.clientId),
    creator: people.get(row.creatorId) ?? unknownPerson(row.creatorId),
    viewerSide: side,
    messages: page.messages,
    hasEarlier: page.hasEarlier,
    lastReadSeq: read[0]?.seq ?? 0,
    projects: linked,
    blocked: row.blockedBy !== null,
    blockedByMe: row.blockedBy === auth.userId,
  };
};

/**
 * A participant blocks the other: from then on neither can send in the conversation ('You can no longer message
 * this person'), and the client cannot open a new one with that creator (the pair has only this one). A thread holds
 * one block: blocking again is nothing to do, and a block of a thread the other person already blocked is refused
 * (409) rather than dropped, so nobody believes a block of theirs stands when it would end with the other's unblock.
 */
export const blockConversation = async (app: FastifyInstance, auth: AuthContext, conversationId: string): Promise<void> => {
  await app.db.transaction(async (tx) => {
    await requireParticipant(tx, auth, conversationId);
    // Locked, so a block or an unblock by the other person at the same moment is seen before this one is decided.
    const [row] = await tx.select({ blockedBy: conversations.blockedBy }).from(conversations).where(eq(conversations.id, conversationId)).for('update');
    if (row?.blockedBy === auth.userId) return;
    if (row?.blockedBy) throw conflict(CONVERSATION_MESSAGES.alreadyBlockedByOther);
    await tx.update(conversations).set({ blockedBy: auth.userId, blockedAt: new Date() }).where(eq(conversations.id, conversationId));
  });
};

/** The participant who blocked lifts the block; the other cannot lift it for them. Not blocked: nothing to do. */
export const unblockConversation = async (app: FastifyInstance, auth: AuthContext, conversationId: string): Promise<void> => {
  const { row } = await requireParticipant(app.db, auth, conversationId);
  if (!row.blockedBy) return;
  const [lifted] = await app.db
    .update(conversations)
    .set({ blockedBy: null, blockedAt: null })
    .where(and(eq(conversations.id, conversationId), eq(conversations.blockedBy, auth.userId)))
    .returning({ id: conversations.id });
  if (!lifted) throw conflict(CONVERSATION_MESSAGES.onlyBlockerUnblocks);
};

/** The participant has read up to `seq` (a later marker than the thread's newest message is clamped to it). */
export const markRead = async (app: FastifyInstance, auth: AuthContext, conversationId: string, seq: number): Promise<void> => {
  await requireParticipant(app.db, auth, conversationId);
  const [newest] = await app.db
    .select({ seq: messages.seq })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (!newest) throw notFound(CONVERSATION_MESSAGES.notFound);
  const marker = Math.min(seq, newest.seq);
  await app.db.transaction(async (tx) => {
    await advanceReadMarker(tx, conversationId, auth.userId, marker);
    // Reading the conversation also reads its item in the notification centre.
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, auth.userId), eq(notifications.subjectKey, conversationSubjectKey(conversationId)), isNull(notifications.readAt)));
    // The reader's other tabs (on any instance) update their count too.
    await publishConversationEvent(tx, { conversationId, seq: marker, userIds: [auth.userId], kind: 'read' });
  });
};
