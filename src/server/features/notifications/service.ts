import { and, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { NOTIFICATION_PAGE_SIZE, type NotificationKind, type NotificationView } from '../../../domain/notification-schemas';
import type { DbExecutor } from '../../db/client';
import { notifications, userRoles } from '../../db/schema';
import { notFound } from '../../http/errors';
import { publishNotificationEvent } from '../conversations/realtime';

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  /** Same key, same item: it is updated and becomes unread again (one item per conversation, not per message). */
  subjectKey: string;
  title: string;
  body: string;
  link: string;
}

/**
 * Writes (or refreshes) one item, and tells the recipient's open streams (on any instance) to send the new count.
 * Call it with the event's transaction, so the item exists exactly when the event does, and the count moves only
 * once both are committed.
 */
export const notify = async (tx: DbExecutor, item: NewNotification, { announce = true }: { announce?: boolean } = {}): Promise<void> => {
  const now = new Date();
  await tx
    .insert(notifications)
    .values({ ...item, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [notifications.userId, notifications.subjectKey],
      set: { title: item.title, body: item.body, link: item.link, readAt: null, updatedAt: now },
    });
  // A caller whose own event already sends the recipient's streams to re-read everything passes `announce: false`.
  if (announce) await publishNotificationEvent(tx, [item.userId]);
};

/** Every admin hears of something to moderate (a reported message or review), in the event's transaction. */
export const notifyAdmins = async (tx: DbExecutor, item: Omit<NewNotification, 'userId'>): Promise<void> => {
  const admins = await tx.select({ id: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  for (const admin of admins) await notify(tx, { ...item, userId: admin.id });
};

const EXCERPT = 140;
export const excerpt = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

const encodeCursor = (row: { updatedAt: Date; id: string }) => `${row.updatedAt.getTime()}_${row.id}`;
const decodeCursor = (cursor: string) => {
  const [time, id] = cursor.split('_');
  return { updatedAt: new Date(Number(time)), id };
};

export const countUnreadNotifications = async (db: DbExecutor, userId: string): Promise<number> => {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.total ?? 0);
};

/** The caller's items, most recently updated first, a keyset page at a time. */
export const listNotifications = async (db: DbExecutor, userId: string, cursor?: string) => {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        after
          ? or(lt(notifications.updatedAt, after.updatedAt), and(eq(notifications.updatedAt, after.updatedAt), lt(notifications.id, after.id)))
          : undefined,
      ),
    )
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE);
  const items: NotificationView[] = page.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    isRead: row.readAt !== null,
    updatedAt: row.updatedAt.toISOString(),
  }));
  return {
    notifications: items,
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE ? encodeCursor(page[page.length - 1]) : null,
    unread: await countUnreadNotifications(db, userId),
  };
};

/** Marks one item read; the reader's other tabs (on any instance) hear the new count. */
export const markNotificationRead = async (db: DbExecutor, userId: string, id: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (updated.length === 0) throw notFound('Notification not found');
    await publishNotificationEvent(tx, [userId]);
  });
};

export const markAllNotificationsRead = async (db: DbExecutor, userId: string): Promise<void> => {
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
      .returning({ id: notifications.id });
    if (updated.length > 0) await publishNotificationEvent(tx, [userId]);
  });
};
