import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { and, eq, like } from 'drizzle-orm';
import { auditLog, jobs, ledgerTransactions, projectMilestones, projects } from '../../src/server/db/schema';
import { creatorLedger } from '../../src/server/features/payments/ledger';
import { fundInTransaction } from '../support/money-fixtures';
import { startMilestones, startReviewClock } from '../../src/server/features/projects/milestones';
import { multipart, pngBuffer } from '../support/project-fixtures';
import { createSmtpTransport } from '../../src/server/mail/transport';
import { composeEmail } from '../../src/server/mail/templates';
import { startSmtpListener } from '../support/smtp';
import { redisAnswers, TEST_REDIS_URL } from './redis-available';

/**
 * Two app instances as a load balancer would see them: one PostgreSQL database, one Redis, one upload store,
 * one AUTH_SECRET. Anything one instance kept in its own memory would show up here as a failure.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const redisUp = await redisAnswers();
if (!serverUrl) console.log('TEST_DATABASE_URL is not set: the two-instance tests (which need PostgreSQL) are skipped.');
if (serverUrl && !redisUp) console.log(`Redis did not answer at ${TEST_REDIS_URL}: the shared rate-limit test is skipped.`);

const ORIGIN = 'http://localhost:3000';

describe.skipIf(!serverUrl)('two instances sharing PostgreSQL, Redis and the upload store', () => {
  const name = `hm_two_${randomBytes(5).toString('hex')}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-two-'));
  let smtp: Awaited<ReturnType<typeof startSmtpListener>>;
  let a: App;
  let b: App;

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    client.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    smtp = await startSmtpListener();
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      AUTH_SECRET: randomBytes(32).toString('hex'),
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      LOG_LEVEL: 'silent',
      ...(redisUp ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: `hm-two-${randomBytes(4).toString('hex')}:` } : {}),
    };
    // Both start at once on an empty database, as two containers of a fresh deploy would: both migrate.
    [a, b] = await Promise.all(
      [1, 2].map(async () => {
        const app = await buildApp({ config: loadConfig(env), logger: false, mailTransport: createSmtpTransport(smtp.url) });
        await app.ready();
        return app;
      }),
    );
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await smtp?.close();
    if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  let address = 0;
  const call = (app: App, request: InjectOptions, cookie?: string) => {
    address += 1;
    return app.inject({ ...request, remoteAddress: request.remoteAddress ?? `10.20.0.${address}`, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...request.headers } });
  };
  const cookieOf = (response: { cookies: Array<{ name: string; value: string }> }) => response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
  const signUp = async (app: App, role: 'maker' | 'client') => {
    const response = await call(app, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: `Twin ${role}`, email: `twin-${role}-${randomBytes(3).toString('hex')}@example.com`, password: 'shared password', role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().user.id as string, cookie: cookieOf(response) };
  };

  it('accepts on one instance a session made on the other, and ends it on both at sign-out', async () => {
    const maker = await signUp(a, 'maker');
    expect((await call(b, { method: 'GET', url: '/api/account/me' }, maker.cookie)).json().user.id).toBe(maker.id);
    expect((await call(b, { method: 'GET', url: '/api/profiles/maker' }, maker.cookie)).statusCode).toBe(200);
    expect((await call(b, { method: 'POST', url: '/api/account/sign-out' }, maker.cookie)).statusCode).toBe(204);
    expect((await call(a, { method: 'GET', url: '/api/account/me' }, maker.cookie)).json()).toEqual({ user: null });
  });

  it('serves from one instance the file uploaded through the other', async () => {
    const maker = await signUp(a, 'maker');
    const image = multipart({ data: await pngBuffer('#2a9d8f', 30), filename: 'me.png', contentType: 'image/png' });
    const uploaded = await call(a, { method: 'POST', url: '/api/uploads/profile-image', payload: image.payload, headers: image.headers }, maker.cookie);
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const fromA = await call(a, { method: 'GET', url: uploaded.json().url });
    const fromB = await call(b, { method: 'GET', url: uploaded.json().url });
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
  });

  it.skipIf(!redisUp)('counts one address against one rate limit across both instances', async () => {
    const attempt = (app: App) =>
      call(app, { method: 'POST', url: '/api/account/sign-in', remoteAddress: '10.21.0.1', payload: { email: 'nobody@example.com', password: 'wrong password' } });
    const statuses = [(await attempt(a)).statusCode, (await attempt(b)).statusCode, (await attempt(a)).statusCode, (await attempt(b)).statusCode];
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('sends each queued email exactly once when both outbox workers run at the same time', async () => {
    const addresses = Array.from({ length: 12 }, (_, index) => `twin-mail-${index}-${randomBytes(2).toString('hex')}@example.com`);
    for (const [index, to] of addresses.entries()) {
      await (index % 2 === 0 ? a : b).mailer.enqueue(composeEmail({ type: 'test', to, subject: 'Twin test', siteName: 'Humanmade' }, ['Hello from one of two instances.']));
    }
    for (let round = 0; round < 5; round += 1) await Promise.all([a.outbox.runOnce(), b.outbox.runOnce(), a.outbox.runOnce(), b.outbox.runOnce()]);
    const counts = addresses.map((to) => smtp.received.filter((mail) => mail.to.includes(to)).length);
    expect(counts).toEqual(addresses.map(() => 1));
  });

  it('fires a timer once when two instances, one of them just restarted, race for it', async () => {
    const client = await signUp(a, 'client');
    const maker = await signUp(a, 'maker');
    const submittedAt = new Date();
    // A project whose only milestone was submitted: its approval-by-time timer is set in the same transaction.
    const projectId = await a.db.transaction(async (tx) => {
      const [project] = await tx
        .insert(projects)
        .values({ clientId: client.id, makerId: maker.id, title: 'Twin timer', description: 'Raced', deliverableType: 'logo_design', budget: 250, status: 'in_review' })
        .returning();
      await startMilestones(tx, project.id, [{ title: 'All of it', amountCents: 25000, dueDate: null }], submittedAt);
      const [milestone] = await tx.update(projectMilestones).set({ status: 'submitted', submissions: 1, submittedAt }).where(eq(projectMilestones.projectId, project.id)).returning();
      await fundInTransaction(a, tx, milestone.id);
      await startReviewClock(a, tx, milestone, submittedAt);
      return project.id;
    });
    // A restart: the instance that set the timer stops, and a new one starts on the same database.
    await a.close();
    a = await buildApp({ config: a.config, logger: false, mailTransport: createSmtpTransport(smtp.url) });
    await a.ready();
    const later = new Date(submittedAt.getTime() + 8 * 24 * 3600 * 1000);
    await Promise.all([a.jobs.runDue(later), b.jobs.runDue(later), a.jobs.runDue(later), b.jobs.runDue(later)]);

    const [milestone] = await b.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId));
    expect(milestone).toMatchObject({ status: 'approved', approvedByTime: true });
    // Released once, less the 10% fee, whichever instance fired.
    expect((await creatorLedger(b.db, maker.id)).earnedCents).toBe(22500);
    expect(await b.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.kind, 'release'), eq(ledgerTransactions.projectId, projectId)))).toHaveLength(1);
    expect(await b.db.select().from(auditLog).where(eq(auditLog.targetId, projectId))).toHaveLength(1);
    const fired = await b.db.select().from(jobs).where(and(eq(jobs.kind, 'milestone.auto_approve'), like(jobs.key, `milestone:${milestone.id}:%`)));
    expect(fired.map((job) => [job.status, job.attempts])).toEqual([['done', 1]]);
  });

  it('lets several instances run the migrations at once on an empty database', async () => {
    const fresh = `${name}_m`;
    await admin(`create database ${fresh}`);
    const url = Object.assign(new URL(serverUrl!), { pathname: `/${fresh}` }).toString();
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: url, poolSize: 1 })));
    try {
      const results = await Promise.allSettled(handles.map((handle) => handle.migrate()));
      expect(results.map((result) => (result.status === 'fulfilled' ? 'migrated' : String(result.reason)))).toEqual(['migrated', 'migrated', 'migrated']);
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await admin(`drop database if exists ${fresh} with (force)`);
    }
  });
});
