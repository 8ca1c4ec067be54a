import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { emailOutbox, user } from '../db/schema';
import { createOutboxWorker } from './outbox';
import { type TestContext, withTestContext } from '../../../test/support/harness';
import { decodeQuotedPrintable } from '../../../test/support/smtp';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
}, { smtp: true });

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
    await ctx.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.status, 'pending'));
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
    await ctx.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(emailOutbox.status, 'pending'));
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
