// npm run bench:messages (also the last section of `npm run bench:api`) — what real-time messaging costs, on real
// server processes sharing a scratch database on the local PostgreSQL server. Prints figures; not a pass/fail test.
// See docs/PERFORMANCE.md ('Messages').
//
// 1. Memory per open Server-Sent Events stream: one instance holds BENCH_SSE_STREAMS (2,000) streams; its RSS is read
//    idle before and after, and the difference divided by the streams.
// 2. Cross-instance delivery: a message POSTed to instance A, timed until it arrives on a stream held on instance B,
//    BENCH_DELIVERIES (240) times, one after another, through PostgreSQL LISTEN/NOTIFY. Then the same pass again with
//    REDIS_URL set on both instances when Redis answers (else SKIPPED), where messages travel by Redis pub/sub
//    (decision 196).
// 3. Posting against a plain authenticated read (the unread count), both BENCH_POSTS (400) requests at 10 at a time
//    from many people (a person may send 30 messages a minute): the post must stay within 5× the read's cost.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { redisAnswers, TEST_REDIS_URL } from '../test/security/redis-available';
import { cookieOf, createScratchDatabase, jsonPost, startServer, type ServerProcess } from '../scripts/lib/server-process';

const SSE_STREAMS = Number(process.env.BENCH_SSE_STREAMS ?? 2000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 240);
const POSTS = Number(process.env.BENCH_POSTS ?? 400);
/** Under the 30-a-minute limit per person, so no request of the run is refused. */
const POSTS_PER_PERSON = 25;
const CONCURRENCY = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** CPU ticks the process has used (user + system). */
const cpuTicks = (pid: number): number => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
};
/** Waits until the server is idle (under 5% of a core over a second), then two seconds more, before RSS is read. */
const settle = async (server: ServerProcess) => {
  const pid = server.child.pid!;
  for (let waited = 0; waited < 60; waited += 1) {
    const before = cpuTicks(pid);
    await sleep(1000);
    if (cpuTicks(pid) - before < 5) break;
  }
  await sleep(2000);
};

interface Person {
  id: string;
  cookie: string;
}

const signUp = async (server: ServerProcess, role: 'client' | 'maker', label: string): Promise<Person> => {
  const response = await jsonPost(`${server.url}/api/account/sign-up`, {
    name: `Bench ${label}`,
    email: `bench-msg-${label}-${randomBytes(3).toString('hex')}@bench.humanmade.test`,
    password: 'a long bench password',
    role,
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  return { id: body.user.id, cookie: cookieOf(response) };
};

const request = async (server: ServerProcess, method: 'GET' | 'POST', url: string, cookie: string, body?: unknown) => {
  const response = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, origin: server.url, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
};

/** An open event stream: the messages it received, by body, with the time each arrived. */
const openStream = (server: ServerProcess, cookie: string) =>
  new Promise<{ arrivals: Map<string, number>; close: () => void }>((resolve, reject) => {
    const arrivals = new Map<string, number>();
    const req = http.get(`${server.url}/api/conversations/events`, { headers: { accept: 'text/event-stream', cookie }, agent: false }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
      response.setEncoding('utf8');
      let buffer = '';
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data: '));
          if (frame.includes('event: message') && data) {
            const parsed = JSON.parse(data.slice(6)) as { message?: { body?: string }; body?: string };
            const text = parsed.message?.body ?? parsed.body;
            if (text) arrivals.set(text, performance.now());
          }
          end = buffer.indexOf('\n\n');
        }
      });
      resolve({ arrivals, close: () => req.destroy() });
    });
    req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
  });

interface Cast {
  maker: Person;
  clients: Array<Person & { conversationId: string; sent: number }>;
}

