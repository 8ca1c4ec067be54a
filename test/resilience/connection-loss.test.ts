import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/db/unavailable';
import { createScratchDatabase, jsonPost, startServer, waitForHealth, type ServerProcess } from '../../scripts/lib/server-process';

/**
 * The server on the real PostgreSQL while its connections are cut the way a failover, a DBA or a pooler restart
 * cuts them (`pg_terminate_backend`), some of them in the middle of a transaction. The process must live on, the
 * requests that lost their connection answer 503 and commit nothing, every acknowledged write is kept, and the
 * next request succeeds. Runs where CI runs the API tests on PostgreSQL (TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const ROUNDS = 12;
const WRITERS = 12;

describe.skipIf(!serverUrl)('a dropped database connection (real PostgreSQL, real server process)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let server: ServerProcess;
  let admin: pg.Client;
  let exitedWith: string | null = null;

  beforeAll(async () => {
    database = await createScratchDatabase(serverUrl);
    if (!database) throw new Error(`PostgreSQL at ${serverUrl} did not answer`);
    server = await startServer(
      {
        DATABASE_URL: database.url,
        NODE_ENV: 'production',
        AUTH_SECRET: 'connection-loss-test-secret-0123456789abcdef',
        AUTH_RATE_LIMIT_PER_MINUTE: '100000',
        LOG_LEVEL: 'error',
      },
      { quiet: true },
    );
    server.child.once('exit', (code, signal) => {
      exitedWith = `code ${code} signal ${signal}`;
    });
    admin = new pg.Client({ connectionString: database.url });
    admin.on('error', () => undefined);
    await admin.connect();
  }, 120000);

  afterAll(async () => {
    await admin?.end().catch(() => undefined);
    await server?.stop();
    await database?.drop();
  });

  /** Ends the server's sessions: those inside a transaction when there are any (waiting briefly for one), else all. */
  const terminateServerSessions = async (): Promise<{ terminated: number; inTransaction: number }> => {
    // Every session of the server: its pool's (`humanmade`) and its LISTEN connection's (`humanmade-listen`).
    const mine = `application_name like 'humanmade%' and datname = current_database() and pid <> pg_backend_pid()`;
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const { rows } = await admin.query<{ pid: number }>(`select pid from pg_stat_activity where ${mine} and xact_start is not null`);
      if (rows.length > 0) {
        const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${mine} and xact_start is not null`);
        return { terminated: ended.rowCount ?? 0, inTransaction: ended.rowCount ?? 0 };
      }
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const ended = await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${mine}`);
    return { terminated: ended.rowCount ?? 0, inTransaction: 0 };
  };

  it('survives twelve rounds of terminated sessions under concurrent writes and loses no acknowledged write', async () => {
    const acknowledged: string[] = [];
    const refused: { status: number; message: string }[] = [];
    let running = true;
    let sequence = 0;

    const writer = async (index: number) => {
      while (running) {
        sequence += 1;
        const email = `cut-${index}-${sequence}@loss.humanmade.test`;
        const response = await jsonPost(`${server.url}/api/account/sign-up`, { name: `Writer ${index}`, email, password: 'a long enough password', role: 'client' }).catch(
          (error: unknown) => ({ status: 0, json: async () => ({ message: String(error) }) }),
        );
        if (response.status === 201) acknowledged.push(email);
        else refused.push({ status: response.status, message: ((await response.json()) as { message: string }).message });
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));

    let terminated = 0;
    let inTransaction = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      const cut = await terminateServerSessions();
      terminated += cut.terminated;
      inTransaction += cut.inTransaction;
    }
    await new Promise((resolve) => setTimeout(resolve, 400));
    running = false;
    await Promise.all(writers);

    expect(exitedWith, 'the server process exited').toBeNull();
    expect(terminated).toBeGreaterThanOrEqual(ROUNDS);
    // The cuts really happened mid-transaction, the case where pg-pool leaves a client without an error listener.
    expect(inTransaction).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    // Every refusal is a 503 that says to try again; never a 500. (A sign-up whose account committed but whose
    // session was cut answers 201 with a notice to log in: it is counted as acknowledged above, and is checked.)
    for (const failure of refused) {
      expect(failure.status).toBe(503);
      expect(failure.message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    }

    // The LISTEN connection, cut on its own: the server lives on and listens again on a new session.
    const listening = async () =>
      (await admin.query<{ pid: number }>(`select pid from pg_stat_activity where application_name = 'humanmade-listen' and datname = current_database()`)).rows.map((row) => row.pid);
    const [listener] = await listening();
    expect(listener, 'the server keeps a LISTEN connection').toBeDefined();
    await admin.query(`select pg_terminate_backend($1)`, [listener]);
    let relistened: number[] = [];
    for (let attempt = 0; attempt < 100 && !relistened.some((pid) => pid !== listener); attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      relistened = await listening();
    }
    expect(relistened.filter((pid) => pid !== listener)).toHaveLength(1);
    expect(exitedWith, 'the server process exited').toBeNull();

    // The next request succeeds, and health is ok, with no restart.
    await waitForHealth(server.url, 15000);
    const after = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'After', email: 'after@loss.humanmade.test', password: 'a long enough password', role: 'client' });
    expect(after.status).toBe(201);

    const { rows } = await admin.query<{ email: string }>(`select email from "user" where email = any($1)`, [acknowledged]);
    expect(rows.length).toBe(acknowledged.length);
    // And a sign-up whose connection was cut left no half-made account: every user has a role and a profile.
    const orphans = await admin.query(`select u.id from "user" u left join user_roles r on r.user_id = u.id left join profiles p on p.id = u.id where r.user_id is null or p.id is null`);
    expect(orphans.rowCount).toBe(0);
    console.log(`connection loss: ${terminated} sessions terminated (${inTransaction} mid-transaction) in ${ROUNDS} rounds; ${acknowledged.length} sign-ups acknowledged, ${refused.length} answered 503`);
  }, 120000);

  it('answers 503 with the reason on /api/health while the database refuses connections, and ok again after', async () => {
    // Close this database to new connections (from another database: one cannot close the one it is in), end the
    // server's open ones, and ask.
    const name = pg.escapeIdentifier(new URL(database!.url).pathname.slice(1));
    const serverAdmin = new pg.Client({ connectionString: serverUrl });
    serverAdmin.on('error', () => undefined);
    await serverAdmin.connect();
    await serverAdmin.query(`alter database ${name} with allow_connections false`);
    try {
      await serverAdmin.query(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'humanmade' and datname = $1`, [new URL(database!.url).pathname.slice(1)]);
      const down = await fetch(`${server.url}/api/health`);
      expect(down.status).toBe(503);
      const body = (await down.json()) as { status: string; reason: string };
      expect(body.status).toBe('unavailable');
      expect(body.reason).toMatch(/^The database cannot be reached: (terminating connection|.*not currently accepting connections)/);
      // Idle connections the pool still held may each answer once with their termination; then the refusal shows.
      let reason = body.reason;
      for (let attempt = 0; attempt < 10 && !/not currently accepting/.test(reason); attempt += 1) {
        reason = ((await (await fetch(`${server.url}/api/health`)).json()) as { reason: string }).reason;
      }
      expect(reason).toMatch(/not currently accepting connections/);
      const signUp = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'Refused', email: 'refused@loss.humanmade.test', password: 'a long enough password', role: 'client' });
      expect(signUp.status).toBe(503);
      expect(((await signUp.json()) as { message: string }).message).toBe(DATABASE_UNAVAILABLE_MESSAGE);
    } finally {
      await serverAdmin.query(`alter database ${name} with allow_connections true`);
      await serverAdmin.end();
    }
    await waitForHealth(server.url, 15000);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(exitedWith).toBeNull();
  }, 60000);
});
