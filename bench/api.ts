// npm run bench:api — load benchmarks of the API at 1,000, 10,000 and 100,000 approved creators, on the local
// PostgreSQL server and on embedded PGlite. Prints figures; it is not a pass/fail test. See docs/PERFORMANCE.md.
//
// Knobs (environment):
//   BENCH_SIZES=1000,10000,100000   creator counts, seeded cumulatively in ascending order
//   BENCH_DATABASES=postgres,pglite which databases to run
//   BENCH_DURATION=10               seconds of load per route and size
//   BENCH_CONNECTIONS=100           concurrent connections
//   BENCH_WARMUP=2                  seconds of light load per route before it is measured (0 for none)
//   BENCH_ROUTES=ping,search        only routes whose name contains one of these words (ping is always run)
//   BENCH_CLIENTS=50                signed-in clients (and makers) the dashboards are read as, each request the next one
//   BENCH_NODE_ARGS=--cpu-prof      extra Node flags for the server (comma-separated), e.g. to profile it
//   BENCH_SETTLE_SECONDS=5          idle seconds before the server's RSS is read (after start, and after the load),
//                                   counted once the server has gone quiet (under 5% of a core)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   server for the scratch database (its own
//                                   database is created and dropped; the named one is never touched)
//   BENCH_REUSE_DATABASE_URL=postgres://…/hm_bench   use this database as it is (seeded up to the sizes, never
//                                   dropped), so a 100,000-creator run need not seed again
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import os from 'node:os';
import { root, startServer, type ServerProcess } from '../scripts/lib/server-process';
import { createBenchDatabase, DATABASE_LABELS, seedUpTo, type DatabaseKind } from './lib/databases';
import { buildRoutes, readFixtures, runRoute, signInMany, TRIVIAL_ROUTE, type LoadOptions } from './lib/load';
import { measureOriginalQuery, measurePageView } from './lib/page-cost';
import { formatRun, formatSummary, formatTargets, type SizeRun } from './lib/report';

const list = (value: string | undefined, fallback: string) =>
  (value ?? fallback)
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

const sizes = list(process.env.BENCH_SIZES, '1000,10000,100000')
  .map(Number)
  .filter((value) => Number.isInteger(value) && value > 0)
  .sort((a, b) => a - b);
const databases = list(process.env.BENCH_DATABASES, 'postgres,pglite').filter((value): value is DatabaseKind => value === 'postgres' || value === 'pglite');
const routeFilter = list(process.env.BENCH_ROUTES, '').map((word) => word.toLowerCase());
const benchClients = Math.max(1, Number(process.env.BENCH_CLIENTS ?? 50));
const load: LoadOptions = {
  connections: Number(process.env.BENCH_CONNECTIONS ?? 100),
  duration: Number(process.env.BENCH_DURATION ?? 10),
  warmup: Number(process.env.BENCH_WARMUP ?? 2),
};

const serverEnv = {
  NODE_ENV: 'production',
  AUTH_SECRET: randomBytes(32).toString('hex'),
  LOG_LEVEL: 'error',
  // Sign-in is one of the measured routes; its per-IP limit would otherwise answer 429 after ten tries.
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  SMTP_URL: '',
  REDIS_URL: '',
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU time the process has used, in clock ticks (user + system, /proc/<pid>/stat). */
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
};

/**
 * Idle time before reading the server's RSS, so start-up and load garbage has been collected. The server is idle
 * only once it has finished what the load left queued (a burst of sign-ins keeps hashing passwords for seconds
 * after the last request was sent): first wait until it uses under 5% of a core over a second (at most 60 s),
 * then BENCH_SETTLE_SECONDS more.
 */
const settle = async (server: ServerProcess) => {
  const pid = server.child.pid;
  if (pid !== undefined) {
    for (let waited = 0; waited < 60; waited += 1) {
      const before = cpuTicks(pid);
      await sleep(1000);
      if (cpuTicks(pid) - before < 5) break;
    }
  }
  await sleep(Number(process.env.BENCH_SETTLE_SECONDS ?? 5) * 1000);
};

const benchDatabase = async (kind: DatabaseKind): Promise<SizeRun[]> => {
  const runs: SizeRun[] = [];
  const database = await createBenchDatabase(kind);
  let seeded = 0;
  let server: ServerProcess | null = null;
  try {
    for (const size of sizes) {
      const load1 = os.loadavg()[0].toFixed(1);
      console.log(`\n${DATABASE_LABELS[kind]}: ${size.toLocaleString('en')} approved creators (machine load average ${load1})`);
      const handle = await database.open();
      let fixtures;
      let original;
      try {
        await handle.migrate();
        await seedUpTo(handle, DATABASE_LABELS[kind], seeded, size);
        seeded = size;
        fixtures = await readFixtures(handle.db, size);
        original = await measureOriginalQuery(handle.db);
      } finally {
        await handle.close();
      }

      // The compiled server, as `npm start` runs it (main() builds it first).
      server = await startServer({ ...serverEnv, ...database.serverEnv }, { quiet: false, nodeArgs: list(process.env.BENCH_NODE_ARGS, ''), compiled: true });
      await settle(server);
      const idleMb = server.rssMb();
      const sessions = { clients: await signInMany(server.url, 'client', benchClients), makers: await signInMany(server.url, 'maker', benchClients) };
      const pageView = await measurePageView(server.url);
      // The mixed run's writer: a creator edits their bio once a second, which empties every listing cache. On PGlite
      // it writes through the server's socket (it wrote nothing there before, while the report counted its ticks).
      const writerHandle = await database.openBeside();
      const writeIds = fixtures.studioIds;
      let writeCount = 0;
      const writer = async () => {
        writeCount += 1;
        await writerHandle.db.execute(sql`update profiles set bio = ${`Edited in the benchmark, ${writeCount}.`} where id = ${writeIds[writeCount % writeIds.length]}`);
      };
      const routes = buildRoutes(server.url, fixtures, sessions, writer).filter(
        (route) => route.name === TRIVIAL_ROUTE || routeFilter.length === 0 || routeFilter.some((word) => route.name.includes(word)),
      );
      const results = [];
      for (const route of routes) {
        process.stdout.write(`  ${route.name}…`);
        const result = await runRoute(server.url, route, load);
        results.push(result);
        const hits = result.hitRate === null ? '' : `, cache hits ${(result.hitRate * 100).toFixed(1)}%`;
        const writes = result.writes > 0 ? `, ${result.writes} writes` : '';
        process.stdout.write(` ${Math.round(result.rps).toLocaleString('en')} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms${hits}${writes}\n`);
      }
      await writerHandle?.close();
      const loadedMb = server.rssMb();
      await settle(server);
      const memory = { idleMb, loadedMb, settledMb: server.rssMb() };
      console.log(`  server RSS: ${memory.idleMb} MB idle, ${memory.loadedMb} MB after the load, ${memory.settledMb} MB idle after it`);
      await server.stop();
      server = null;
      const run: SizeRun = { database: kind, size, routes: results, pageView, original, memory };
      runs.push(run);
      console.log(formatRun(run));
    }
  } finally {
    await server?.stop();
    await database.drop();
  }
  return runs;
};

const main = async () => {
  execFileSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
  const cpus = os.cpus();
  console.log(`bench:api on ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(`sizes ${sizes.join(', ')}; ${load.connections} connections for ${load.duration} s per route (warm-up ${load.warmup} s); databases ${databases.join(', ')}`);
  const runs: SizeRun[] = [];
  for (const kind of databases) runs.push(...(await benchDatabase(kind)));
  console.log(formatSummary(runs));
  console.log(formatTargets(runs));
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
