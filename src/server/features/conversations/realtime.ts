import { sql } from 'drizzle-orm';
import { afterCommit, enableAfterCommit, rootOf } from '../../db/after-commit';
import type { Database, DbExecutor } from '../../db/client';
import type { NotificationHandlers, NotificationListener } from '../../db/notifications';

/** The PostgreSQL channel that carries "something new in this conversation" to every instance. */
export const CONVERSATION_CHANNEL = 'hm_conversations';

/** Something new in a conversation: a message, or (kind 'read') a participant's read marker moved. */
export interface ConversationMessageEvent {
  conversationId: string;
  /** The seq of the new message (readers fetch from their last seen seq, so nothing rides in the payload). */
  seq: number;
  /** Whose streams should hear of it: the two participants (or, for a read marker, the reader). */
  userIds: string[];
  /** 'read': a participant's read marker moved, so only their unread count changed. */
  kind?: 'message' | 'read';
}

/** Only the recipients' notification count changed (an item written, or marked read): no message for them. */
export interface NotificationEvent {
  kind: 'notification';
  userIds: string[];
}

/**
 * An admin removed a message after a report (decision 229). A stream sends that message again, read from the
 * database as it now reads ('Message removed by Humanmade', no files), so an open thread replaces the words in place.
 * It carries the message's seq (where the stream reads it) and its id (what the thread replaces).
 */
export interface MessageRemovedEvent {
  kind: 'message_removed';
  conversationId: string;
  messageId: string;
  seq: number;
  /** The two participants. */
  userIds: string[];
}

export type ConversationEvent = ConversationMessageEvent | NotificationEvent | MessageRemovedEvent;

interface ExternalPublisher {
  publish: (payload: string) => Promise<void>;
  onError: (error: unknown) => void;
}
const externalPublishers = new WeakMap<object, ExternalPublisher>();

/**
 * Sends this database's conversation events through `publish` (Redis pub/sub, decision 196) instead of NOTIFY. An
 * event written in a transaction is published once that transaction commits (db/after-commit.ts); a publish that
 * fails is handed to `onError` and does not fail the write, which has committed.
 */
export const publishConversationEventsThrough = (db: Database, publisher: ExternalPublisher): void => {
  enableAfterCommit(db, publisher.onError);
  externalPublishers.set(db, publisher);
};

/**
 * Announces a new message. NOTIFY inside the writing transaction is delivered only when that transaction commits,
 * so a reader is never told of a message it cannot yet read, and a rolled-back write is never announced. Through
 * Redis the same holds by publishing after the commit.
 */
export const publishConversationEvent = async (tx: DbExecutor, event: ConversationEvent): Promise<void> => {
  const payload = JSON.stringify(event);
  const external = externalPublishers.get(rootOf(tx));
  if (!external) {
    await tx.execute(sql`select pg_notify(${CONVERSATION_CHANNEL}, ${payload})`);
    return;
  }
  const publish = () => external.publish(payload).catch(external.onError);
  // Outside a transaction the write before this call has already committed.
  if (!afterCommit(tx, publish)) await publish();
};

/**
 * Tells the users' streams, on every instance, that their notification count may have moved. On the same channel as
 * messages, so one LISTEN per instance serves both; called in the transaction that wrote the change, it is heard
 * exactly when that commits (PostgreSQL also folds identical notices of one transaction into one).
 */
export const publishNotificationEvent = async (tx: DbExecutor, userIds: string[]): Promise<void> => {
  if (userIds.length === 0) return;
  await publishConversationEvent(tx, { kind: 'notification', userIds });
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
  /**
   * The database's LISTEN (db/notifications.ts): on PostgreSQL a connection of its own that reconnects by itself; or
   * a Redis SUBSCRIBE of the same shape (redis-channel.ts).
   */
  listen: (channel: string, handlers: NotificationHandlers) => NotificationListener;
  /** The channel to hear: CONVERSATION_CHANNEL on the database; on Redis, under the key prefix. */
  channel?: string;
  log: { warn: (object: object, message: string) => void };
}

/**
 * One LISTEN per instance, shared by every open stream on it: PostgreSQL (or the embedded database) fans each
 * committed message out to all instances, and each instance to its own streams. Nothing about who is connected is
 * kept anywhere but here, so any number of instances can run side by side. When the listening connection comes back
 * after a loss, every stream is told to check for what it may have missed.
 */
export const createConversationHub = ({ listen, log, channel = CONVERSATION_CHANNEL }: HubOptions): ConversationHub => {
  const listeners = new Map<string, Set<Listener>>();
  let listener: NotificationListener | null = null;
  // Not listening yet counts as lost: the LISTEN connection opens after the first stream subscribes, and a message
  // committed in between notifies nobody. When it first listens, every stream checks what it may have missed.
  let lost = true;
  let closed = false;

  const dispatch = (payload: string) => {
    let event: ConversationEvent;
    try {
      event = JSON.parse(payload) as ConversationEvent;
    } catch {
      return;
    }
    for (const userId of event.userIds ?? []) for (const subscriber of listeners.get(userId) ?? []) subscriber(event);
  };
  const everyone = () => {
    for (const set of listeners.values()) for (const subscriber of set) subscriber(null);
  };

  const start = () => {
    listener ??= listen(channel, {
      onNotify: dispatch,
      onState: (listening) => {
        if (closed) return;
        if (!listening) {
          lost = true;
          return;
        }
        if (lost) everyone();
        lost = false;
      },
      onError: (error) => log.warn({ err: error }, 'conversation channel lost; listening again'),
    });
  };

  return {
    subscribe: (userId, subscriber) => {
      if (!closed) start();
      const set = listeners.get(userId) ?? new Set<Listener>();
      set.add(subscriber);
      listeners.set(userId, set);
      return () => {
        set.delete(subscriber);
        if (set.size === 0) listeners.delete(userId);
      };
    },
    size: () => [...listeners.values()].reduce((total, set) => total + set.size, 0),
    close: async () => {
      closed = true;
      listeners.clear();
      await listener?.close().catch(() => undefined);
    },
  };
};
