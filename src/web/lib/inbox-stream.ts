import { useEffect, useState } from 'react';
import type { MessageView } from '../../domain/conversation-schemas';

export type InboxEvent = { type: 'message'; message: MessageView } | { type: 'unread'; unread: number } | { type: 'notifications'; unread: number };
type Listener = (event: InboxEvent) => void;

const listeners = new Set<Listener>();
let source: EventSource | null = null;
/** The last position this tab's stream announced (a message's seq, or the count's): where a stream opened after a failure resumes. */
let lastEventId = '';
let reopenTimer: ReturnType<typeof setTimeout> | null = null;
let reopenDelay = 0;

/** The first wait before reopening a stream the browser gave up on, doubled on each failure up to the last. */
export const REOPEN_MIN_MS = 1000;
export const REOPEN_MAX_MS = 30_000;
const STREAM_PATH = '/api/conversations/events';

const emit = (event: InboxEvent) => {
  for (const listener of [...listeners]) listener(event);
};

const countOf = (event: Event): number => (JSON.parse((event as MessageEvent<string>).data) as { unread: number }).unread;

/**
 * Why the stream is down, asked of the same route as JSON: 401/403 means signed out (or the account is gone), so
 * there is nothing to reopen; anything else (a proxy's 502 while the server restarts, no network) is worth a retry.
 */
const isSignedOut = async (): Promise<boolean> => {
  try {
    const response = await fetch(STREAM_PATH, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    return response.status === 401 || response.status === 403;
  } catch {
    return false;
  }
};

const stopReopening = () => {
  if (reopenTimer) clearTimeout(reopenTimer);
  reopenTimer = null;
  reopenDelay = 0;
};

/**
 * The browser closes an EventSource for good on any answer but 200 (a 502 from a proxy during a restart, say), and
 * never tries again. While someone still listens, open a new one after a growing wait, from the last event heard.
 */
const scheduleReopen = () => {
  if (reopenTimer || listeners.size === 0) return;
  reopenDelay = Math.min(Math.max(reopenDelay * 2, REOPEN_MIN_MS), REOPEN_MAX_MS);
  reopenTimer = setTimeout(() => {
    reopenTimer = null;
    void isSignedOut().then((signedOut) => {
      if (signedOut || listeners.size === 0 || source) return;
      open();
    });
  }, reopenDelay);
};

function open() {
  if (typeof EventSource === 'undefined') return;
  // One stream per tab, shared by the header's count and an open thread. EventSource reconnects by itself after a
  // dropped connection and sends Last-Event-ID; a stream opened anew carries it in the query (it cannot send the
  // header), so either way the server replays anything missed while it was away.
  const url = lastEventId ? `${STREAM_PATH}?lastEventId=${encodeURIComponent(lastEventId)}` : STREAM_PATH;
  const opened = new EventSource(url, { withCredentials: true });
  source = opened;
  opened.addEventListener('open', () => {
    reopenDelay = 0;
  });
  opened.addEventListener('message', (event) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    try {
      emit({ type: 'message', message: JSON.parse(message.data) as MessageView });
    } catch {
      // A malformed event is dropped; the next one carries on.
    }
  });
  opened.addEventListener('unread', (event) => {
    // The count carries the stream's position too: a stream that has carried no message yet resumes from there.
    const { lastEventId: position } = event as MessageEvent<string>;
    if (position) lastEventId = position;
    try {
      emit({ type: 'unread', unread: countOf(event) });
    } catch {
      // As above.
    }
  });
  opened.addEventListener('notifications', (event) => {
    try {
      emit({ type: 'notifications', unread: countOf(event) });
    } catch {
      // As above.
    }
  });
  opened.addEventListener('error', () => {
    // CONNECTING: the browser is reconnecting by itself. CLOSED: it gave up, and only a new EventSource will do.
    if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
    source = null;
    scheduleReopen();
  });
}

/** Hears new messages and the unread count while subscribed; the stream closes when nobody listens. */
export const subscribeToInbox = (listener: Listener): (() => void) => {
  listeners.add(listener);
  if (!source && !reopenTimer) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    stopReopening();
    // The next subscriber starts from now, as a fresh page would.
    lastEventId = '';
    if (source) {
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
