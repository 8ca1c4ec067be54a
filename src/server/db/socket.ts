import { existsSync, unlinkSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler } from '@electric-sql/pglite-socket';

/**
 * The running server shares its embedded database over a Unix socket in DATA_DIR, named as PostgreSQL names its own
 * (`.s.PGSQL.<port>`), so `psql -h <DATA_DIR>` and node-postgres with `host: <DATA_DIR>` reach it.
 */
export const SOCKET_PORT = 5432;
export const socketPathFor = (dataDir: string) => path.join(dataDir, `.s.PGSQL.${SOCKET_PORT}`);
/** Unix socket paths are limited to 108 bytes (sun_path) on Linux, 104 on macOS. */
export const MAX_SOCKET_PATH = 103;

const READY_FOR_QUERY = 0x5a; // 'Z', followed by the length 5 and the transaction status
const TERMINATE = 0x58; // 'X'
const IDLE = 0x49; // 'I': not inside a transaction block

interface QueuedMessage {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: Error) => void;
}

const syncMessage = () => Uint8Array.from([0x53, 0, 0, 0, 4]);
const queryMessage = (sql: string) => {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = 0x51; // 'Q'
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return new Uint8Array(message);
};

/**
 * Orders the socket clients' protocol messages with the server's own queries. PGlite is one backend with one session,
 * and the package's own queue only holds PGlite's query lock for one message at a time, so the server's queries could
 * run inside a client's transaction (and be rolled back with it), or a client's statement inside one of the server's.
 * Here a client takes PGlite's *transaction* lock (the one `query()` and `transaction()` hold) from the first message
 * of an exchange until PGlite answers ReadyForQuery with status idle, and no other client's message runs meanwhile:
 * each side sees whole transactions of the other, as two sessions on PostgreSQL would, and nothing is interleaved.
 * The interface is the one PGLiteSocketHandler calls (enqueue, clearQueueForHandler, clearTransactionIfNeeded).
 */
export class SessionScheduler {
  private queue: QueuedMessage[] = [];
  private running = false;
  /** The client whose exchange or transaction is open, and who alone may run until it ends. */
  private holder: number | null = null;
  private releaseLease: (() => void) | null = null;
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: PGlite,
    /** Called when a client keeps a transaction open without sending anything for `idleInTransactionMs`. */
    private readonly onIdleInTransaction: (handlerId: number) => void,
    private readonly idleInTransactionMs: number,
    /** Called after each exchange or transaction of a client ends. */
    private readonly afterExchange: () => void = () => undefined,
  ) {}

  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    // Terminate never reaches PGlite: the session is the server's, and the handler closes the socket itself.
    if (message[0] === TERMINATE && message.length === 5) return Promise.resolve(0);
    return new Promise((resolve, reject) => {
      this.queue.push({ handlerId, message, onData, resolve, reject });
      void this.pump();
    });
  }

  clearQueueForHandler(handlerId: number): void {
    this.queue = this.queue.filter((item) => {
      if (item.handlerId !== handlerId) return true;
      item.reject(new Error('Client disconnected'));
      return false;
    });
  }

  /** A client that leaves in the middle of a transaction: roll it back so the server's next query starts clean. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.holder !== handlerId) return;
    try {
      await this.db.runExclusive(async () => {
        // Sync ends an extended-protocol exchange left half-way; ROLLBACK then ends any transaction block.
        for (const message of [syncMessage(), queryMessage('ROLLBACK')]) {
          await this.db.execProtocolRawStream(message, { onRawData: () => undefined });
        }
      });
    } finally {
      this.endExchange();
      void this.pump();
    }
  }

  get queuedMessages() {
    return this.queue.length;
  }

  private acquireLease(): Promise<void> {
    return new Promise((leased) => {
      void this.db._runExclusiveTransaction(
        () =>
          new Promise<void>((release) => {
            this.releaseLease = release;
            leased();
          }),
      );
    });
  }

  private endExchange() {
    this.stopIdleTimer();
    if (this.holder !== null) this.afterExchange();
    this.holder = null;
    const release = this.releaseLease;
    this.releaseLease = null;
    release?.();
  }

  private stopIdleTimer() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private next(): QueuedMessage | undefined {
    const index = this.holder === null ? 0 : this.queue.findIndex((item) => item.handlerId === this.holder);
    return index === -1 ? undefined : this.queue.splice(index, 1)[0];
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let item = this.next(); item; item = this.next()) {
        this.stopIdleTimer();
        if (!this.releaseLease) await this.acquireLease();
        this.holder = item.handlerId;
        // The last 6 bytes of the answer: a ReadyForQuery ('Z', length 5, status) closes every complete exchange.
        let tail = new Uint8Array(0);
        let bytes = 0;
        const current = item;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(current.message, {
              onRawData: (data) => {
                bytes += data.length;
                const joined = new Uint8Array(tail.length + data.length);
                joined.set(tail);
                joined.set(data, tail.length);
                tail = joined.slice(-6);
                current.onData(data);
              },
            }),
          );
        } catch (error) {
          this.endExchange();
          current.reject(error as Error);
          continue;
        }
        const exchangeEnded = tail.length === 6 && tail[0] === READY_FOR_QUERY && tail[4] === 5 && tail[5] === IDLE;
        if (exchangeEnded) this.endExchange();
        current.resolve(bytes);
      }
      // A client holding a transaction open with nothing queued: the server's queries wait for it, so not forever.
      if (this.holder !== null && !this.idleTimer) {
        const holder = this.holder;
        this.idleTimer = setTimeout(() => this.onIdleInTransaction(holder), this.idleInTransactionMs);
        this.idleTimer.unref();
      }
    } finally {
      this.running = false;
    }
  }
}

export interface DatabaseSocket {
  path: string;
  /** Connected clients right now. */
  connections: () => number;
  /** Stops accepting, rolls back and disconnects every client; the database itself stays open. */
  stop: () => Promise<void>;
}

