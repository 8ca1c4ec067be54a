import { eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, session, verification } from '../../src/server/db/schema';
import { type TestContext, type TestUser, withTestContext } from '../support/harness';

/** Sessions end on the server the moment their user is gone or signs out; passwords have 8 to 128 characters. */
let ctx: TestContext;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
});

/** Two live sessions of one user: the sign-up's and a second sign-in's (another browser). */
const twoSessions = async (role: 'maker' | 'client') => {
  const user = await ctx.signUp(role);
  const second = await ctx.signIn(user.email, user.password);
  expect(second.statusCode).toBe(200);
  return [user, { ...user, cookie: ctx.cookieFrom(second) }] as const;
};

const expectSignedOut = async (user: TestUser) => {
  expect((await ctx.inject(user, { method: 'GET', url: '/api/account/me' })).json()).toEqual({ user: null });
  expect((await ctx.inject(user, { method: 'GET', url: '/api/projects' })).statusCode).toBe(401);
};

describe('sessions', () => {
  it("kills every session of a user an admin deletes, on their very next request", async () => {
    const [first, second] = await twoSessions('maker');
    expect((await ctx.inject(first, { method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
    const deleted = await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${first.id}` });
    expect(deleted.statusCode).toBe(204);
    await expectSignedOut(first);
    await expectSignedOut(second);
    expect(await ctx.db.select().from(session).where(eq(session.userId, first.id))).toEqual([]);
  });

  it('kills the other sessions too when a user deletes their own account', async () => {
    const [first, second] = await twoSessions('client');
    const deleted = await ctx.inject(first, { method: 'DELETE', url: '/api/account' });
    expect(deleted.statusCode).toBe(204);
    await expectSignedOut(first);
    await expectSignedOut(second);
    expect((await ctx.signIn(first.email, first.password)).statusCode).toBe(401);
  });

  it('invalidates a signed-out session on the server, not only in the browser', async () => {
    const [first, second] = await twoSessions('maker');
    expect((await ctx.inject(first, { method: 'POST', url: '/api/account/sign-out' })).statusCode).toBe(204);
    // The cookie as it was before sign-out (a copy an attacker kept) no longer works…
    await expectSignedOut(first);
    // …and signing out in one browser leaves the other signed in.
    expect((await ctx.inject(second, { method: 'GET', url: '/api/account/me' })).json().user.id).toBe(second.id);
  });

  it('refuses a forged or tampered session cookie', async () => {
    const [user] = await twoSessions('client');
    const tampered = { ...user, cookie: user.cookie.replace(/session_token=([^;.]+)/, (_match, token: string) => `session_token=${token.slice(0, -2)}xx`) };
    expect(tampered.cookie).not.toBe(user.cookie);
    await expectSignedOut(tampered);
  });
});

describe('password rules (at least 8 characters)', () => {
  const signUp = (password: string) =>
    ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Pat', email: `pat-${password.length}-${Date.now()}@example.com`, password, role: 'client' } });

  it('refuses 7 characters with the decided message and accepts 8', async () => {
    const short = await signUp('1234567');
    expect(short.statusCode).toBe(400);
    expect(short.json().fields.password).toBe('Password must be at least 8 characters');
    expect((await signUp('12345678')).statusCode).toBe(201);
  });

  it('refuses over-long passwords (more than 128 characters) before hashing them', async () => {
    const long = await signUp('x'.repeat(129));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.password).toBeDefined();
  });

  it('holds the same minimum when a password is changed, and keeps the old one on refusal', async () => {
    const user = await ctx.signUp('maker');
    const [before] = await ctx.db.select({ password: account.password }).from(account).where(eq(account.userId, user.id));
    const change = await ctx.inject(user, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: user.password, newPassword: 'short', revokeOtherSessions: false },
    });
    expect(change.statusCode).toBe(400);
    const [after] = await ctx.db.select({ password: account.password }).from(account).where(eq(account.userId, user.id));
    expect(after.password).toBe(before.password);
    expect((await ctx.signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('refuses a short password on the reset endpoint too, with a token that is otherwise good', async () => {
    const user = await ctx.signUp('client');
    const requested = await ctx.inject(null, { method: 'POST', url: '/api/auth/request-password-reset', payload: { email: user.email, redirectTo: '/reset-password' } });
    expect(requested.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));
    const token = row.identifier.slice('reset-password:'.length);
    const short = await ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: '1234567', token } });
    expect(short.statusCode).toBe(400);
    expect((await ctx.signIn(user.email, user.password)).statusCode).toBe(200);
    const good = await ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: '12345678', token } });
    expect(good.statusCode).toBe(200);
    expect((await ctx.signIn(user.email, '12345678')).statusCode).toBe(200);
  });
});
