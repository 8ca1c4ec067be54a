import { and, eq, exists, notInArray } from 'drizzle-orm';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { TERMINAL_PROJECT_STATUSES } from '../../../domain/project-lifecycle';
import type { DbExecutor } from '../../db/client';
import { conversations, messageAttachments, messageReports, projects } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';

export type ConversationRow = typeof conversations.$inferSelect;
export type ViewerSide = 'client' | 'creator' | null;

/**
 * Loads a conversation the caller may read: one of its two participants, or an admin while a project linked to it
 * has an open flag (the admin then reviews the dispute). Anyone else gets 404, as if it did not exist.
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
  if (auth.role === 'admin' && (await hasOpenFlaggedProject(db, conversationId))) return { row, side: null };
  throw notFound(CONVERSATION_MESSAGES.notFound);
};

/** Only the two participants write; an admin who may read a flagged thread still may not speak in it. */
export const requireParticipant = async (db: DbExecutor, auth: AuthContext, conversationId: string) => {
  const found = await requireReadableConversation(db, auth, conversationId);
  if (!found.side) throw forbidden('Only the two people in a conversation can write in it.');
  return { row: found.row, side: found.side };
};

/**
 * Whether a project linked to the conversation has a flag still waiting for an admin (hasOpenFlag in the domain). A
 * project the admin cancelled keeps `flagged` as a record (decision 186), but the dispute is over, so the thread,
 * its later messages and its files are the two people's alone again.
 */
export const hasOpenFlaggedProject = async (db: DbExecutor, conversationId: string): Promise<boolean> => {
  const openFlag = and(eq(projects.conversationId, conversationId), eq(projects.flagged, true), notInArray(projects.status, [...TERMINAL_PROJECT_STATUSES]));
  const [row] = await db
    .select({ found: exists(db.select().from(projects).where(openFlag)) })
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
