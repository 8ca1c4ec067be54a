import type { ConversationList, ConversationThread, SentMessage } from '../../../domain/conversation-schemas';
import { apiFetch } from '../../lib/api';

export const conversationsQueryKey = ['conversations'] as const;
export const threadQueryKey = (id: string) => ['conversations', id] as const;

/** A page of the caller's conversations, most recent first; `cursor` (the previous page's `nextCursor`) for older ones. */
export const fetchConversations = (signal?: AbortSignal, cursor?: string | null) =>
  apiFetch<ConversationList>(cursor ? `/api/conversations?cursor=${encodeURIComponent(cursor)}` : '/api/conversations', { signal });
/** A conversation with its newest page of messages, or the page before message `before` (a seq). */
export const fetchThread = (id: string, signal?: AbortSignal, before?: number) =>
  apiFetch<ConversationThread>(`/api/conversations/${encodeURIComponent(id)}${before ? `?before=${before}` : ''}`, { signal });

export const postMessage = (id: string, input: { body: string; clientMessageId: string }) =>
  apiFetch<SentMessage>(`/api/conversations/${encodeURIComponent(id)}/messages`, { method: 'POST', body: input });

export const postAttachment = (id: string, input: { body: string; clientMessageId: string; file: File }) => {
  const form = new FormData();
  form.set('clientMessageId', input.clientMessageId);
  form.set('body', input.body);
  // The file goes last: the server reads the text fields before the file's bytes.
  form.set('file', input.file);
  return apiFetch<SentMessage>(`/api/conversations/${encodeURIComponent(id)}/attachments`, { method: 'POST', body: form });
};

export const startConversation = (input: { creatorId: string; body: string; clientMessageId: string }) =>
  apiFetch<SentMessage>('/api/conversations', { method: 'POST', body: input });

export const markRead = (id: string, seq: number) =>
  apiFetch<void>(`/api/conversations/${encodeURIComponent(id)}/read`, { method: 'POST', body: { seq } });

export const fetchUnread = (signal?: AbortSignal) => apiFetch<{ unread: number }>('/api/conversations/events', { signal });

/** A fresh id for one message, kept across retries of that message so the server never stores it twice. */
export const newClientMessageId = (): string => crypto.randomUUID();
