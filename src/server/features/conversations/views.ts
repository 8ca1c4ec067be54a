import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import { CONVERSATION_MESSAGES, CONVERSATION_PAGE_SIZE, MESSAGE_PAGE_SIZE, type ConversationSummary, type MessageView } from '../../../domain/conversation-schemas';
import { isPreviewableImageUrl } from '../../../domain/upload-policy';
import type { DbExecutor } from '../../db/client';
import { decodeMicrosCursor, keysetPage, microsOf, pastCursor } from '../../db/keyset';
import { conversationReads, conversations, messageAttachments, messages, profiles, userRoles } from '../../db/schema';

type MessageRow = typeof messages.$inferSelect;

/** The key of a conversation's one notification item per recipient ('New message from …', updated per message). */
export const conversationSubjectKey = (conversationId: string) => `conversation:${conversationId}`;

export const attachmentUrl = (conversationId: string, attachmentId: string) => `/api/conversations/${conversationId}/attachments/${attachmentId}`;

type AttachmentRow = typeof messageAttachments.$inferSelect;

/** One message as the thread shows it, given the attachment rows read for it (none for a plain text message). */
export const toMessageView = (row: MessageRow, files: AttachmentRow[]): MessageView => ({
  id: row.id,
  seq: row.seq,
  conversationId: row.conversationId,
  senderId: row.senderId,
  kind: row.kind,
  body: row.removedAt ? CONVERSATION_MESSAGES.removed : row.body,
  removed: row.removedAt !== null,
  clientMessageId: row.clientMessageId,
  projectId: row.projectId,
  projectEvent: row.projectEvent,
  createdAt: row.createdAt.toISOString(),
  attachments: files
    .filter((file) => file.messageId === row.id && !row.removedAt)
    .map((file) => ({
      id: file.id,
      name: file.name,
      mime: file.mime,
      size: file.size,
      url: attachmentUrl(row.conversationId, file.id),
      isImage: isPreviewableImageUrl(file.storageKey),
    })),
});

/** Messages with their attachments, oldest first. */
export const toMessageViews = async (db: DbExecutor, rows: MessageRow[]): Promise<MessageView[]> => {
  const files =
    rows.length === 0
      ? []
      : await db
          .select()
          .from(messageAttachments)
          .where(
            inArray(
              messageAttachments.messageId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(asc(messageAttachments.createdAt));
  return rows.map((row) => toMessageView(row, files));
};

/** A page of a thread: the newest messages (or those before `beforeSeq`), returned oldest first. */
export const loadMessagePage = async (db: DbExecutor, conversationId: string, beforeSeq?: number) => {
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), beforeSeq ? lt(messages.seq, beforeSeq) : undefined))
    .orderBy(desc(messages.seq))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const hasEarlier = rows.length > MESSAGE_PAGE_SIZE;
  return { hasEarlier, messages: await toMessageViews(db, rows.slice(0, MESSAGE_PAGE_SIZE).reverse()) };
};

/** Messages after a seq in the given conversations, oldest first (for a stream resuming or catching up). */
export const loadMessagesAfter = async (db: DbExecutor, conversationIds: string[], afterSeq: number, limit = 500) => {
  if (conversationIds.length === 0) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(and(inArray(messages.conversationId, conversationIds), gt(messages.seq, afterSeq)))
    .orderBy(asc(messages.seq))
    .limit(limit);
  return toMessageViews(db, rows);
};

// Qualified by hand: drizzle drops the table name from columns in a single-table select, and inside this
// subquery a bare "id" would mean the message's id.
const outerConversationId = sql`${sql.identifier('conversations')}.${sql.identifier('id')}`;

/** Messages in a conversation that the user did not write and has not read. */
export const unreadSql = (userId: string) => sql<number>`(
  select count(*)::int from ${messages} m
  where m.conversation_id = ${outerConversationId}
    and m.sender_id is distinct from ${userId}
    and m.seq > coalesce((select r.last_read_seq from ${conversationReads} r where r.conversation_id = ${outerConversationId} and r.user_id = ${userId}), 0)
)`;

const participantOf = (userId: string) => or(eq(conversations.clientId, userId), eq(conversations.creatorId, userId));

export const loadPeople = async (db: DbExecutor, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { id: string; name: string; avatarUrl: string | null; role: string }>();
  const rows = await db
    .select({ id: profiles.id, name: profiles.name, avatarUrl: profiles.avatarUrl, role: userRoles.role })
    .from(profiles)
    .leftJoin(userRoles, eq(userRoles.userId, profiles.id))
    .where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, { id: row.id, name: row.name || 'Someone', avatarUrl: row.avatarUrl, role: row.role ?? 'client' }]));
};

const unknownPerson = (id: string) => ({ id, name: 'Someone', avatarUrl: null, role: 'client' });

/**
 * A page of the caller's conversations, most recent first, with the other person, the last message and the unread
 * count; `cursor` (from the page before) continues after it on the keyset (last-message time to the microsecond, id).
 */
export const loadConversationSummaries = async (db: DbExecutor, userId: string, cursor?: string): Promise<{ conversations: ConversationSummary[]; nextCursor: string | null }> => {
  const rows = await db
    .select({ row: conversations, unread: unreadSql(userId), micros: microsOf(conversations.lastMessageAt) })
    .from(conversations)
    .where(and(participantOf(userId), pastCursor(conversations.lastMessageAt, conversations.id, decodeMicrosCursor(cursor), 'desc')))
    .orderBy(desc(conversations.lastMessageAt), desc(conversations.id))
    .limit(CONVERSATION_PAGE_SIZE + 1);
  const { rows: page, nextCursor } = keysetPage(rows, CONVERSATION_PAGE_SIZE, ({ row }) => row.id);
  if (page.length === 0) return { conversations: [], nextCursor: null };
  const ids = page.map(({ row }) => row.id);
  const [lastMessages, people] = await Promise.all([
    db
      .selectDistinctOn([messages.conversationId])
      .from(messages)
      .where(inArray(messages.conversationId, ids))
      .orderBy(messages.conversationId, desc(messages.seq)),
    loadPeople(
      db,
      page.map(({ row }) => (row.clientId === userId ? row.creatorId : row.clientId)),
    ),
  ]);
  const lastById = new Map(lastMessages.map((message) => [message.conversationId, message]));
  const summaries = page.map(({ row, unread }) => {
    const otherId = row.clientId === userId ? row.creatorId : row.clientId;
    const lastMessage = lastById.get(row.id);
    return {
      id: row.id,
      other: people.get(otherId) ?? unknownPerson(otherId),
      lastMessage: lastMessage
        ? {
            body: lastMessage.removedAt ? CONVERSATION_MESSAGES.removed : lastMessage.body,
            kind: lastMessage.kind,
            senderId: lastMessage.senderId,
            createdAt: lastMessage.createdAt.toISOString(),
          }
        : null,
      unread: Number(unread),
      lastMessageAt: row.lastMessageAt.toISOString(),
    };
  });
  return { conversations: summaries, nextCursor };
};

/** The caller's unread messages across all their conversations (the header's Inbox count). */
export const countUnread = async (db: DbExecutor, userId: string): Promise<number> => {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${unreadSql(userId)}), 0)::int` })
    .from(conversations)
    .where(participantOf(userId));
  return Number(row?.total ?? 0);
};

export { unknownPerson };
