import { z } from 'zod';
import { microsCursorQuerySchema } from './keyset-cursor';
import { creatorIdField } from './project-schemas';

/** A message is plain text of at most this many characters. */
export const MESSAGE_MAX_LENGTH = 5000;

/** Messages are read in pages of this many, newest page first. */
export const MESSAGE_PAGE_SIZE = 100;

export const CONVERSATION_MESSAGES = {
  notFound: 'Conversation not found',
  bodyRequired: 'Please write a message.',
  bodyTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH.toLocaleString('en-US')} characters.`,
  idRequired: 'Each message needs an id made by the sender.',
  creatorUnavailable: 'This creator is not available.',
  blocked: 'You can no longer message this person',
  onlyBlockerUnblocks: 'Only the person who blocked this conversation can unblock it.',
  // One block at a time (conversations.blocked_by): the second person's is refused, not silently dropped (decision 219).
  alreadyBlockedByOther: 'The other person has already blocked this conversation, so neither of you can write in it. Only they can unblock it.',
  blockedByOther: 'The other person blocked this conversation. Only they can unblock it.',
  empty: 'No conversations yet',
  emptyHint: 'When you message a creator, or a client writes to you, the conversation appears here.',
  // Each side's own way in: a client starts conversations, a creator answers them (no cold outreach).
  emptyHintClient: 'Message a creator from their studio or their card in the marketplace, and the conversation appears here.',
  emptyHintCreator: 'When a client writes to you, the conversation appears here, and you can reply. Clients find you through your studio and the marketplace.',
  attachmentNotFound: 'Attachment not found',
  removed: 'Message removed by Humanmade',
  reported: 'Thank you. An admin will review this message.',
  cannotReport: 'You can report only messages the other person wrote.',
  reportNotFound: 'Report not found',
  tooManyConversations: 'You have started 10 new conversations today. Please wait until tomorrow to start another.',
} as const;

export const messageBodyField = z
  .string({ error: CONVERSATION_MESSAGES.bodyRequired })
  .trim()
  .min(1, CONVERSATION_MESSAGES.bodyRequired)
  .max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.bodyTooLong);

/** Made by the sender (a UUID) before the first try, and sent again unchanged on every retry. */
export const clientMessageIdField = z.uuid({ error: CONVERSATION_MESSAGES.idRequired });

export const sendMessageSchema = z.object({ clientMessageId: clientMessageIdField, body: messageBodyField });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

/** The text that may go with an attachment (multipart fields), where the body may be empty. */
export const attachmentFieldsSchema = z.object({
  clientMessageId: clientMessageIdField,
  body: z.string().trim().max(MESSAGE_MAX_LENGTH, CONVERSATION_MESSAGES.bodyTooLong).optional().default(''),
});

export const startConversationSchema = sendMessageSchema.extend({ creatorId: creatorIdField });
export type StartConversationInput = z.infer<typeof startConversationSchema>;

export const markReadSchema = z.object({ seq: z.number({ error: 'The last message read is required.' }).int().min(0) });

export const PROJECT_EVENTS = [
  'created',
  'accepted',
  'declined',
  'deliverable_submitted',
  'approved',
  'flagged',
  'cancelled',
  'flag_cleared',
  'offer_sent',
  'offer_accepted',
  'offer_declined',
  'offer_changes_requested',
  'milestone_approved',
  'milestone_auto_approved',
  'revision_requested',
  'extra_revision_allowed',
  // Ending work under way (decision 193)
  'withdrawn',
  'cancelled_by_admin',
  // Money (decision 170)
  'funding_requested',
  'payment_received',
  'funds_released',
  'funds_refunded',
  'funds_split',
] as const;
export type ProjectEvent = (typeof PROJECT_EVENTS)[number];

export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  isImage: z.boolean(),
});

export const messageSchema = z.object({
  id: z.string(),
  seq: z.number(),
  conversationId: z.string(),
  senderId: z.string().nullable(),
  kind: z.enum(['text', 'system']),
  body: z.string(),
  clientMessageId: z.string().nullable(),
  projectId: z.string().nullable(),
  projectEvent: z.string().nullable(),
  attachments: z.array(attachmentSchema),
  /** Removed by an admin after a report: the body is the removal notice and there are no attachments. */
  removed: z.boolean(),
  createdAt: z.string(),
});
export type MessageView = z.infer<typeof messageSchema>;

export const reportMessageSchema = z.object({
  reason: z.string().trim().max(1000, 'Please keep the reason under 1,000 characters.').optional().default(''),
});

/** A report as the admins' Reports view shows it: the message, a few around it, and who is who. */
export const adminReportSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'dismissed', 'removed']),
  reason: z.string().nullable(),
  createdAt: z.string(),
  conversationId: z.string(),
  reporter: z.object({ id: z.string().nullable(), name: z.string() }),
  message: messageSchema,
  context: z.array(messageSchema),
  people: z.array(z.object({ id: z.string(), name: z.string() })),
});

export type AdminReport = z.infer<typeof adminReportSchema>;
/** A page of open reports, oldest first (decision 229); `nextCursor` is passed back as `cursor`, null on the last page. */
export const adminReportListSchema = z.object({ reports: z.array(adminReportSchema), nextCursor: z.string().nullable() });
export type AdminReportList = z.infer<typeof adminReportListSchema>;
export const resolveReportSchema = z.object({ reason: z.string().trim().max(1000, 'Please keep the reason under 1,000 characters.').optional().default('') });

export const conversationPersonSchema = z.object({ id: z.string(), name: z.string(), avatarUrl: z.string().nullable(), role: z.string() });

export const conversationSummarySchema = z.object({
  id: z.string(),
  other: conversationPersonSchema,
  lastMessage: z.object({ body: z.string(), kind: z.enum(['text', 'system']), senderId: z.string().nullable(), createdAt: z.string() }).nullable(),
  unread: z.number(),
  lastMessageAt: z.string(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

/** The inbox list is read in pages of this many conversations, most recent first. */
export const CONVERSATION_PAGE_SIZE = 100;

export const conversationListSchema = z.object({
  conversations: z.array(conversationSummarySchema),
  unread: z.number(),
  /** Where the next (older) page starts, or null on the last page. */
  nextCursor: z.string().nullable(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** A page's position: the last conversation's last-message time (microseconds since 1970) and its id. */
export const conversationListQuerySchema = microsCursorQuerySchema;

export const conversationThreadSchema = z.object({
  id: z.string(),
  client: conversationPersonSchema,
  creator: conversationPersonSchema,
  /** The caller's side, or null for an admin reading a flagged project's thread. */
  viewerSide: z.enum(['client', 'creator']).nullable(),
  messages: z.array(messageSchema),
  hasEarlier: z.boolean(),
  lastReadSeq: z.number(),
  projects: z.array(z.object({ id: z.string(), title: z.string(), status: z.string() })),
  /** One of the two blocked the other: nobody can send here any more. */
  blocked: z.boolean(),
  blockedByMe: z.boolean(),
});
export type ConversationThread = z.infer<typeof conversationThreadSchema>;

export const sentMessageSchema = z.object({ conversationId: z.string(), message: messageSchema });
export type SentMessage = z.infer<typeof sentMessageSchema>;

export const unreadCountSchema = z.object({ unread: z.number() });

/** The address of a conversation in the web app. */
export const inboxPath = (conversationId?: string) => (conversationId ? `/inbox/${conversationId}` : '/inbox');

const isHttpUrl = (value: string): boolean => {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
};

/**
 * Splits plain text into text and http(s) links, for rendering as text nodes and anchors (never as HTML).
 * Anything that is not http or https stays text, so `javascript:` and `data:` are never links.
 */
export const splitLinks = (text: string): Array<{ kind: 'text' | 'link'; value: string }> => {
  const parts: Array<{ kind: 'text' | 'link'; value: string }> = [];
  const pattern = /\bhttps?:\/\/[^\s<>"']+/gi;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    // Trailing punctuation belongs to the sentence, not the address.
    const url = match[0].replace(/[.,;:!?)\]]+$/, '');
    const start = match.index ?? 0;
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: isHttpUrl(url) ? 'link' : 'text', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
};
