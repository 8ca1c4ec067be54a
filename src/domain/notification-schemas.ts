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

/** The kinds of email a person can turn off, and their labels; sign-in, verification and reset emails always go. */
export const EMAIL_KIND_LABELS: Record<NotificationKind, { label: string; hint: string }> = {
  project: { label: 'Projects', hint: 'Offers, acceptances, submissions, approvals, revisions and reminders about your projects.' },
  message: { label: 'Messages', hint: 'A note when a message waits unread in one of your conversations.' },
  account: { label: 'Your account', hint: 'Decisions on your application and Seal, and White Glove matches.' },
  review: { label: 'Reviews', hint: 'Invitations to review a finished project, reminders, and your published reviews.' },
};

/** Which kind an outbox email type belongs to; null for emails that cannot be turned off. */
export const emailKindOf = (type: string): NotificationKind | null => {
  if (type.startsWith('project-')) return 'project';
  if (type === 'message-unread') return 'message';
  if (type.startsWith('review-')) return 'review';
  if (type.startsWith('application-') || type.startsWith('seal-') || type === 'white-glove-matches') return 'account';
  return null;
};

export const notificationSettingsSchema = z.object({
  /** For each kind, whether its emails are sent. */
  email: z.object({ project: z.boolean(), message: z.boolean(), account: z.boolean(), review: z.boolean() }),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const unsubscribeQuerySchema = z.object({
  u: z.string().min(1).max(100),
  k: z.enum(NOTIFICATION_KINDS),
  t: z.string().regex(/^[\w-]{43}$/, 'This unsubscribe link is not valid.'),
});

// The path lives with the other routes, so the header's bell can link to it without bringing zod into the entry chunk.
export { NOTIFICATION_SETTINGS_PATH } from './routes';

/** Where the unsubscribe page's own form lands when its link is not valid (the page explains what to do instead). */
export const UNSUBSCRIBE_INVALID_PATH = '/unsubscribe?error=invalid';
