import { and, asc, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONVERSATION_MESSAGES, type AdminReport, type AdminReportList } from '../../../domain/conversation-schemas';
import { ADMIN_REPORT_PAGE_SIZE } from '../../../domain/keyset-cursor';
import type { Transaction } from '../../db/client';
import { decodeMicrosCursor, keysetPage, microsOf, pastCursor } from '../../db/keyset';
import { conversations, messageReports, messages, notifications } from '../../db/schema';
import { notifyAdmins } from '../notifications/service';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { hasOpenFlaggedProject, otherParticipant, requireParticipant, type ConversationRow } from './access';
import { publishConversationEvent } from './realtime';
import { conversationSubjectKey, loadPeople, toMessageViews } from './views';

/** How many messages before and after a reported one the admin sees. */
const CONTEXT_EACH_SIDE = 4;

/**
 * A participant reports a message the other person wrote. Reporting the same message again is answered as done,
 * and writes nothing more.
 */
export const reportMessage = async (app: FastifyInstance, auth: AuthContext, conversationId: string, messageId: string, reason: string) => {
  await requireParticipant(app.db, auth, conversationId);
  const [message] = await app.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
  if (!message) throw notFound('Message not found');
  if (message.kind !== 'text' || message.senderId === auth.userId) throw conflict(CONVERSATION_MESSAGES.cannotReport);
  await app.db.transaction(async (tx) => {
    const [report] = await tx
      .insert(messageReports)
      .values({ messageId, conversationId, reporterId: auth.userId, reason: reason || null })
      .onConflictDoNothing({ target: [messageReports.messageId, messageReports.reporterId] })
      .returning({ id: messageReports.id });
    if (!report) return;
    // Every admin hears of a new report in the notification centre, with the report, in its transaction; notify()
    // also moves their bells on their open streams once this commits (the message itself is not sent to them).
    await notifyAdmins(tx, {
      kind: 'message',
      subjectKey: `report:${report.id}`,
      title: 'A message was reported',
      body: reason ? `Reason: ${reason.slice(0, 140)}` : `Reported by ${auth.name}`,
      link: '/dashboard-admin?tab=reports',
    });
  });
};

/**
 * A page of open reports, oldest first (then by id, so reports made in the same instant keep one order), each with the
 * reported message and the messages around it; `cursor` (the page before's `nextCursor`) continues after it (decision
 * 229). A report decided meanwhile leaves the next page without moving the others.
 */
export const listOpenReports = async (app: FastifyInstance, cursor?: string): Promise<AdminReportList> => {
  const rows = await app.db
    .select({ report: messageReports, micros: microsOf(messageReports.createdAt) })
    .from(messageReports)
    .where(and(eq(messageReports.status, 'open'), pastCursor(messageReports.createdAt, messageReports.id, decodeMicrosCursor(cursor), 'asc')))
    .orderBy(asc(messageReports.createdAt), asc(messageReports.id))
    .limit(ADMIN_REPORT_PAGE_SIZE + 1);
  const { rows: page, nextCursor } = keysetPage(rows, ADMIN_REPORT_PAGE_SIZE, ({ report }) => report.id);
  const result: AdminReport[] = [];
  for (const { report } of page) {
    const [reported] = await app.db.select().from(messages).where(eq(messages.id, report.messageId));
    if (!reported) continue;
    // seq is one counter across every conversation, so the neighbours are read by order within this thread, not by
    // a seq range (on a busy platform a range of seqs may hold nothing of this conversation).
    const inThread = eq(messages.conversationId, report.conversationId);
    const [before, after] = await Promise.all([
      app.db.select().from(messages).where(and(inThread, lt(messages.seq, reported.seq))).orderBy(desc(messages.seq)).limit(CONTEXT_EACH_SIDE),
      app.db.select().from(messages).where(and(inThread, gt(messages.seq, reported.seq))).orderBy(asc(messages.seq)).limit(CONTEXT_EACH_SIDE),
    ]);
    const window = [...before.reverse(), reported, ...after];
    const people = await loadPeople(app.db, [...new Set([report.reporterId, ...window.map((row) => row.senderId)].filter((id): id is string => Boolean(id)))]);
    const [message] = await toMessageViews(app.db, [reported]);
    // The admin may open the reported message's own files; the others around it stay private to the two people,
    // unless an open flag on a linked project opened the whole thread to admins.
    const isThreadOpen = await hasOpenFlaggedProject(app.db, report.conversationId);
    const context = (await toMessageViews(app.db, window)).map((view) => (isThreadOpen || view.id === reported.id ? view : { ...view, attachments: [] }));
    result.push({
      id: report.id,
      status: report.status,
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
      conversationId: report.conversationId,
      reporter: { id: report.reporterId, name: (report.reporterId && people.get(report.reporterId)?.name) || 'Someone' },
      message,
      context,
      people: [...people.values()].map((person) => ({ id: person.id, name: person.name })),
    });
  }
  return { reports: result, nextCursor };
};