/** A maker, approved by hand in the database, and `count` clients who each opened a conversation with them. */
const createCast = async (server: ServerProcess, databaseUrl: string, count: number): Promise<Cast> => {
  const maker = await signUp(server, 'maker', 'maker');
  const db = new pg.Client({ connectionString: databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  await db.query(`update maker_profiles set application_status = 'approved' where user_id = $1`, [maker.id]);
  await db.end();
  const clients: Cast['clients'] = [];
  for (let i = 0; i < count; i += 1) {
    const client = await signUp(server, 'client', `client${i}`);
    const opened = await request(server, 'POST', '/api/conversations', client.cookie, { creatorId: maker.id, body: 'Hello', clientMessageId: crypto.randomUUID() });
    clients.push({ ...client, conversationId: String(opened.conversationId), sent: 1 });
  }
  return { maker, clients };
};

/** The next client with room under the per-person limit. */
const nextWriter = (cast: Cast) => {
  const writer = cast.clients.find((client) => client.sent < POSTS_PER_PERSON);
  if (!writer) throw new Error('the cast ran out of people under the message limit; raise the number of clients');
  writer.sent += 1;
  return writer;
};

const postMessage = (server: ServerProcess, writer: Cast['clients'][number], body: string) =>
  request(server, 'POST', `/api/conversations/${writer.conversationId}/messages`, writer.cookie, { body, clientMessageId: crypto.randomUUID() });

const deliveryRun = async (label: string, env: Record<string, string>, databaseUrl: string) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-bench-msg-'));
  const shared = { ...env, DATA_DIR: dataDir };
  const [a, b] = await Promise.all([startServer(shared, { quiet: true }), startServer(shared, { quiet: true })]);
  try {
    const cast = await createCast(a, databaseUrl, Math.ceil(DELIVERIES / (POSTS_PER_PERSON - 1)) + 1);
    const stream = await openStream(b, cast.maker.cookie);
    await sleep(500);
    const latencies: number[] = [];
    let lost = 0;
    for (let i = 0; i < DELIVERIES; i += 1) {
      const body = `delivery ${label} ${i} ${randomBytes(4).toString('hex')}`;
      const started = performance.now();
      await postMessage(a, nextWriter(cast), body);
      const deadline = started + 5000;
      while (!stream.arrivals.has(body) && performance.now() < deadline) await sleep(1);
      const arrived = stream.arrivals.get(body);
      if (arrived === undefined) lost += 1;
      else latencies.push(arrived - started);
    }
    stream.close();
    console.log(
      `  ${label.padEnd(26)} POST on A → stream on B: p50 ${ms(percentile(latencies, 50))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(Math.max(...latencies))} (${latencies.length} delivered, ${lost} not within 5 s)`,
    );
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    rmSync(dataDir, { recursive: true, force: true });
  }
};

/** `total` requests, `CONCURRENCY` at a time; returns each one's time. */
const timed = async (total: number, send: (i: number) => Promise<unknown>) => {
  const times: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const i = next;
        next += 1;
        const t0 = performance.now();
        await send(i);
        times.push(performance.now() - t0);
      }
    }),
  );
  return { times, perSecond: (total / (performance.now() - started)) * 1000 };
};

const main = async () => {
  const database = await createScratchDatabase();
  if (!database) {
    console.error('The local PostgreSQL server did not answer (BENCH_DATABASE_URL); the messaging benchmark needs it for two instances.');
    process.exit(1);
  }
  const base = { DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'production', LOG_LEVEL: 'error', SMTP_URL: '', REDIS_URL: '', AUTH_RATE_LIMIT_PER_MINUTE: '100000000' };
  console.log(`\nMessages (decision 141) — PostgreSQL scratch database, ${new Date().toISOString()}`);
  try {
    // 1. Memory per stream, on one instance.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-bench-sse-'));
    const server = await startServer({ ...base, DATA_DIR: dataDir }, { quiet: true });
    const holder = await signUp(server, 'client', 'holder');
    await request(server, 'GET', '/api/conversations', holder.cookie);
    await settle(server);
    const before = server.rssMb();
    const streams: Array<{ close: () => void }> = [];
    for (let i = 0; i < SSE_STREAMS; i += 50) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, SSE_STREAMS - i) }, () => openStream(server, holder.cookie)))));
    }
    await settle(server);
    const after = server.rssMb();
    console.log(
      `  ${SSE_STREAMS} open SSE streams on one instance: RSS ${before} MB idle → ${after} MB, ${(((after - before) * 1024) / SSE_STREAMS).toFixed(1)} KB per stream`,
    );
    for (const stream of streams) stream.close();

    // 3. A post against a plain authenticated read, on the same instance.
    const cast = await createCast(server, database.url, Math.ceil(POSTS / (POSTS_PER_PERSON - 1)) + 1);
    const read = await timed(POSTS, (i) => request(server, 'GET', '/api/conversations/events', cast.clients[i % cast.clients.length].cookie));
    const post = await timed(POSTS, (i) => postMessage(server, nextWriter(cast), `cost ${i}`));
    const ratio = percentile(post.times, 50) / percentile(read.times, 50);
    console.log(
      `  authenticated read (unread count): ${read.perSecond.toFixed(0)} req/s, p50 ${ms(percentile(read.times, 50))}, p99 ${ms(percentile(read.times, 99))} (${CONCURRENCY} at a time)`,
    );
    console.log(
      `  posting a message:                 ${post.perSecond.toFixed(0)} req/s, p50 ${ms(percentile(post.times, 50))}, p99 ${ms(percentile(post.times, 99))} — ${ratio.toFixed(1)}× the read's p50 (${ratio <= 5 ? 'within' : 'OVER'} the 5× target)`,
    );
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });

    // 2. Delivery across instances.
    await deliveryRun('PostgreSQL LISTEN/NOTIFY', base, database.url);
    // With REDIS_URL set, the instances publish and subscribe through Redis (decision 196).
    if (await redisAnswers()) {
      await deliveryRun('Redis pub/sub', { ...base, REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `hm-bench-${randomBytes(4).toString('hex')}:` }, database.url);
    } else {
      console.log(`  Redis pub/sub: SKIPPED (Redis did not answer at ${TEST_REDIS_URL})`);
    }
  } finally {
    await database.drop();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
