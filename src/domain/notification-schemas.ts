import { z } from 'zod';

/** 'account': the platform's decisions about the person (their application, their Seal). */
export const NOTIFICATION_KINDS = ['message', 'project', 'account', 'review'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  /** Where the item leads in the app (a path). */
  link: z.string(),
  isRead: z.boolean(),
  updatedAt: z.string(),
});
export type NotificationView = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  notifications: z.array(notificationSchema),
  /** Pass back as `cursor` for the next (older) page; null at the end. */
  nextCursor: z.string().nullable(),
  unread: z.number(),
});

export const notificationQuerySchema = z.object({
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{13}_[0-9a-f-]{36}$/, 'Invalid cursor')
    .optional(),
});
