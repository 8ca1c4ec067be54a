import { and, asc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inboxPath } from '../../../domain/conversation-schemas';
import { conversationReads, conversations, messages, profiles, user } from '../../db/schema';
import { composeEmail } from '../../mail/templates';

const HOUR_MS = 60 * 60 * 1000;
/** Each email quotes at most this many of the unread messages, each cut to this length. */
const QUOTED_MESSAGES = 5;
const QUOTE_LENGTH = 300;

interface Due {
  conversationId: string;
  recipientId: string;
}

/**
 * Who has messages still unread after the delay, not yet emailed, and no email about that conversation in the last
 * hour. One row per conversation and recipient, so a burst of messages makes one email.
 */
export const findDue = async (app: FastifyInstance, now: Date): Promise<Due[]> => {
  const olderThan = new Date(now.getTime() - app.config.MESSAGE_EMAIL_DELAY_MINUTES * 60 * 1000);
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const recipient = sql<string>`case when ${messages.senderId} = ${conversations.clientId} then ${conversations.creatorId} else ${conversations.clientId} end`;
  const rows = await app.db
    .selectDistinct({ conversationId: conversations.id, recipientId: recipient })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .leftJoin(conversationReads, and(eq(conversationReads.conversationId, conversations.id), eq(conversationReads.userId, recipient)))
    .where(
      and(
        eq(messages.kind, 'text'),
        // As emailOne reads them: a removed message is never emailed, so a pair whose only unread message was removed
        // would be picked again on every pass, and 200 such pairs would hold everyone else's emails back.
        isNull(messages.removedAt),
        lte(messages.createdAt, olderThan),
        gt(messages.seq, sql`coalesce(${conversationReads.lastReadSeq}, 0)`),
        gt(messages.seq, sql`coalesce(${conversationReads.emailedSeq}, 0)`),
        or(isNull(conversationReads.emailedAt), lte(conversationReads.emailedAt, hourAgo)),
      ),
    )
    .limit(200);
  return rows;
};

/**
 * Emails one recipient about one conversation, if nobody (another instance) did meanwhile: the marker is claimed by
 * a conditional upsert and the email is written to the outbox in the same transaction.
 */
const emailOne = async (app: FastifyInstance, due: Due, now: Date): Promise<boolean> =>
  app.db.transaction(async (tx) => {
    const [conversation] = await tx.select().from(conversations).where(eq(conversations.id, due.conversationId));
    if (!conversation) return false;
    const [read] = await tx
      .select()
      .from(conversationReads)
      .where(and(eq(conversationReads.conversationId, due.conversationId), eq(conversationReads.userId, due.recipientId)));
    const after = Math.max(read?.lastReadSeq ?? 0, read?.emailedSeq ?? 0);
    const unread = await tx
      .select({ seq: messages.seq, body: messages.body, senderId: messages.senderId })
      .from(messages)
      .where(and(eq(messages.conversationId, due.conversationId), eq(messages.kind, 'text'), gt(messages.seq, after), ne(messages.senderId, due.recipientId), isNull(messages.removedAt)))
      .orderBy(asc(messages.seq));
    if (unread.length === 0) return false;
    const newest = unread[unread.length - 1].seq;
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const claimed = await tx
      .insert(conversationReads)
      .values({ conversationId: due.conversationId, userId: due.recipientId, emailedSeq: newest, emailedAt: now })
      .onConflictDoUpdate({
        target: [conversationReads.conversationId, conversationReads.userId],
        set: { emailedSeq: newest, emailedAt: now },
        setWhere: or(isNull(conversationReads.emailedAt), lte(conversationReads.emailedAt, hourAgo)),
      })
      .returning({ userId: conversationReads.userId });
    if (claimed.length === 0) return false;

    const senderId = due.recipientId === conversation.clientId ? conversation.creatorId : conversation.clientId;
    const people = await tx
      .select({ id: user.id, email: user.email, accountName: user.name, name: profiles.name })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(inArray(user.id, [due.recipientId, senderId]));
    const to = people.find((person) => person.id === due.recipientId);
    const from = people.find((person) => person.id === senderId);
    if (!to) return false;
    const senderName = from?.name || from?.accountName || 'Someone';
    const count = unread.length;
    const quotes = unread.slice(-QUOTED_MESSAGES).map((message) => {
      const text = message.body.trim() || '(a file)';
      // Quoted with the sender's name first, so no paragraph of the email starts as a bare link.
      return `${senderName}: ${text.length > QUOTE_LENGTH ? `${text.slice(0, QUOTE_LENGTH)}…` : text}`;
    });
    await app.mailer.enqueue(
      composeEmail(
        {
          type: 'message-unread',
          to: to.email,
          subject: count === 1 ? `New message from ${senderName}` : `${count} new messages from ${senderName}`,
          siteName: app.config.SITE_NAME,
        },
        [`Hello ${to.name || to.accountName},`, `${senderName} wrote to you on ${app.config.SITE_NAME}:`, ...quotes, 'Reply in your inbox:', `${app.config.PUBLIC_URL}${inboxPath(due.conversationId)}`],
      ),
      tx,
    );
    return true;
  });

/** One pass of the unread-messages email: returns how many emails it queued. */
export const emailUnreadMessages = async (app: FastifyInstance, now = new Date()): Promise<number> => {
  let sent = 0;
  for (const due of await findDue(app, now)) if (await emailOne(app, due, now)) sent += 1;
  return sent;
};

/** Runs the pass every minute on this instance; several instances are safe (each email is claimed once). */
export const startUnreadMessageEmails = (app: FastifyInstance, everyMs = 60_000): (() => void) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    emailUnreadMessages(app)
      .catch((error: unknown) => app.log.warn({ err: error }, 'unread-message emails failed; trying again next minute'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
};
