import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, notificationSettings, notifications } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { decodeQuotedPrintable } from '../../../../test/support/smtp';
import { approveMaker, onboardedClient, projectPayload } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Nia Maker' });
}, { smtp: true });

const newProjectFor = async (creatorId: string) => {
  const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId, title: `Work ${Date.now()}` }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
};
const outboxFor = (address: string, type: string) =>
  ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, address), eq(emailOutbox.type, type)));

describe('email settings and unsubscribe', () => {
  it('sends every kind by default; a kind turned off sends no email, while the in-app notification stays', async () => {
    const settings = await ctx.inject(maker, { method: 'GET', url: '/api/notifications/settings' });
    expect(settings.json()).toEqual({ email: { project: true, message: true, account: true, review: true } });
    const saved = await ctx.inject(maker, { method: 'PUT', url: '/api/notifications/settings', payload: { email: { project: false, message: true, account: true, review: true } } });
    expect(saved.json()).toEqual({ email: { project: false, message: true, account: true, review: true } });
    expect((await ctx.inject(maker, { method: 'PUT', url: '/api/notifications/settings', payload: { email: { project: 'no' } } })).statusCode).toBe(400);

    const before = (await outboxFor(maker.email, 'project-assigned')).length;
    const projectId = await newProjectFor(maker.id);
    expect((await outboxFor(maker.email, 'project-assigned')).length).toBe(before);
    const items = await ctx.db.select().from(notifications).where(eq(notifications.userId, maker.id));
    expect(items.some((item) => item.subjectKey.startsWith(`project:${projectId}:`))).toBe(true);

    await ctx.inject(maker, { method: 'PUT', url: '/api/notifications/settings', payload: { email: { project: true, message: true, account: true, review: true } } });
    await newProjectFor(maker.id);
    expect((await outboxFor(maker.email, 'project-assigned')).length).toBe(before + 1);
  });

  it('puts a signed link and List-Unsubscribe in each such email; one click turns the kind off without signing in', async () => {
    const other = await approveMaker(ctx, { name: 'Ode Maker' });
    await newProjectFor(other.id);
    await ctx.app.outbox.runOnce();
    const mail = ctx.smtp!.received.find((m) => m.to.includes(other.email) && m.raw.includes('New project for you'));
    expect(mail).toBeDefined();
    const raw = decodeQuotedPrintable(mail!.raw);
    // Long header lines are folded onto the next line; unfold them first.
    // The header is read from the message as sent: quoted-printable decoding is for the body, and would turn a
    // "=" followed by two hex digits in the address (u=3f…) into one character.
    const header = mail!.raw.replace(/\r?\n[ \t]+/g, ' ').match(/List-Unsubscribe: <(http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?[^>]+)>/)?.[1];
    expect(header).toBeDefined();
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toMatch(/You can stop emails about projects here: http:\/\/localhost:3000\/unsubscribe\?u=/);

    // A long address may be folded inside its angle brackets, where whitespace is ignored (RFC 2369).
    const url = header!.replace(/\s+/g, '').replace('http://localhost:3000', '');
    // A tampered token or another kind under the same token is refused, and nothing changes.
    const forged = await ctx.inject(null, { method: 'POST', url: url.replace('k=project', 'k=account') });
    expect(forged.statusCode).toBe(400);
    const oneClick = await ctx.inject(null, { method: 'POST', url, payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.statusCode, oneClick.body).toBe(200);
    const after = await ctx.inject(other, { method: 'GET', url: '/api/notifications/settings' });
    expect(after.json()).toEqual({ email: { project: false, message: true, account: true, review: true } });

    // The page's own form (no scripts needed) comes back to the page, and a second click is harmless.
    const fromPage = await ctx.inject(null, { method: 'POST', url, payload: 'source=page', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(fromPage.statusCode).toBe(303);
    expect(fromPage.headers.location).toBe('/unsubscribe?done=project');
  });

  it('sends the page’s own form back to the page when its link is not valid; other callers keep the JSON answer', async () => {
    const person = await ctx.signUp('maker');
    const form = { payload: 'source=page', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    // A token cut short fails the link's format; a well-formed one that was not signed for this person fails the check.
    const malformed = `/api/notifications/unsubscribe?u=${person.id}&k=project&t=AAAAbadtoken`;
    const forged = `/api/notifications/unsubscribe?u=${person.id}&k=project&t=${'A'.repeat(43)}`;
    for (const url of [malformed, forged, '/api/notifications/unsubscribe?k=project']) {
      const fromPage = await ctx.inject(null, { method: 'POST', url, ...form });
      expect(fromPage.statusCode, url).toBe(303);
      expect(fromPage.headers.location).toBe('/unsubscribe?error=invalid');
    }
    const json = await ctx.inject(null, { method: 'POST', url: malformed, payload: 'List-Unsubscribe=One-Click', headers: form.headers });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'validation_error', message: 'This unsubscribe link is not valid.' });
    const oneClick = await ctx.inject(null, { method: 'POST', url: forged, payload: 'List-Unsubscribe=One-Click', headers: form.headers });
    expect(oneClick.statusCode).toBe(400);
    expect(oneClick.json()).toMatchObject({ error: 'bad_request', message: 'This unsubscribe link is not valid.' });
    // Nothing was turned off.
    expect((await ctx.inject(person, { method: 'GET', url: '/api/notifications/settings' })).json()).toEqual({ email: { project: true, message: true, account: true, review: true } });
  });

  it('never holds back the emails a person cannot do without', async () => {
    const person = await ctx.signUp('client');
    await ctx.inject(person, { method: 'PUT', url: '/api/notifications/settings', payload: { email: { project: false, message: false, account: false, review: false } } });
    const reset = await ctx.inject(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email, redirectTo: 'http://localhost:3000/reset-password' } });
    expect(reset.statusCode).toBeLessThan(300);
    const rows = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, person.email));
    expect(rows.some((row) => row.type === 'password-reset' && row.listUnsubscribe === null)).toBe(true);
  });

  it("is a client's and a creator's: an admin, emailed none of its kinds, gets 403 and nothing is stored (decision 205)", async () => {
    const admin = await ctx.createAdmin();
    for (const request of [
      { method: 'GET' as const, url: '/api/notifications/settings' },
      { method: 'PUT' as const, url: '/api/notifications/settings', payload: { email: { project: false, message: false, account: false, review: false } } },
    ]) {
      const response = await ctx.inject(admin, request);
      expect(response.statusCode, request.method).toBe(403);
    }
    expect(await ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, admin.id))).toEqual([]);
  });
});
