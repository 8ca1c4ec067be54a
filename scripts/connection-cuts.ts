// npm run test:connection-cuts — the server in production mode on a PostgreSQL of its own, under 12 concurrent writers
// (sign-ups, project drafts, profile saves) for 70 s, while its sessions are cut 12 times with pg_terminate_backend and
// PostgreSQL is restarted 3 times. Passes when the process is still running, /api/health answers 200 and a new sign-up
// 201 within 15 s of the last restart, every answer was a success or a clean refusal, and every acknowledged write is
// in the database.
//
// The restarts need root and Debian's pg_createcluster: the script makes a throw-away cluster on its own port so that
// restarting it disturbs nothing else, and drops it at the end. Elsewhere it runs the cuts against CUTS_DATABASE_URL
// (default: the local server) and reports the restarts as SKIPPED. CUTS_SECONDS shortens the run.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { RESOURCE_MESSAGES } from '../src/domain/messages';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../src/server/db/unavailable';
import { cookieOf, createScratchDatabase, jsonPost, startServer } from './lib/server-process';
import { createOutcomes } from './lib/outcomes';

const { report, record, summarize } = createOutcomes();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const SECONDS = Number(process.env.CUTS_SECONDS ?? 70);
const CUT_ROUNDS = 12;
const RESTARTS = 3;
const CLUSTER = 'hmcuts';
// Not saved, try again; or saved, but its answer could not be read back (decision 130's addendum).
const CLEAN_REFUSALS = new Set<string>([DATABASE_UNAVAILABLE_MESSAGE, RESOURCE_MESSAGES.savedNotShown]);

interface Cluster {
  url: string;
  restart: (() => void) | null;
  drop: () => Promise<void>;
}

/** A PostgreSQL cluster of our own when we may make one (root, pg_createcluster); the shared server otherwise. */
const openCluster = async (): Promise<Cluster> => {
  const version = existsSync('/etc/postgresql') ? execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0] : '';
  if (process.getuid?.() === 0 && version && existsSync('/usr/bin/pg_createcluster')) {
    const port = String(5490 + Math.floor(Math.random() * 9));
    dropStaleCluster();
    execFileSync('pg_createcluster', [version, CLUSTER, '-p', port, '--', '--auth=trust'], { stdio: 'ignore' });
    const ctl = (action: string) => execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, CLUSTER, action], { stdio: 'ignore' });
    ctl('start');
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      restart: () => ctl('restart'),
      drop: async () => {
        execFileSync('pg_dropcluster', ['--stop', version, CLUSTER], { stdio: 'ignore' });
      },
    };
  }
  const scratch = await createScratchDatabase(process.env.CUTS_DATABASE_URL);
  if (!scratch) throw new Error('No PostgreSQL to run against: not root with pg_createcluster, and the local server did not answer.');
  return { url: scratch.url, restart: null, drop: scratch.drop };
};

const dropStaleCluster = () => {
  try {
    const version = execFileSync('ls', ['/etc/postgresql'], { encoding: 'utf8' }).trim().split('\n')[0];
    execFileSync('pg_dropcluster', ['--stop', version, CLUSTER], { stdio: 'ignore' });
  } catch {
    // none was left
  }
};

