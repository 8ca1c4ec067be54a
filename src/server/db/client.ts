import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

/**
 * One query-builder type for both drivers: PGlite and node-postgres share the pg-core dialect,
 * so code written against this type runs unchanged on either.
 */
export type Database = NodePgDatabase<typeof schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  driver: 'pglite' | 'postgres';
  /** Runs committed migrations; safe to call on every start. */
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /** Cheap liveness probe for health checks. */
  ping: () => Promise<void>;
  /** The embedded database itself, which the server shares over its socket (db/socket.ts). */
  pglite?: PGlite;
  /**
   * Hears NOTIFY on a channel (on PostgreSQL through one connection of its own, held for as long as it listens).
   * `onLost` is told when that connection drops; the caller listens again.
   */
  listen: (channel: string, onNotify: (payload: string) => void, onLost: (error: Error) => void) => Promise<() => Promise<void>>;
}

/** The advisory-lock key (an arbitrary constant of ours) that serialises migrations across instances. */
export const MIGRATION_LOCK_KEY = '114531951412033';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** node-postgres through a running server's socket instead of a URL (db/command-database.ts). */
  socket?: { dir: string; port: number };
  /** Directory for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  /** Sees every statement with its parameters (the query-plan test EXPLAINs what the services run). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** Hears every connection-level error (a dropped or terminated connection); the server logs them. */
  onError?: (error: Error, source: string) => void;
  /** `application_name` of the PostgreSQL sessions (default `humanmade`). */
  applicationName?: string;
}

const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) =>
  onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;

export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl || options.socket) {
    const pool = new pg.Pool({
      ...(options.socket
        ? { host: options.socket.dir, port: options.socket.port, user: 'postgres', database: 'postgres' }
        : { connectionString: options.databaseUrl }),
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30000,
      // Names our sessions in pg_stat_activity, for a DBA and for test/resilience/connection-loss.test.ts.
      application_name: options.applicationName ?? 'humanmade',
    });
    const onError = options.onError ?? (() => undefined);
    // pg-pool listens for `error` only on idle clients and drops that listener while a client is lent out, so a
    // connection cut between two statements of a transaction would emit `error` with nobody listening and end the
    // process. Every client gets its own listener for its whole life; the request using it fails on its query,
    // its transaction rolls back, and the pool discards the broken client when it is released.
    pool.on('connect', (client) => {
      client.on('error', (error) => onError(error, 'pooled connection'));
    });
    pool.on('error', (error) => onError(error, 'idle pooled connection'));
    const db = drizzlePg(pool, { schema, logger: queryLogger(options.onQuery) });
    return {
      db,
      driver: 'postgres',
      migrate: async () => {
        // Instances starting at once would each run the same migrations and fail on "already exists"; a
        // session-level advisory lock makes them take turns (the lock dies with the session if one crashes).
        const session = await pool.connect();
        try {
          await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
          await migratePg(drizzlePg(session, { schema }), { migrationsFolder });
        } finally {
          await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
          session.release();
        }
      },
      close: () => pool.end(),
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, onNotify, onLost) => {
        const client = await pool.connect();
        let released = false;
        const release = (error?: Error) => {
          if (released) return;
          released = true;
          client.release(error ?? false);
        };
        client.on('notification', (message) => {
          if (message.channel === channel && message.payload) onNotify(message.payload);
        });
        client.on('error', (error) => {
          release(error);
          onLost(error);
        });
        await client.query(`LISTEN ${client.escapeIdentifier(channel)}`);
        return async () => {
          if (released) return;
          await client.query(`UNLISTEN ${client.escapeIdentifier(channel)}`).catch(() => undefined);
          release();
        };
      },
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the name search's trigram index (migration 0001), unaccent the full-text search (migration 0005).
  const client = await PGlite.create(dir, { extensions: { pg_trgm, unaccent } });
  const pgliteDb = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) });
  return {
    db: pgliteDb as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    pglite: client,
  };
};
