// npm run soak — 60 s at 100 connections over a realistic mix of public and signed-in routes, on PostgreSQL
// with the demo data (npm run seed-demo). Prints the error count, p50 and p99 latency, and the server's resident
// memory before and after. SOAK_SECONDS and SOAK_CONNECTIONS change the shape.
// Exits 1 unless both goals in docs/SECURITY.md are met: no errors, and resident memory growing by less than 10%. Memory is
// compared after a full garbage collection in the server, from a baseline taken after a warm-up (10 s) at the soak's
// own concurrency (a cold process grows as it sizes its heap, pool and caches; that is not what the goal is about).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, demoEmail } from './seed-demo/seed-creators';
import { soakRequests } from './lib/soak-mix';
import { cookieOf, createScratchDatabase, jsonPost, root, startServer, type ServerProcess } from './lib/server-process';

const DURATION = Number(process.env.SOAK_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 100);
const MEMORY_GROWTH_GOAL_PERCENT = 10;
const WARM_UP_SECONDS = 10;

const signIn = async (url: string, slug: string) => {
  const response = await jsonPost(`${url}/api/account/sign-in`, { email: demoEmail(slug), password: DEMO_PASSWORD });
  if (!response.ok) throw new Error(`demo sign-in as ${slug} failed: ${response.status}`);
  return cookieOf(response);
};

/** Heap and resident memory after a full garbage collection in the server (see lib/memory-probe.mjs). */
const probeMemory = async (server: ServerProcess, file: string) => {
  const asked = Date.now();
  server.child.kill('SIGUSR2');
  for (let waited = 0; waited < 10_000; waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const probe = JSON.parse(readFileSync(file, 'utf8')) as { at: number; rss: number; heapUsed: number };
      if (probe.at >= asked) return { rssMb: Math.round(probe.rss / 104857.6) / 10, heapMb: Math.round(probe.heapUsed / 104857.6) / 10 };
    } catch {
      // not written yet
    }
  }
  throw new Error('the memory probe did not answer');
};

const main = async () => {
  const database = await createScratchDatabase();
  if (!database) {
    console.error('The local PostgreSQL server did not answer; the soak runs on PostgreSQL.');
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-soak-'));
  const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '1000000', LOG_LEVEL: 'error' };
  try {
    // The HTML routes need the built web app; without it they would answer 503 and count as errors.
    spawnSync(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: root, stdio: 'inherit' });
    const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/seed-demo.ts'], { cwd: root, env: { ...process.env, ...env, NODE_ENV: 'development' }, encoding: 'utf8' });
    if (seeded.status !== 0) throw new Error(`seed-demo failed: ${seeded.stderr.trim().split('\n').slice(-3).join(' ')}`);
    console.log('Demo data seeded.');
    const probeFile = path.join(dataDir, 'memory-probe.json');
    const server = await startServer({ ...env, MEMORY_PROBE_FILE: probeFile }, { quiet: true, nodeArgs: ['--expose-gc', '--import', './scripts/lib/memory-probe.mjs'] });
    try {
      const [client, maker] = [await signIn(server.url, 'juniper'), await signIn(server.url, 'ines')];
      const requests = await soakRequests(server.url, { client, maker });

      // Warm up at the soak's own concurrency (JIT, connection pool, socket buffers, caches), so that "before"
      // is a server already sized for the load and any growth after it is what the soak itself left behind.
      await autocannon({ url: server.url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, requests });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const rssBefore = server.rssMb();
      const collectedBefore = await probeMemory(server, probeFile);
      const statuses = new Map<number, number>();
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(server.rssMb()), 10_000);
      const result = await new Promise<autocannon.Result>((resolve, reject) => {
        const instance = autocannon({ url: server.url, connections: CONNECTIONS, duration: DURATION, requests }, (error, finished) => (error ? reject(error) : resolve(finished)));
        instance.on('response', (_client, statusCode) => statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1));
      });
      clearInterval(sampler);
      await new Promise((resolve) => setTimeout(resolve, 5000));
      const rssAfter = server.rssMb();
      const collectedAfter = await probeMemory(server, probeFile);
      const heapGrowth = ((collectedAfter.heapMb - collectedBefore.heapMb) / collectedBefore.heapMb) * 100;
      const collectedGrowth = ((collectedAfter.rssMb - collectedBefore.rssMb) / collectedBefore.rssMb) * 100;

      const errors = result.errors + result.timeouts + result.non2xx;
      const growth = ((rssAfter - rssBefore) / rssBefore) * 100;
      console.log(`\nSoak: ${DURATION} s, ${CONNECTIONS} connections, ${requests.length} routes in rotation (PostgreSQL, demo data)`);
      console.log(`requests: ${result.requests.total}  (${Math.round(result.requests.average)} req/s)`);
      console.log(`answers: ${[...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(', ')}`);
      console.log(`errors: ${errors}  (connection errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx})`);
      console.log(`latency: p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
      console.log(`Memory "before" is measured after a ${WARM_UP_SECONDS} s warm-up at ${CONNECTIONS} connections, "after" 5 s after the soak.`);
      console.log(`resident memory: ${rssBefore} MB before, ${rssAfter} MB after (${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%); every 10 s during the soak: ${samples.join(', ')} MB`);
      const sign = (value: number) => `${value >= 0 ? '+' : ''}${value.toFixed(1)}%`;
      console.log(
        `after a full garbage collection: resident ${collectedBefore.rssMb} → ${collectedAfter.rssMb} MB (${sign(collectedGrowth)}), ` +
          `JavaScript heap in use ${collectedBefore.heapMb} → ${collectedAfter.heapMb} MB (${sign(heapGrowth)})`,
      );
      const memoryMet = collectedGrowth < MEMORY_GROWTH_GOAL_PERCENT;
      console.log(
        `\ngoal, errors: ${errors} (goal 0): ${errors === 0 ? 'met' : 'NOT MET'}\n` +
          `goal, memory: resident memory after a full garbage collection grew ${sign(collectedGrowth)} from the baseline taken after ` +
          `the warm-up (goal under ${MEMORY_GROWTH_GOAL_PERCENT}%): ${memoryMet ? 'met' : 'NOT MET'}`,
      );
      process.exitCode = errors === 0 && memoryMet ? 0 : 1;
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

void main();