/** Ends every session of the server (`application_name` humanmade, and humanmade-listen for its LISTEN), from a connection of its own. */
const terminateServerSessions = async (url: string): Promise<number> => {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  try {
    await client.connect();
    const result = await client.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name like 'humanmade%' and datname = current_database()`);
    return result.rowCount ?? 0;
  } catch {
    return 0;
  } finally {
    await client.end().catch(() => undefined);
  }
};

const main = async () => {
  if (process.getuid?.() === 0) dropStaleCluster();
  const cluster = await openCluster();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-cuts-'));
  const admin = new pg.Client({ connectionString: cluster.url });
  admin.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  try {
    const server = await startServer(
      {
        DATABASE_URL: cluster.url,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        AUTH_SECRET: 'connection-cuts-secret-0123456789abcdefghij',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'error',
      },
      { quiet: true },
    );
    let exited: string | null = null;
    server.child.once('exit', (code, signal) => {
      exited = `exit code ${code}, signal ${signal}`;
    });

    // Arrange: one approved maker, and four onboarded clients who draft projects and four who save their profile.
    const signUp = async (role: string, name: string) => {
      const response = await jsonPost(`${server.url}/api/account/sign-up`, { name, email: `${name.replace(/\W/g, '-').toLowerCase()}@cuts.humanmade.test`, password: 'connection cuts password', role });
      if (response.status !== 201) throw new Error(`arranging ${name}: ${response.status} ${await response.text()}`);
      const { user } = (await response.json()) as { user: { id: string } };
      return { id: user.id, cookie: cookieOf(response) };
    };
    const maker = await signUp('maker', 'Cuts Maker');
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => signUp('client', `Cuts Client ${i}`)));
    await admin.connect();
    await admin.query(`update maker_profiles set application_status = 'approved', deliverable_categories = '{logo_design}' where user_id = $1`, [maker.id]);
    await admin.query(
      `update client_profiles set application_status = 'approved', company_name = 'Start', industry = 'Retail', budget_range = '$5k-$10k', desired_categories = '{logo_design}' where user_id = any($1)`,
      [clients.map((client) => client.id)],
    );

    const answers = new Map<string, number>();
    const count = (answer: string) => answers.set(answer, (answers.get(answer) ?? 0) + 1);
    const classify = async (response: Response | null, okStatus: number, route: string): Promise<'ok' | 'refused'> => {
      if (!response) {
        count('no answer');
        return 'refused';
      }
      if (response.status === okStatus) {
        count(String(okStatus));
        return 'ok';
      }
      const body = (await response.json().catch(() => ({}))) as { message?: string };
      const clean = (response.status === 503 && CLEAN_REFUSALS.has(body.message ?? '')) || response.status === 429;
      count(clean ? `clean ${response.status}` : `${route} ${response.status} ${JSON.stringify(body)}`);
      return 'refused';
    };

    const signedUp: string[] = [];
    const projectIds: string[] = [];
    const savedCompany = new Map<string, { acknowledged: string | null; sentAfter: string[] }>();
    let running = true;
    let n = 0;
    const signUpWriter = async (w: number) => {
      while (running) {
        const email = `writer-${w}-${(n += 1)}@cuts.humanmade.test`;
        const response = await jsonPost(`${server.url}/api/account/sign-up`, { name: `Writer ${w}`, email, password: 'connection cuts password', role: 'client' }).catch(() => null);
        if ((await classify(response, 201, 'sign-up')) === 'ok') signedUp.push(email);
      }
    };
    const projectWriter = async (client: { cookie: string }, w: number) => {
      while (running) {
        const body = { title: `Cut project ${w}-${(n += 1)}`, description: 'Drafted while connections were cut.', deliverableType: 'logo_design', budget: 500, creatorId: maker.id };
        const response = await jsonPost(`${server.url}/api/projects`, body, client.cookie).catch(() => null);
        if ((await classify(response, 201, 'project')) === 'ok') projectIds.push(((await response!.json()) as { id: string }).id);
      }
    };
    const profileWriter = async (client: { id: string; cookie: string }) => {
      const state = { acknowledged: null as string | null, sentAfter: [] as string[] };
      savedCompany.set(client.id, state);
      while (running) {
        const companyName = `Company ${(n += 1)}`;
        state.sentAfter.push(companyName);
        const response = await fetch(`${server.url}/api/profiles/client`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', origin: server.url, cookie: client.cookie },
          body: JSON.stringify({ companyName, industry: 'Retail', budgetRange: '$5k-$10k', logoUrl: null, desiredCategories: ['logo_design'] }),
        }).catch(() => null);
        if ((await classify(response, 200, 'profile')) === 'ok') {
          state.acknowledged = companyName;
          state.sentAfter = [];
        }
        // The profile route allows 30 saves a minute per person; four savers stay near it.
        await sleep(2000);
      }
    };
    const writers = [
      ...Array.from({ length: 4 }, (_, w) => signUpWriter(w)),
      ...clients.slice(0, 4).map((client, w) => projectWriter(client, w)),
      ...clients.slice(4).map((client) => profileWriter(client)),
    ];

    // Act: 12 rounds of cuts and 3 restarts spread over the run.
    const started = Date.now();
    const events: Array<{ at: number; kind: 'cut' | 'restart' }> = [
      ...Array.from({ length: CUT_ROUNDS }, (_, i) => ({ at: ((i + 0.5) / CUT_ROUNDS) * (SECONDS - 20) * 1000, kind: 'cut' as const })),
      ...Array.from({ length: RESTARTS }, (_, i) => ({ at: (10 + i * ((SECONDS - 30) / RESTARTS)) * 1000 + 700, kind: 'restart' as const })),
    ].sort((a, b) => a.at - b.at);
    let terminated = 0;
    let lastRestart = 0;
    /** Health and a new sign-up, asked from the moment of the last restart until both succeed or 15 s have passed. */
    const recoveryAfter = async (since: number): Promise<{ healthMs: number | null; signUp: number }> => {
      let healthMs: number | null = null;
      while (healthMs === null && Date.now() - since < 15000) {
        if ((await fetch(`${server.url}/api/health`).then((r) => r.status, () => 0)) === 200) healthMs = Date.now() - since;
        else await sleep(250);
      }
      const signUp = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'After', email: `after-${since}@cuts.humanmade.test`, password: 'connection cuts password', role: 'client' }).then((r) => r.status, () => 0);
      return { healthMs, signUp };
    };
    let afterLastRestart: Promise<{ healthMs: number | null; signUp: number }> | null = null;
    let restarts = 0;
    for (const event of events) {
      await sleep(Math.max(0, started + event.at - Date.now()));
      if (event.kind === 'cut') {
        terminated += await terminateServerSessions(cluster.url);
      } else if (cluster.restart) {
        cluster.restart();
        restarts += 1;
        lastRestart = Date.now();
        if (restarts === RESTARTS) afterLastRestart = recoveryAfter(lastRestart);
      }
    }
    await sleep(Math.max(0, started + SECONDS * 1000 - Date.now()));
    running = false;
    await Promise.all(writers);

    // Assert: alive, healthy and signing up within 15 s of the last restart (and again now), every acknowledged write present.
    const recovery = (await afterLastRestart) ?? (await recoveryAfter(Date.now()));
    const healthNow = await fetch(`${server.url}/api/health`).then((r) => r.status, () => 0);
    const fresh = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'After', email: 'after@cuts.humanmade.test', password: 'connection cuts password', role: 'client' }).then((r) => r.status, () => 0);
    const check = new pg.Client({ connectionString: cluster.url });
    check.on('error', () => undefined); // as above
    await check.connect();
    const users = await check.query(`select count(*)::int as n from "user" where email = any($1)`, [signedUp]);
    const projects = await check.query(`select count(*)::int as n from projects where id = any($1::uuid[])`, [projectIds]);
    const companies = await check.query<{ user_id: string; company_name: string }>(`select user_id, company_name from client_profiles where user_id = any($1)`, [[...savedCompany.keys()]]);
    const halfWritten = await check.query(`select count(*)::int as n from "user" u where not exists (select 1 from user_roles r where r.user_id = u.id) or not exists (select 1 from profiles p where p.id = u.id)`);
    await check.end();
    const lostProfiles = companies.rows.filter((row) => {
      const state = savedCompany.get(row.user_id)!;
      // The stored name is the last acknowledged one, or one sent after it whose answer was lost with its connection.
      return state.acknowledged !== null && row.company_name !== state.acknowledged && !state.sentAfter.includes(row.company_name);
    }).length;

    const summary = [...answers.entries()].map(([answer, times]) => `${answer}×${times}`).join(', ');
    const unclean = [...answers.keys()].filter((answer) => !/^(200|201|clean \d+)$/.test(answer));
    record('process still running', exited === null, exited ?? `pid ${server.child.pid} alive after ${SECONDS} s`);
    record(`${CUT_ROUNDS} rounds of pg_terminate_backend`, terminated >= CUT_ROUNDS, `${terminated} sessions terminated`);
    if (cluster.restart) record(`${RESTARTS} PostgreSQL restarts`, restarts === RESTARTS, `${restarts} restarts`);
    else report(`${RESTARTS} PostgreSQL restarts`, 'skipped', 'needs root and pg_createcluster for a cluster of its own');
    record(
      'health 200 and a new sign-up 201 within 15 s of the last restart',
      recovery.healthMs !== null && recovery.signUp === 201 && healthNow === 200 && fresh === 201,
      `health ok ${recovery.healthMs ?? 'never'} ms after it, sign-up then ${recovery.signUp}; at the end health ${healthNow}, sign-up ${fresh}`,
    );
    record('every answer a success or a clean refusal', unclean.length === 0, summary);
    record(
      'every acknowledged write in the database',
      users.rows[0].n === signedUp.length && projects.rows[0].n === projectIds.length && lostProfiles === 0 && halfWritten.rows[0].n === 0,
      `sign-ups ${users.rows[0].n}/${signedUp.length}, projects ${projects.rows[0].n}/${projectIds.length}, profile saves lost ${lostProfiles}, half-written accounts ${halfWritten.rows[0].n}`,
    );
    await server.stop();
  } finally {
    await admin.end().catch(() => undefined);
    await cluster.drop().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(summarize(Boolean(process.env.CUTS_REQUIRE_ALL)));
};

void main();