/**
 * The recipient's notification item for the conversation quotes the newest message the sender wrote to them. When
 * that is the removed message, the quote goes too, in the removal's transaction; the item keeps its read state and
 * its place (nothing new happened for the recipient).
 */
const blankNotifiedExcerpt = async (tx: Transaction, removed: typeof messages.$inferSelect, conversation: ConversationRow): Promise<void> => {
  if (removed.kind !== 'text' || !removed.senderId) return;
  const [newest] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.conversationId, removed.conversationId), eq(messages.senderId, removed.senderId), eq(messages.kind, 'text')))
    .orderBy(desc(messages.seq))
    .limit(1);
  if (newest?.id !== removed.id) return;
  await tx
    .update(notifications)
    .set({ body: CONVERSATION_MESSAGES.removed })
    .where(and(eq(notifications.userId, otherParticipant(conversation, removed.senderId)), eq(notifications.subjectKey, conversationSubjectKey(conversation.id))));
};

/**
 * An admin resolves a report: dismiss it, or remove the message (it then reads 'Message removed by Humanmade' for
 * everyone, its files stop being served, and every open report of it is closed). Both are audited.
 */
export const resolveReport = async (app: FastifyInstance, auth: AuthContext, reportId: string, decision: 'dismiss' | 'remove', reason: string) => {
  await app.db.transaction(async (tx) => {
    const [report] = await tx.select().from(messageReports).where(eq(messageReports.id, reportId)).for('update');
    if (!report) throw notFound(CONVERSATION_MESSAGES.reportNotFound);
    if (report.status !== 'open') throw conflict('This report was already resolved.');
    const now = new Date();
    if (decision === 'remove') {
      const [removed] = await tx.update(messages).set({ removedAt: now }).where(eq(messages.id, report.messageId)).returning();
      const [conversation] = removed ? await tx.select().from(conversations).where(eq(conversations.id, removed.conversationId)) : [];
      if (removed && conversation) {
        await blankNotifiedExcerpt(tx, removed, conversation);
        // Both participants' open threads, on any instance, once this commits: their streams send the message again
        // as it now reads, 'Message removed by Humanmade' without its files (decision 229), so the words leave the
        // screen without a reload.
        await publishConversationEvent(tx, {
          kind: 'message_removed',
          conversationId: conversation.id,
          messageId: removed.id,
          seq: removed.seq,
          userIds: [conversation.clientId, conversation.creatorId],
        });
      }
      const open = await tx
        .select({ id: messageReports.id })
        .from(messageReports)
        .where(and(eq(messageReports.messageId, report.messageId), eq(messageReports.status, 'open')));
      await tx
        .update(messageReports)
        .set({ status: 'removed', resolvedAt: now })
        .where(
          inArray(
            messageReports.id,
            open.map((row) => row.id),
          ),
        );
    } else {
      await tx.update(messageReports).set({ status: 'dismissed', resolvedAt: now }).where(eq(messageReports.id, reportId));
    }
    await recordAudit(tx, auth, {
      action: decision === 'remove' ? 'message.remove' : 'report.dismiss',
      targetType: 'message',
      targetId: report.messageId,
      reason: reason || null,
      metadata: { reportId, conversationId: report.conversationId },
    });
  });
};
