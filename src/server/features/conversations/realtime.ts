import { sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client';

/** The PostgreSQL channel that carries "something new in this conversation" to every instance. */
export const CONVERSATION_CHANNEL = 'hm_conversations';

export interface ConversationEvent {
  conversationId: string;
  /** The seq of the new message (readers fetch from their last seen seq, so nothing rides in the payload). */
  seq: number;
  /** Whose streams should hear of it: the two participants (or, for a read marker, the reader). */
  userIds: string[];
  /** 'read': a participant's read marker moved, so only their unread count changed. */
  kind?: 'message' | 'read';
}

/**
 * Announces a new message. NOTIFY inside the writing transaction is delivered only when that transaction commits,
 * so a reader is never told of a message it cannot yet read, and a rolled-back write is never announced.
 */
export const publishConversationEvent = async (tx: DbExecutor, event: ConversationEvent): Promise<void> => {
  await tx.execute(sql`select pg_notify(${CONVERSATION_CHANNEL}, ${JSON.stringify(event)})`);
};

type Listener = (event: ConversationEvent | null) => void;

export interface ConversationHub {
  /** Hears events for one user's conversations; `null` means "the channel was lost and is back: check for anything missed". */
  subscribe: (userId: string, listener: Listener) => () => void;
  /** Live subscriptions on this instance (for figures). */
  size: () => number;
  close: () => Promise<void>;
}

interface HubOptions {
  listen: (channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void) => Promise<() => Promise<void>>;
  log: { warn: (object: object, message: string) => void };
  /** How long to wait before listening again after the connection dropped. */
  retryMs?: number;
}

/**
 * One LISTEN per instance, shared by every open stream on it: PostgreSQL (or the embedded database) fans each
 * committed message out to all instances, and each instance to its own streams. Nothing about who is connected is
 * kept anywhere but here, so any number of instances can run side by side.
 */
export const createConversationHub = ({ listen, log, retryMs = 1000 }: HubOptions): ConversationHub => {
  const listeners = new Map<string, Set<Listener>>();
  let stop: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const dispatch = (payload: string) => {
    let event: ConversationEvent;
    try {
      event = JSON.parse(payload) as ConversationEvent;
    } catch {
      return;
    }
    for (const userId of event.userIds ?? []) for (const listener of listeners.get(userId) ?? []) listener(event);
  };
  const everyone = () => {
    for (const set of listeners.values()) for (const listener of set) listener(null);
  };

  const start = (): Promise<void> => {
    starting ??= listen(CONVERSATION_CHANNEL, dispatch, (error) => {
      log.warn({ err: error }, 'conversation channel lost; listening again');
      stop = null;
      starting = null;
      if (!closed) retry = setTimeout(() => void start().then(everyone, () => undefined), retryMs);
    })
      .then((unlisten) => {
        stop = unlisten;
      })
      .catch((error: unknown) => {
        log.warn({ err: error }, 'could not listen for conversation events; trying again');
        starting = null;
        if (!closed) retry = setTimeout(() => void start().then(everyone, () => undefined), retryMs);
      });
    return starting;
  };

  return {
    subscribe: (userId, listener) => {
      if (!starting && !closed) void start();
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(listener);
      listeners.set(userId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    size: () => [...listeners.values()].reduce((total, set) => total + set.size, 0),
    close: async () => {
      closed = true;
      if (retry) clearTimeout(retry);
      listeners.clear();
      await starting?.catch(() => undefined);
      await stop?.().catch(() => undefined);
    },
  };
};
