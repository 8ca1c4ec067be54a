// npx tsx scripts/two-instances.ts — two real server processes started at the same moment on one empty
// PostgreSQL database, one upload directory, one AUTH_SECRET and (when it answers) one Redis, as behind a load
// balancer. Prints what each check saw; exits 1 if any failed. Without Redis the shared rate limit cannot be checked
// and is reported as SKIPPED (not passed); TWO_INSTANCES_REQUIRE_ALL=1 fails the run on a skip.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { redisAnswers, TEST_REDIS_URL } from '../test/security/redis-available';
import { createOutcomes } from './lib/outcomes';
import { cookieOf, createScratchDatabase, jsonPost, startServer, type ServerProcess } from './lib/server-process';

const { report, record, summarize } = createOutcomes();

const main = async () => {
  const database = await createScratchDatabase();
  if (!database) {
    console.error('The local PostgreSQL server did not answer; two instances need a shared PostgreSQL.');
    process.exit(1);
  }
  const redisUp = await redisAnswers();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-two-'));
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_RATE_LIMIT_PER_MINUTE: '3',
    ...(redisUp ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `hm-two-${randomBytes(4).toString('hex')}:` } : {}),
  };
  let servers: ServerProcess[] = [];
  try {
    // Both start (and migrate the empty database) at once, as a fresh deploy of two containers would.
    const started = await Promise.allSettled([startServer(env, { quiet: true }), startServer(env, { quiet: true })]);
    servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    record('Both instances start at once on an empty database', servers.length === 2, `${servers.length} of 2 became healthy (migrations serialised by an advisory lock)`);
    if (servers.length < 2) return;
    const [a, b] = servers;

    const signUp = await jsonPost(`${a.url}/api/account/sign-up`, { name: 'Twin Maker', email: `twin-${Date.now()}@example.com`, password: 'shared password', role: 'maker' });
    const cookie = cookieOf(signUp);
    const me = await fetch(`${b.url}/api/account/me`, { headers: { cookie } }).then((response) => response.json());
    record('A session made on one works on the other', me.user?.name === 'Twin Maker', `signed up on A (${signUp.status}); B sees ${me.user ? me.user.name : 'no user'}`);

    const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#2a9d8f' } }).png().toBuffer();
    const form = new FormData();
    form.append('file', new Blob([image], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${a.url}/api/uploads/profile-image`, { method: 'POST', headers: { cookie, origin: a.url }, body: form });
    const { url } = (await uploaded.json()) as { url: string };
    const [fromA, fromB] = await Promise.all([a, b].map((server) => fetch(`${server.url}${url}`).then(async (response) => ({ status: response.status, bytes: Buffer.from(await response.arrayBuffer()) }))));
    record('An upload made on one is served by the other', fromB.status === 200 && fromB.bytes.equals(fromA.bytes), `uploaded on A (${uploaded.status}); B answers ${fromB.status} with ${fromB.bytes.length} bytes, identical: ${fromB.bytes.equals(fromA.bytes)}`);

    if (redisUp) {
      const statuses: number[] = [];
      for (const server of [a, b, a, b]) statuses.push((await jsonPost(`${server.url}/api/account/sign-in`, { email: 'nobody@example.com', password: 'wrong password' })).status);
      record('Rate limits are shared', statuses.join(',') === '401,401,401,429', `sign-in attempts from one address, alternating A, B, A, B with a limit of 3: ${statuses.join(', ')}`);
    } else {
      report('Rate limits are shared', 'skipped', `Redis did not answer at ${TEST_REDIS_URL}`);
    }
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exitCode = summarize(Boolean(process.env.TWO_INSTANCES_REQUIRE_ALL));
};

void main();
