import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

export interface NotificationHandlers {
  onNotify: (payload: string) => void;
  /** `true` once LISTEN is in place, `false` whenever notifications may be missed (connection lost, closed). */
  onState: (listening: boolean) => void;
  onError?: (error: Error) => void;
}

export interface NotificationListener {
  /**
   * Resolves once every notification committed before the call has been handed to `onNotify`; rejects when the
   * listening connection is down.
   */
  sync: () => Promise<void>;
  close: () => Promise<void>;
}

const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 15_000;

/**
 * LISTEN on a dedicated PostgreSQL connection (a pooled one would lose its LISTEN when returned), reconnecting with
 * backoff. The client keeps an `error` listener for its whole life: an error emitted with nobody listening would end
 * the process.
 */
export const listenOnPostgres = (connect: () => pg.Client, channel: string, handlers: NotificationHandlers): NotificationListener => {
  let current: pg.Client | null = null;
  let closed = false;
  let delay = RETRY_MIN_MS;
  let timer: NodeJS.Timeout | null = null;
  const dropped = new WeakSet<pg.Client>();

  const schedule = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      void open();
    }, delay);
    timer.unref();
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };

  const drop = (client: pg.Client) => {
    if (dropped.has(client)) return;
    dropped.add(client);
    if (current === client) {
      current = null;
      handlers.onState(false);
    }
    void client.end().catch(() => undefined);
    schedule();
  };

  const open = async () => {
    const client = connect();
    client.on('error', (error) => {
      handlers.onError?.(error);
      drop(client);
    });
    client.on('end', () => drop(client));
    client.on('notification', (message) => {
      if (message.channel === channel && current === client) handlers.onNotify(message.payload ?? '');
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      handlers.onError?.(error as Error);
      drop(client);
      return;
    }
    if (closed || dropped.has(client)) {
      drop(client);
      return;
    }
    current = client;
    delay = RETRY_MIN_MS;
    handlers.onState(true);
  };

  // One round trip on the listening connection is a barrier: PostgreSQL signals listeners when a notifying
  // transaction commits, before that transaction's client hears of the commit, and a backend sends the notifications
  // it was signalled about before it answers ReadyForQuery. Callers that arrive while one round trip is waiting
  // share the next one, so a burst of requests costs a couple of `select 1`, not one each.
  let running: Promise<void> | null = null;
  let waiting: Promise<void> | null = null;
  const sync = (): Promise<void> => {
    if (waiting) return waiting;
    const before = running ?? Promise.resolve();
    const next: Promise<void> = before
      .catch(() => undefined)
      .then(async () => {
        if (waiting === next) waiting = null;
        running = next;
        const client = current;
        if (!client) throw new Error('not listening');
        await client.query('select 1');
      })
      .finally(() => {
        if (running === next) running = null;
      });
    waiting = next;
    return next;
  };

  void open();
  return {
    sync,
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      const client = current;
      current = null;
      handlers.onState(false);
      if (client) {
        dropped.add(client);
        await client.end().catch(() => undefined);
      }
    },
  };
};

/**
 * PGlite is one backend in this process: it hands a notification to its listeners (as microtasks) while it reads the
 * answer of the committing statement, so they have run before the writer's own `await` returns. Nothing to wait for.
 */
export const listenOnPglite = (db: PGlite, channel: string, handlers: NotificationHandlers): NotificationListener => {
  let unlisten: (() => Promise<void>) | null = null;
  let closed = false;
  const ready = db
    .listen(channel, (payload) => handlers.onNotify(payload))
    .then((stop) => {
      unlisten = stop;
      if (!closed) handlers.onState(true);
    })
    .catch((error: Error) => handlers.onError?.(error));
  return {
    sync: () => Promise.resolve(),
    close: async () => {
      closed = true;
      handlers.onState(false);
      await ready;
      await unlisten?.().catch(() => undefined);
    },
  };
};
