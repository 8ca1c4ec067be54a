import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { NOTIFICATION_KINDS, type NotificationKind, type NotificationSettings } from '../../../domain/notification-schemas';
import type { DbExecutor } from '../../db/client';
import { notificationSettings } from '../../db/schema';

/**
 * Email settings (decision 145): in-app notifications always; email per kind, on unless turned off. Every email of a
 * kind carries a signed link that turns that kind off without signing in, and the same address as List-Unsubscribe.
 */

const tokenFor = (secret: string, userId: string, kind: NotificationKind): string =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

export const unsubscribeToken = tokenFor;

export const isValidUnsubscribeToken = (secret: string, userId: string, kind: NotificationKind, token: string): boolean => {
  const expected = Buffer.from(tokenFor(secret, userId, kind));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
};

export const readEmailOff = async (db: DbExecutor, userId: string): Promise<NotificationKind[]> => {
  const [row] = await db.select({ emailOff: notificationSettings.emailOff }).from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return (row?.emailOff ?? []).filter((kind): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind));
};

export const getNotificationSettings = async (db: DbExecutor, userId: string): Promise<NotificationSettings> => {
  const off = await readEmailOff(db, userId);
  return { email: { project: !off.includes('project'), message: !off.includes('message'), account: !off.includes('account'), review: !off.includes('review') } };
};

const saveEmailOff = async (db: DbExecutor, userId: string, off: NotificationKind[]) => {
  await db
    .insert(notificationSettings)
    .values({ userId, emailOff: off })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { emailOff: off, updatedAt: new Date() } });
};

export const updateNotificationSettings = async (db: DbExecutor, userId: string, settings: NotificationSettings): Promise<NotificationSettings> => {
  await saveEmailOff(
    db,
    userId,
    NOTIFICATION_KINDS.filter((kind) => !settings.email[kind]),
  );
  return getNotificationSettings(db, userId);
};

/** Turns one kind off, as the signed link asks; idempotent. */
export const turnEmailOff = async (db: DbExecutor, userId: string, kind: NotificationKind): Promise<void> => {
  await db
    .insert(notificationSettings)
    .values({ userId, emailOff: [kind] })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { emailOff: sql`(select array_agg(distinct k) from unnest(${notificationSettings.emailOff} || array[${kind}]::text[]) as k)`, updatedAt: new Date() },
    });
};
