import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { emailOutbox, jobs, user } from '../db/schema';
import { claimLeased, scheduleJob } from '../jobs/scheduler';
import { createSmtpTransport } from './transport';
import { EMAIL_JOB, createOutboxWorker } from './outbox';
import { type TestContext, withTestContext } from '../../../test/support/harness';
import { decodeQuotedPrintable } from '../../../test/support/smtp';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
}, { smtp: true });

/** Moves every pending email's next attempt into the past, as the backoff's wait would. */
const makePendingEmailsDue = () =>
  ctx.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(and(eq(jobs.kind, EMAIL_JOB), eq(jobs.status, 'pending')));

describe('email outbox over real SMTP', () => {
  it('delivers the sign-up email, whose verification link really verifies the address', async () => {
    const maker = await ctx.signUp('maker');
    await ctx.app.outbox.runOnce();
    const mail = ctx.smtp!.received.find((m) => m.to.includes(maker.email));
    expect(mail).toBeDefined();
    const body = decodeQuotedPrintable(mail!.raw);
    expect(body).toContain('Welcome to Humanmade');
    const link = body.match(/http:\/\/localhost:3000(\/api\/auth\/verify-email\?[^\s"<]+)/)?.[1];
    expect(link).toBeDefined();

    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, maker.email));
    expect(row.status).toBe('sent');

    const verify = await ctx.app.inject({ method: 'GET', url: link!.replace(/&amp;/g, '&') });
    expect([200, 302]).toContain(verify.statusCode);
    const [stored] = await ctx.db.select().from(user).where(eq(user.id, maker.id));
    expect(stored.emailVerified).toBe(true);
  });

  it('keeps email while SMTP refuses it, retries with backoff, and delivers each exactly once when it is back', async () => {
    ctx.smtp!.state.failing = true;
    const before = ctx.smtp!.received.length;
    const people = [await ctx.signUp('client'), await ctx.signUp('mind'), await ctx.signUp('maker')];
    await ctx.app.outbox.runOnce();
    const pending = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(pending.length).toBeGreaterThanOrEqual(3);
    for (const row of pending) {
      expect(row.attempts).toBe(1);
      expect(row.lastError).toBeTruthy();
      expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    }
    // Nothing is due yet because of the backoff; a second run sends nothing.
    await ctx.app.outbox.runOnce();
    expect(ctx.smtp!.received.length).toBe(before);

    ctx.smtp!.state.failing = false;
    await makePendingEmailsDue();
    await ctx.app.outbox.runOnce();
    await ctx.app.outbox.runOnce();
    const delivered = ctx.smtp!.received.slice(before);
    for (const person of people) {
      expect(delivered.filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
    }
    expect(await ctx.app.outbox.pendingCount()).toBe(0);
  });

  it('keeps email while the SMTP server is unreachable, and delivers each exactly once when it is back', async () => {
    await ctx.smtp!.stop();
    const before = ctx.smtp!.received.length;
    const people = [await ctx.signUp('client'), await ctx.signUp('maker')];
    try {
      await ctx.app.outbox.runOnce();
      const pending = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
      expect(pending.length).toBeGreaterThanOrEqual(2);
      for (const row of pending) {
        expect(row.attempts).toBe(1);
        expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
      }
    } finally {
      await ctx.smtp!.start();
    }
    await makePendingEmailsDue();
    await ctx.app.outbox.runOnce();
    await ctx.app.outbox.runOnce();
    const delivered = ctx.smtp!.received.slice(before);
    for (const person of people) expect(delivered.filter((mail) => mail.to.includes(person.email))).toHaveLength(1);
    expect(await ctx.app.outbox.pendingCount()).toBe(0);
  });

  it('resends the verification link on request, and only to a signed-in user', async () => {
    const client = await ctx.signUp('client');
    const anonymous = await ctx.inject(null, { method: 'POST', url: '/api/account/resend-verification' });
    expect(anonymous.statusCode).toBe(401);
    const response = await ctx.inject(client, { method: 'POST', url: '/api/account/resend-verification' });
    expect(response.statusCode).toBe(204);
    const rows = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    expect(rows.map((row) => row.type).sort()).toEqual(['signup', 'verify-email']);
  });

  it('without SMTP, writes an email\'s text to the log in development only, never in production', async () => {
    const logged = async (logBodies: boolean) => {
      const lines: string[] = [];
      const stream = new Writable({
        write(chunk, _encoding, callback) {
          lines.push(String(chunk));
          callback();
        },
      });
      const token = randomUUID();
      const id = await ctx.app.mailer.enqueue({ type: 'reset-password', to: `log-${token}@example.com`, subject: 'Reset your password', text: `Reset: http://localhost:3000/reset-password?token=${token}` });
      const worker = createOutboxWorker({ db: ctx.db, transport: null, from: 'test@humanmade.local', logger: pino({ level: 'info' }, stream), logBodies });
      await worker.runOnce();
      const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id!));
      expect(row.status).toBe('pending');
      return { log: lines.join(''), id, token };
    };
    // The app's own outbox loop would otherwise race this test's worker for the row (and send it over SMTP).
    await ctx.app.outbox.stop();
    const production = await logged(false);
    expect(production.log).toContain(production.id);
    expect(production.log).toContain('no SMTP_URL configured');
    expect(production.log).not.toContain(production.token);
    const development = await logged(true);
    expect(development.log).toContain(development.token);
  });
});

