import { useEffect, useState } from 'react';
import type { MessageView } from '../../domain/conversation-schemas';

export type InboxEvent = { type: 'message'; message: MessageView } | { type: 'unread'; unread: number } | { type: 'notifications'; unread: number };
type Listener = (event: InboxEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;

const emit = (event: InboxEvent) => {
  for (const listener of [...listeners]) listener(event);
};

const open = () => {
  if (typeof EventSource === 'undefined') return;
  // One stream per tab, shared by the header's count and an open thread. EventSource reconnects by itself and
  // sends Last-Event-ID, so the server replays anything missed while it was away.
  source = new EventSource('/api/conversations/events', { withCredentials: true });
  source.addEventListener('message', (event) => {
    try {
      emit({ type: 'message', message: JSON.parse((event as MessageEvent<string>).data) as MessageView });
    } catch {
      // A malformed event is dropped; the next one carries on.
    }
  });
  source.addEventListener('unread', (event) => {
    try {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      emit({ type: 'unread', unread });
    } catch {
      // As above.
    }
  });
  source.addEventListener('notifications', (event) => {
    try {
      const { unread } = JSON.parse((event as MessageEvent<string>).data) as { unread: number };
      emit({ type: 'notifications', unread });
    } catch {
      // As above.
    }
  });
  source.addEventListener('error', () => {
    // Signed out or the account is gone: the server answers 401/403 and EventSource stops; nothing to retry.
    if (source?.readyState === EventSource.CLOSED) source = null;
  });
};

/** Hears new messages and the unread count while subscribed; the stream closes when nobody listens. */
export const subscribeToInbox = (listener: Listener): (() => void) => {
  listeners.add(listener);
  if (!source) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && source) {
      source.close();
      source = null;
    }
  };
};

let unreadRead: Promise<number | null> | null = null;

/**
 * The unread count as JSON, one request for everyone who asks while it is under way: the header shows the Inbox link
 * twice (the desktop bar and the phone menu, one of them hidden), and each asks when it mounts.
 */
const readUnread = (): Promise<number | null> =>
  (unreadRead ??= fetch('/api/conversations/events', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then((response) => (response.ok ? (response.json() as Promise<{ unread: number }>) : null))
    .then((body) => body?.unread ?? null)
    .catch(() => null)
    .finally(() => {
      unreadRead = null;
    }));

/** The signed-in person's unread message count, first asked for and then kept current by the stream. */
export function useInboxCount(isEnabled: boolean): number | null {
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!isEnabled) return undefined;
    let isMounted = true;
    void readUnread().then((unread) => {
      if (isMounted && unread !== null) setCount(unread);
    });
    const unsubscribe = subscribeToInbox((event) => {
      if (event.type === 'unread') setCount(event.unread);
    });
    return () => {
      isMounted = false;
      unsubscribe();
    };
  }, [isEnabled]);
  return isEnabled ? count : null;
}
