import type { Redis } from 'ioredis';
import type { NotificationHandlers, NotificationListener } from '../../db/notifications';
import { loadRedis } from '../../lazy-modules';

/** Not an event: "a notice may have been lost here", from a publisher that could not publish for a while. */
const RESYNC = '{"kind":"resync"}';

export interface RedisChannel {
  /** SUBSCRIBE on a connection of its own, in the shape of the database's LISTEN (db/notifications.ts). */
  listen: (channel: string, handlers: NotificationHandlers) => NotificationListener;
  /** PUBLISH; fails at once, rather than queueing, while Redis is unreachable. */
  publish: (channel: string, payload: string) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * Redis pub/sub for the conversation hub when REDIS_URL is set (decision 196). Every client keeps an `error` listener
 * for its whole life (an error emitted with nobody listening would end the process). The subscriber reconnects by
 * itself (ioredis's backoff) and subscribes again on each connection, reporting `onState(false)` when it drops and
 * `onState(true)` once subscribed again, so the hub's streams re-read what they may have missed meanwhile.
 */
export const openRedisChannel = async (url: string, log: { warn: (object: object, message: string) => void }): Promise<RedisChannel> => {
  const RedisClient = await loadRedis();
  const publisher: Redis = new RedisClient(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2000 });
  publisher.on('error', (error: Error) => log.warn({ err: error.message }, 'redis publisher error'));
  const subscribers = new Set<Redis>();
  // Channels where a publish of this instance failed: a notice was lost, perhaps after the other instances had
  // subscribed again. Once this instance can publish again it sends RESYNC there, which every subscriber treats as
  // its own channel dropping and returning, so their streams re-read what they may have missed.
  const owed = new Set<string>();
  const settle = async (channel: string) => {
    await publisher.publish(channel, RESYNC);
    owed.delete(channel);
  };
  publisher.on('ready', () => {
    for (const channel of owed) settle(channel).catch(() => undefined);
  });

  const listen = (channel: string, handlers: NotificationHandlers): NotificationListener => {
    // autoResubscribe off: this code subscribes on every 'ready' itself, so it knows when the channel is heard again.
    const subscriber: Redis = new RedisClient(url, { lazyConnect: true, autoResubscribe: false, maxRetriesPerRequest: null });
    subscribers.add(subscriber);
    let listening = false;
    let closed = false;
    let quietErrors = false;
    const lose = () => {
      if (!listening) return;
      listening = false;
      handlers.onState(false);
    };
    subscriber.on('error', (error: Error) => {
      // Once per outage: ioredis reports every failed reconnection attempt.
      if (!quietErrors) handlers.onError?.(error);
      quietErrors = true;
    });
    subscriber.on('close', lose);
    subscriber.on('ready', () => {
      subscriber
        .subscribe(channel)
        .then(() => {
          if (closed) return;
          quietErrors = false;
          listening = true;
          handlers.onState(true);
        })
        .catch((error: Error) => handlers.onError?.(error));
    });
    subscriber.on('message', (from: string, payload: string) => {
      if (from !== channel || !listening) return;
      if (payload !== RESYNC) return handlers.onNotify(payload);
      handlers.onState(false);
      handlers.onState(true);
    });
    subscriber.connect().catch(() => undefined); // reported through 'error'; ioredis keeps retrying
    return {
      // Redis answers a connection's commands in order, so a PING answered means every message published before it
      // (by a writer that awaited its PUBLISH) has been delivered to this subscriber.
      sync: async () => {
        if (!listening) throw new Error('not listening');
        await subscriber.ping();
      },
      close: async () => {
        closed = true;
        lose();
        subscribers.delete(subscriber);
        subscriber.disconnect();
      },
    };
  };

  return {
    listen,
    publish: async (channel, payload) => {
      try {
        if (owed.has(channel)) await settle(channel);
        await publisher.publish(channel, payload);
      } catch (error) {
        owed.add(channel);
        throw error;
      }
    },
    close: async () => {
      for (const subscriber of subscribers) subscriber.disconnect();
      subscribers.clear();
      publisher.disconnect();
    },
  };
};
