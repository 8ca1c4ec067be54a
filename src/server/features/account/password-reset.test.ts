import { describe, expect, it } from 'vitest';
import { type TestContext, withTestContext } from '../../../../test/support/harness';
import { decodeQuotedPrintable } from '../../../../test/support/smtp';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
}, { smtp: true });

describe('password reset by emailed link', () => {
  it('sends a link that leads to /reset-password with a token, which sets a new password and ends old sessions', async () => {
    const maker = await ctx.signUp('maker');
    const request = await ctx.inject(null, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: maker.email, redirectTo: '/reset-password' },
    });
    expect(request.statusCode).toBe(200);
    await ctx.app.outbox.runOnce();
    const mail = ctx.smtp!.received.filter((m) => m.to.includes(maker.email)).find((m) => m.raw.includes('Reset your password'));
    expect(mail).toBeDefined();
    const link = decodeQuotedPrintable(mail!.raw).match(/http:\/\/localhost:3000(\/api\/auth\/reset-password\/[^\s"<]+)/)?.[1];
    expect(link).toBeDefined();

    const follow = await ctx.app.inject({ method: 'GET', url: link!.replace(/&amp;/g, '&') });
    expect(follow.statusCode).toBe(302);
    const target = new URL(String(follow.headers.location), 'http://localhost:3000');
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'a brand new password', token } });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.signIn(maker.email, maker.password)).statusCode).toBe(401);
    expect((await ctx.signIn(maker.email, 'a brand new password')).statusCode).toBe(200);
    expect((await ctx.inject(maker, { method: 'GET', url: '/api/account/me' })).json()).toEqual({ user: null });

    const reuse = await ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'yet another password', token } });
    expect(reuse.statusCode).toBe(400);
  });

  it('answers the same for an unknown email, and sends nothing', async () => {
    const before = await ctx.app.outbox.pendingCount();
    const response = await ctx.inject(null, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody-here@example.com', redirectTo: '/reset-password' },
    });
    expect(response.statusCode).toBe(200);
    expect(await ctx.app.outbox.pendingCount()).toBe(before);
  });

  it('does not expose better-auth routes outside the allow-list', async () => {
    for (const url of ['/api/auth/sign-up/email', '/api/auth/sign-in/email', '/api/auth/update-user', '/api/auth/delete-user']) {
      const response = await ctx.inject(null, { method: 'POST', url, payload: {} });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
