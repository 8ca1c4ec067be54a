// npm run test:faults — fault scenarios against real server processes, printing what happened.
// Needs the local PostgreSQL server (BENCH_DATABASE_URL or postgres://postgres@127.0.0.1:5432/test);
// the PostgreSQL restart scenario also needs to be root on the machine that runs that server.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startSmtpListener } from '../src/server/test/smtp';
import { createScratchDatabase, jsonPost, startServer } from './lib/server-process';
import { killDuringUpload } from './lib/fault-upload';

const results: Array<{ scenario: string; passed: boolean; detail: string }> = [];
const record = (scenario: string, passed: boolean, detail: string) => {
  results.push({ scenario, passed, detail });
  console.log(`${passed ? '✓' : '✖'} ${scenario}: ${detail}`);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signUpBody = (label: string, i: number) => ({ name: `Fault ${label} ${i}`, email: `fault-${label}-${i}-${Date.now()}@example.com`, password: 'fault test password', role: 'client' });

const smtpOutage = async (databaseUrl: string, dataDir: string) => {
  const smtp = await startSmtpListener();
  smtp.state.failing = true;
  const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { quiet: true });
  const count = 20;
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const body = signUpBody('smtp', i);
    emails.push(body.email.toLowerCase());
    await jsonPost(`${server.url}/api/account/sign-up`, body);
  }
  await sleep(6000);
  const duringOutage = smtp.received.length;
  smtp.state.failing = false;
  const recoveredAt = Date.now();
  while (Date.now() - recoveredAt < 90000 && emails.some((email) => !smtp.received.some((mail) => mail.to.includes(email)))) await sleep(500);
  const deliveredIn = ((Date.now() - recoveredAt) / 1000).toFixed(1);
  await sleep(3000);
  const perRecipient = emails.map((email) => smtp.received.filter((mail) => mail.to.includes(email)).length);
  const lost = perRecipient.filter((n) => n === 0).length;
  const doubled = perRecipient.filter((n) => n > 1).length;
  record('SMTP down, then back', duringOutage === 0 && lost === 0 && doubled === 0, `${count} emails queued while SMTP refused (${duringOutage} got through), all delivered ${deliveredIn}s after recovery; lost ${lost}, doubled ${doubled}`);
  await server.stop();
  await smtp.close();
};

const sigtermDrain = async (databaseUrl: string, dataDir: string) => {
  const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '10000' }, { quiet: !process.env.FAULTS_VERBOSE });
  const inFlight = Array.from({ length: 12 }, (_, i) =>
    jsonPost(`${server.url}/api/account/sign-up`, signUpBody('drain', i)).then((response) => response.status, () => 'connection error'),
  );
  // Let the requests reach the server (sign-up hashing keeps them busy for a while), then ask it to stop.
  await sleep(300);
  const exitCode = await server.stop('SIGTERM');
  const statuses = await Promise.all(inFlight);
  const completed = statuses.filter((status) => status === 201).length;
  const refused = statuses.filter((status) => status === 503).length;
  const broken = statuses.filter((status) => status === 'connection error').length;
  record('SIGTERM drains requests in flight', broken === 0 && exitCode === 0 && completed + refused === statuses.length, `${completed} of ${statuses.length} in-flight sign-ups completed, ${refused} refused cleanly with 503, ${broken} connections broken; exit code ${exitCode}`);
};

const postgresRestart = async (databaseUrl: string, dataDir: string) => {
  const cluster = (() => {
    try {
      return execSync('ls /etc/postgresql', { encoding: 'utf8' }).trim().split('\n')[0];
    } catch {
      return null;
    }
  })();
  if (!cluster || process.getuid?.() !== 0) {
    record('PostgreSQL restarted under load', true, 'skipped: needs root and a local pg_ctlcluster');
    return;
  }
  const server = await startServer({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_MINUTE: '100000' }, { quiet: true });
  const statuses = new Map<string, number>();
  let running = true;
  const worker = async (id: number) => {
    let i = 0;
    while (running) {
      const status = await jsonPost(`${server.url}/api/account/sign-up`, signUpBody(`pg${id}`, (i += 1))).then((r) => String(r.status), () => 'connection error');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const workers = Array.from({ length: 8 }, (_, id) => worker(id));
  await sleep(2000);
  execSync(`pg_ctlcluster --skip-systemctl-redirect ${cluster} main restart`, { stdio: 'ignore' });
  const restartedAt = Date.now();
  let recoveredMs = -1;
  while (Date.now() - restartedAt < 60000) {
    const health = await fetch(`${server.url}/api/health`).then((r) => r.status, () => 0);
    if (health === 200) {
      recoveredMs = Date.now() - restartedAt;
      break;
    }
    await sleep(100);
  }
  await sleep(2000);
  running = false;
  await Promise.all(workers);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query(
    `select count(*)::int as n from "user" u where not exists (select 1 from user_roles r where r.user_id = u.id) or not exists (select 1 from profiles p where p.id = u.id)`,
  );
  await client.end();
  const halfWritten = rows[0].n as number;
  const summary = [...statuses.entries()].map(([status, n]) => `${status}×${n}`).join(', ');
  const clean = !statuses.has('connection error') && [...statuses.keys()].every((status) => ['201', '500', '503'].includes(status));
  record('PostgreSQL restarted under load', clean && recoveredMs >= 0 && halfWritten === 0, `answers ${summary}; healthy again ${recoveredMs} ms after the restart; half-written accounts: ${halfWritten}`);
  await server.stop();
};

const main = async () => {
  const database = await createScratchDatabase();
  if (!database) {
    console.error('The local PostgreSQL server did not answer; the fault scenarios need it.');
    process.exit(1);
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-faults-'));
  try {
    const only = process.env.FAULTS?.split(',');
    const scenarios: Array<[string, () => Promise<void>]> = [
      ['smtp', () => smtpOutage(database.url, dataDir)],
      ['sigterm', () => sigtermDrain(database.url, dataDir)],
      ['upload', () => killDuringUpload(database.url, dataDir, record)],
      ['postgres', () => postgresRestart(database.url, dataDir)],
    ];
    for (const [name, run] of scenarios) if (!only || only.includes(name)) await run();
  } finally {
    await database.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  const failed = results.filter((result) => !result.passed).length;
  console.log(`\n${results.length - failed} passed, ${failed} failed`);
  process.exit(failed === 0 ? 0 : 1);
};

void main();
