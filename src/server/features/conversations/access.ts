import { and, eq, exists } from 'drizzle-orm';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import type { DbExecutor } from '../../db/client';
import { conversations, messageAttachments, messageReports, projects } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';

export type ConversationRow = typeof conversations.$inferSelect;
export type ViewerSide = 'client' | 'creator' | null;

/**
 * Loads a conversation the caller may read: one of its two participants, or an admin when a project linked to it
 * is flagged (the admin then reviews the dispute). Anyone else gets 404, as if it did not exist.
 */
export const requireReadableConversation = async (
  db: DbExecutor,
  auth: AuthContext,
  conversationId: string,
): Promise<{ row: ConversationRow; side: ViewerSide }> => {
  const [row] = await db.select().from(conversations).where(eq(conversations.id, conversationId));
  if (!row) throw notFound(CONVERSATION_MESSAGES.notFound);
  if (row.clientId === auth.userId) return { row, side: 'client' };
  if (row.creatorId === auth.userId) return { row, side: 'creator' };
  if (auth.role === 'admin' && (await hasFlaggedProject(db, conversationId))) return { row, side: null };
  throw notFound(CONVERSATION_MESSAGES.notFound);
};

/** Only the two participants write; an admin who may read a flagged thread still may not speak in it. */
export const requireParticipant = async (db: DbExecutor, auth: AuthContext, conversationId: string) => {
  const found = await requireReadableConversation(db, auth, conversationId);
  if (!found.side) throw forbidden('Only the two people in a conversation can write in it.');
  return { row: found.row, side: found.side };
};

export const hasFlaggedProject = async (db: DbExecutor, conversationId: string): Promise<boolean> => {
  const [row] = await db
    .select({ found: exists(db.select().from(projects).where(and(eq(projects.conversationId, conversationId), eq(projects.flagged, true)))) })
    .from(conversations)
    .where(eq(conversations.id, conversationId));
  return Boolean(row?.found);
};

/**
 * True while the attachment's own message has an open report: the admin judging it may see that file (and only that
 * file), though the thread itself stays closed to them. Resolving the report ends it.
 */
export const isAttachmentOfOpenReport = async (db: DbExecutor, conversationId: string, attachmentId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: messageReports.id })
    .from(messageAttachments)
    .innerJoin(messageReports, eq(messageReports.messageId, messageAttachments.messageId))
    .where(and(eq(messageAttachments.id, attachmentId), eq(messageAttachments.conversationId, conversationId), eq(messageReports.status, 'open')))
    .limit(1);
  return Boolean(row);
};

export const otherParticipant = (row: ConversationRow, userId: string): string => (row.clientId === userId ? row.creatorId : row.clientId);
