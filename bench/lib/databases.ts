import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import cliProgress from 'cli-progress';
import { sql } from 'drizzle-orm';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';
import { SOCKET_PORT } from '../../src/server/db/socket';
import { bulkInsertCreators } from '../../test/support/bulk-creators';
import { createScratchDatabase } from '../../scripts/lib/server-process';

export type DatabaseKind = 'postgres' | 'pglite';

export const DATABASE_LABELS: Record<DatabaseKind, string> = { postgres: 'PostgreSQL', pglite: 'PGlite (embedded)' };

/**
 * One benchmark database: a scratch database on the local PostgreSQL server, or an embedded PGlite directory.
 * `open` gives a handle for seeding and direct queries; it must be closed before the server starts, because
 * a PGlite directory belongs to one process at a time.
 */
export interface BenchDatabase {
  kind: DatabaseKind;
  /** What the server process needs to use this database. */
  serverEnv: Record<string, string>;
  open: () => Promise<DatabaseHandle>;
  /** A handle while the server runs (the mixed run's writer): on PGlite, through the server's socket in DATA_DIR. */
  openBeside: () => Promise<DatabaseHandle>;
  drop: () => Promise<void>;
}

export const createBenchDatabase = async (kind: DatabaseKind): Promise<BenchDatabase> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `hm-bench-${kind}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const reuse = process.env.BENCH_REUSE_DATABASE_URL;
  if (kind === 'postgres' && reuse) {
    return {
      kind,
      serverEnv: { DATABASE_URL: reuse, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: reuse, poolSize: 4 }),
      openBeside: () => openDatabase({ databaseUrl: reuse, poolSize: 1 }),
      drop: async () => removeDataDir(),
    };
  }
  if (kind === 'postgres') {
    const scratch = await createScratchDatabase(process.env.BENCH_DATABASE_URL);
    if (!scratch) {
      removeDataDir();
      throw new Error('The local PostgreSQL server did not answer (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).');
    }
    return {
      kind,
      serverEnv: { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      open: () => openDatabase({ databaseUrl: scratch.url, poolSize: 4 }),
      openBeside: () => openDatabase({ databaseUrl: scratch.url, poolSize: 1 }),
      drop: async () => {
        await scratch.drop();
        removeDataDir();
      },
    };
  }
  return {
    kind,
    // An empty DATABASE_URL counts as unset, so an inherited one cannot turn this server into a PostgreSQL one.
    serverEnv: { DATABASE_URL: '', DATA_DIR: dataDir },
    open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    // The server owns the directory while it runs; its socket takes other connections (db/socket.ts).
    openBeside: () => openDatabase({ socket: { dir: dataDir, port: SOCKET_PORT }, poolSize: 1, applicationName: 'humanmade-bench' }),
    drop: async () => removeDataDir(),
  };
};

/** Adds approved creators until there are `target`, with a progress bar, then refreshes the planner's statistics. */
export const seedUpTo = async (handle: DatabaseHandle, label: string, seeded: number, target: number): Promise<void> => {
  // A reused database may hold creators already (bench-N@ addresses number them).
  const existing = await handle.db.execute<{ n: string }>(sql`select count(*) as n from "user" where email like 'bench-%@bench.humanmade.test'`);
  const from = Math.max(seeded, Number(existing.rows[0]?.n ?? 0));
  if (target <= from) return;
  const bar = new cliProgress.SingleBar(
    { format: `  seeding ${label.padEnd(18)} |{bar}| {value}/{total} creators | {duration_formatted} | eta {eta_formatted}`, hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(target, from);
  const started = performance.now();
  const result = await bulkInsertCreators(handle.db, { count: target - from, startAt: from, onProgress: (added) => bar.update(from + added) });
  bar.stop();
  const seconds = (performance.now() - started) / 1000;
  // VACUUM sets the visibility map (index-only scans) and ANALYZE the statistics, as autovacuum would in time.
  await handle.db.execute('vacuum analyze');
  console.log(
    `  added ${result.creators.toLocaleString('en')} creators (${result.makers.toLocaleString('en')} makers, ${result.minds.toLocaleString('en')} minds) ` +
      `and ${result.portfolioItems.toLocaleString('en')} portfolio items in ${seconds.toFixed(1)} s ` +
      `(${Math.round(result.creators / seconds).toLocaleString('en')} creators/s)`,
  );
};