export interface ServeDatabaseSocketOptions {
  db: PGlite;
  dataDir: string;
  /** At most this many clients at once (default 16); more are refused with a protocol error. */
  maxConnections?: number;
  /** A client idle inside a transaction this long is disconnected and rolled back (default 30 s). */
  idleInTransactionMs?: number;
  onError?: (error: Error) => void;
  /**
   * After a client's exchange or transaction ends. PGlite hands the notifications of a client's statements to that
   * client (its raw protocol stream) and not to the server's own listeners, so the server forgets what it cached.
   */
  afterClientExchange?: () => void;
}

const tooManyConnections = () => {
  // ErrorResponse: severity FATAL, SQLSTATE 53300, message; what PostgreSQL answers past max_connections.
  const fields = ['SFATAL', 'VFATAL', 'C53300', 'Msorry, too many clients already'];
  const body = Buffer.concat([...fields.map((field) => Buffer.from(`${field}\0`, 'utf8')), Buffer.from([0])]);
  const header = Buffer.alloc(5);
  header[0] = 0x45; // 'E'
  header.writeInt32BE(4 + body.length, 1);
  return Buffer.concat([header, body]);
};

/**
 * Serves the server's open PGlite on DATA_DIR/.s.PGSQL.5432. The caller must hold DATA_DIR's lock
 * (db/data-dir-lock.ts): a socket file left by a server that was killed is removed here.
 */
export const serveDatabaseSocket = async (options: ServeDatabaseSocketOptions): Promise<DatabaseSocket> => {
  const socketPath = socketPathFor(path.resolve(options.dataDir));
  if (socketPath.length > MAX_SOCKET_PATH) {
    throw new Error(`DATA_DIR's path is too long for a Unix socket (${socketPath.length} > ${MAX_SOCKET_PATH} characters): ${socketPath}`);
  }
  if (existsSync(socketPath)) unlinkSync(socketPath);

  const handlers = new Map<number, PGLiteSocketHandler>();
  const sockets = new Map<number, Socket>();
  /**
   * Ends a connection. The handler's detach removes every 'error' listener from the socket, ours too, and destroys
   * it only while it is writable: a half-closed socket would be left with none, and its next error would end the
   * server. So the socket gets a listener back and is destroyed here, whatever state detach left it in.
   */
  const release = async (handlerId: number) => {
    const handler = handlers.get(handlerId);
    const socket = sockets.get(handlerId);
    handlers.delete(handlerId);
    sockets.delete(handlerId);
    try {
      await handler?.detach(true);
    } finally {
      if (socket) {
        socket.on('error', (error) => options.onError?.(error));
        socket.destroy();
      }
    }
  };
  const scheduler = new SessionScheduler(
    options.db,
    (handlerId) => {
      void release(handlerId).catch((error: unknown) => options.onError?.(error as Error));
    },
    options.idleInTransactionMs ?? 30000,
    options.afterClientExchange,
  );
  const maxConnections = options.maxConnections ?? 16;

  const server: Server = createServer((socket: Socket) => {
    socket.on('error', (error) => options.onError?.(error));
    if (handlers.size >= maxConnections) {
      socket.end(tooManyConnections());
      return;
    }
    // PGLiteSocketHandler frames the protocol (startup, SSL and cancel requests) and hands each message to the queue.
    const handler = new PGLiteSocketHandler({
      queryQueue: scheduler as unknown as ConstructorParameters<typeof PGLiteSocketHandler>[0]['queryQueue'],
      closeOnDetach: true,
    });
    handlers.set(handler.handlerId, handler);
    sockets.set(handler.handlerId, socket);
    const forget = () => {
      handlers.delete(handler.handlerId);
      sockets.delete(handler.handlerId);
    };
    handler.addEventListener('close', forget);
    handler.addEventListener('error', forget);
    handler.attach(socket).catch((error: unknown) => {
      forget();
      options.onError?.(error as Error);
      socket.destroy();
    });
  });
  server.on('error', (error) => options.onError?.(error));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });

  return {
    path: socketPath,
    connections: () => handlers.size,
    stop: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled([...handlers.keys()].map((handlerId) => release(handlerId)));
      await closed;
    },
  };
};
