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
import { listenOnPglite, listenOnPostgres, type NotificationHandlers, type NotificationListener } from './notifications';
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
  /** LISTEN on a channel (a dedicated connection on PostgreSQL, PGlite's own listeners in process). */
  listen: (channel: string, handlers: NotificationHandlers) => NotificationListener;
  /** The embedded database itself, which the server shares over its socket (db/socket.ts). */
  pglite?: PGlite;
}

/** The advisory-lock key (an arbitrary constant of ours) that serialises migrations across instances. */
export const MIGRATION_LOCK_KEY = '114531951412033';

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** node-postgres through a running server's socket instead of a URL (db/command-database.ts). */
  socket?: { dir: string; port: number };
  /** Directory for the embedded database; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /**
   * A tarball of a data directory (PGlite's `dumpDataDir`) to start the embedded database from, instead of an empty
   * cluster: the tests start each file's in-memory database from one already migrated (test/support/database.ts).
   */
  pgliteImage?: Blob;
  poolSize?: number;
  /** Sees every statement with its parameters (the query-plan test EXPLAINs what the services run). */
  onQuery?: (query: string, params: unknown[]) => void;
  /** Hears every connection-level error (a dropped or terminated connection); the server logs them. */
  onError?: (error: Error, source: string) => void;
  /** `application_name` of the PostgreSQL sessions (default `humanmade`). */
  applicationName?: string;
  /**
   * PostgreSQL settings for the embedded database, given to it at start (`-c name=value`, which outrank its
   * postgresql.conf). The server passes `shared_buffers` from its config (PGLITE_SHARED_BUFFERS, decision 111).
   */
  pgliteSettings?: Record<string, string>;
}

/**
 * Planner settings for every session of ours (decision 120's addendum of 2026-11-27). `random_page_cost` 1.1 is the
 * usual value for a database on SSD or in memory, instead of PostgreSQL's 4 for spinning disks: under 4 the planner
 * reckoned that reading creator_search in table order finds a word's matches sooner than its GIN index does (15,000
 * rows read where the index answers in 3 ms). `synchronize_seqscans` off: a read in table order starts at the first
 * page, so a search's candidates, and the relevance pages that are offsets into them, are the same on every request.
 * They were SET LOCAL in a transaction around each search, three round trips more per statement.
 */
export const PLANNER_SETTINGS: Readonly<Record<string, string>> = { random_page_cost: '1.1', synchronize_seqscans: 'off' };

const commandLineSettings = (settings: Record<string, string>) => Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/**
 * The connection string and `options` for our sessions: the planner settings, then any `?options=…` the URL gives
 * itself (later ones win, so a DBA's own setting stands). node-postgres lets the URL's `options` replace the
 * config's, so they are taken out of the URL and joined here.
 */
const withPlannerSettings = (databaseUrl: string | undefined): { connectionString: string | undefined; options: string } => {
  const ours = commandLineSettings({ ...PLANNER_SETTINGS }).join(' ');
  let url: URL;
  try {
    url = new URL(databaseUrl ?? '');
  } catch {
    return { connectionString: databaseUrl, options: ours }; // not a URL: node-postgres reads it as it is
  }
  const own = url.searchParams.get('options');
  if (own === null) return { connectionString: databaseUrl, options: ours };
  url.searchParams.delete('options');
  return { connectionString: url.toString(), options: `${ours} ${own}` };
};

/** PGlite's own start parameters, then ours. */
export const pgliteStartParams = (settings: Record<string, string> = {}): string[] => [
  ...PGlite.defaultStartParams,
  ...commandLineSettings({ ...PLANNER_SETTINGS, ...settings }),
];

const queryLogger = (onQuery: OpenDatabaseOptions['onQuery']) =>
  onQuery ? { logQuery: (query: string, params: unknown[]) => onQuery(query, params) } : undefined;

export const openDatabase = async (options: OpenDatabaseOptions): Promise<DatabaseHandle> => {
  if (options.databaseUrl || options.socket) {
    const connection = {
      ...(options.socket
        ? { host: options.socket.dir, port: options.socket.port, user: 'postgres', database: 'postgres' }
        : // A server's own PGlite already runs with the planner settings (pgliteStartParams).
          withPlannerSettings(options.databaseUrl)),
      connectionTimeoutMillis: 5000,
      // Names our sessions in pg_stat_activity, for a DBA and for test/resilience/connection-loss.test.ts.
      application_name: options.applicationName ?? 'humanmade',
    };
    const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, idleTimeoutMillis: 30000 });
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
      listen: (channel, handlers) =>
        listenOnPostgres(() => new pg.Client({ ...connection, application_name: `${connection.application_name}-listen` }), channel, handlers),
    };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  // pg_trgm backs the name search's trigram index (migration 0001), unaccent the full-text search (migration 0005).
  const client = await PGlite.create(dir, {
    extensions: { pg_trgm, unaccent },
    startParams: pgliteStartParams(options.pgliteSettings),
    ...(options.pgliteImage ? { loadDataDir: options.pgliteImage } : {}),
  });
  const pgliteDb = drizzlePglite(client, { schema, logger: queryLogger(options.onQuery) });
  return {
    db: pgliteDb as unknown as Database,
    driver: 'pglite',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
    ping: async () => {
      await client.query('select 1');
    },
    listen: (channel, handlers) => listenOnPglite(client, channel, handlers),
    pglite: client,
  };
};