describe('the outbox shares the jobs table (decision 198)', () => {
  const testEmail = (label: string) => {
    const to = `${label}-${randomUUID()}@example.com`;
    return { type: 'reset-password', to, subject: `Subject for ${label}`, text: `Body for ${label}` };
  };

  it('writes an email as a job of kind email, which the timer runner leaves to the outbox, and reads it through the view', async () => {
    const email = testEmail('shared');
    const id = (await ctx.app.mailer.enqueue(email))!;
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(job).toMatchObject({ kind: EMAIL_JOB, key: `email:${id}`, status: 'pending', attempts: 0 });
    expect(job.payload).toMatchObject({ to: email.to, subject: email.subject, text: email.text, type: email.type });
    // A timer beside it, due too: the runner fires its own kinds and leaves the email, whatever the time it is given.
    const timerKey = `outbox-test:${id}`;
    let fired = 0;
    ctx.app.jobs.handle('outbox-test', async () => {
      fired += 1;
    });
    await scheduleJob(ctx.db, { kind: 'outbox-test', key: timerKey, runAt: new Date(Date.now() - 1000) });
    await ctx.app.jobs.runDue(new Date(Date.now() + 365 * 24 * 3600 * 1000));
    expect(fired).toBe(1);
    expect((await ctx.db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'pending', attempts: 0 });

    const before = ctx.smtp!.received.length;
    await ctx.app.outbox.runOnce();
    expect(ctx.smtp!.received.slice(before).filter((mail) => mail.to.includes(email.to))).toHaveLength(1);
    const [done] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(done).toMatchObject({ status: 'done', attempts: 1, lockedUntil: null });
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ status: 'sent', toAddress: email.to, subject: email.subject, textBody: email.text, attempts: 1 });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('keeps an email whose text holds half a surrogate pair, with U+FFFD in its place, as a text column did', async () => {
    const email = { ...testEmail('surrogate'), subject: 'Hello Ann \uD800 Lee', text: 'Dear \uDC00 Ann' };
    const id = (await ctx.app.mailer.enqueue(email))!;
    const [row] = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    expect(row).toMatchObject({ subject: 'Hello Ann \uFFFD Lee', textBody: 'Dear \uFFFD Ann' });
  });

  it('leaves an email leased by a worker that died alone until the lease runs out, then sends it once', async () => {
    await ctx.app.outbox.stop();
    const email = testEmail('leased');
    const id = (await ctx.app.mailer.enqueue(email))!;
    // A worker claims the email and dies before sending it: its lease stays on the row.
    const claimed = await claimLeased(ctx.db, { kind: EMAIL_JOB, limit: 100, leaseSeconds: 60 });
    expect(claimed.map((job) => job.id)).toContain(id);
    const [leased] = await ctx.db.select().from(jobs).where(eq(jobs.id, id));
    expect(leased.lockedUntil!.getTime()).toBeGreaterThan(Date.now() + 50_000);

    const before = ctx.smtp!.received.length;
    await ctx.app.outbox.runOnce();
    expect(ctx.smtp!.received.slice(before).filter((mail) => mail.to.includes(email.to))).toHaveLength(0);

    await ctx.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    await ctx.app.outbox.runOnce();
    await ctx.app.outbox.runOnce();
    expect(ctx.smtp!.received.slice(before).filter((mail) => mail.to.includes(email.to))).toHaveLength(1);
    expect((await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0].status).toBe('sent');
  });

  it('sends each email once when two workers claim side by side', async () => {
    await ctx.app.outbox.stop();
    const emails = Array.from({ length: 12 }, (_, index) => testEmail(`pair-${index}`));
    for (const email of emails) await ctx.app.mailer.enqueue(email);
    const transport = createSmtpTransport(ctx.smtp!.url);
    const worker = () => createOutboxWorker({ db: ctx.db, transport, from: 'test@humanmade.local', logger: pino({ level: 'silent' }), batchSize: 3 });
    const [a, b] = [worker(), worker()];
    const before = ctx.smtp!.received.length;
    try {
      for (let round = 0; round < 6; round += 1) await Promise.all([a.runOnce(), b.runOnce()]);
    } finally {
      transport.close();
    }
    const delivered = ctx.smtp!.received.slice(before);
    for (const email of emails) expect(delivered.filter((mail) => mail.to.includes(email.to))).toHaveLength(1);
  });
});
