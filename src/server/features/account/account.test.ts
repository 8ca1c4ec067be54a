import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { clientProfiles, emailOutbox, makerProfiles, mindProfiles, profiles, user, userRoles } from '../../db/schema';
import { expectAccess, TEST_ORIGIN, type TestContext, withTestContext } from '../../../../test/support/harness';
import { createOrPromoteAdmin } from './create-admin';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

describe('sign-up', () => {
  it.each(['maker', 'mind', 'client'] as const)('creates a %s with role, profile, draft status and a welcome email', async (role) => {
    const created = await ctx.signUp(role);
    const me = await ctx.inject(created, { method: 'GET', url: '/api/account/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: created.id, role, email: created.email, emailVerified: false });

    const [roleRow] = await ctx.db.select().from(userRoles).where(eq(userRoles.userId, created.id));
    expect(roleRow.role).toBe(role);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, created.id));
    expect(profile.name).toBe(created.name);
    const table = { maker: makerProfiles, mind: mindProfiles, client: clientProfiles }[role];
    const [roleProfile] = await ctx.db.select().from(table).where(eq(table.userId, created.id));
    expect(roleProfile.applicationStatus).toBe('draft');

    const emails = await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, created.email));
    expect(emails).toHaveLength(1);
    expect(emails[0].type).toBe('signup');
    expect(emails[0].textBody).toContain('/api/auth/verify-email?token=');
  });

  it('answers success once the account is committed, and asks to log in when only its session could not be stored', async () => {
    // The session insert, which runs after the account's transaction has committed, fails in the database itself.
    await ctx.db.execute(sql`create function refuse_sessions() returns trigger language plpgsql as $$ begin raise exception 'session store unavailable'; end $$`);
    await ctx.db.execute(sql`create trigger refuse_sessions before insert on session for each row execute function refuse_sessions()`);
    const email = `half-${Date.now()}@example.com`;
    let response;
    try {
      response = await ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Halfway Hana', email, password: 'a good long password', role: 'maker' } });
    } finally {
      await ctx.db.execute(sql`drop trigger refuse_sessions on session`);
      await ctx.db.execute(sql`drop function refuse_sessions()`);
    }
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ user: null, notice: AUTH_MESSAGES.signedUpNotSignedIn });
    expect(response.headers['set-cookie']).toBeUndefined();
    // The account is whole, its welcome email is queued, and logging in works.
    const [created] = await ctx.db.select().from(user).where(eq(user.email, email));
    expect((await ctx.db.select().from(userRoles).where(eq(userRoles.userId, created.id)))[0].role).toBe('maker');
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(1);
    expect((await ctx.signIn(email, 'a good long password')).statusCode).toBe(200);
    // A second sign-up with the same email is told it is taken, as it should be: the first one succeeded.
    const again = await ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Halfway Hana', email, password: 'a good long password', role: 'maker' } });
    expect(again.statusCode).toBe(409);
  });

  it("answers 'Failed to create user account' when the account write returns no user, and keeps nothing", async () => {
    // A trigger that returns null makes PostgreSQL skip the row without an error: the insert returns no user.
    await ctx.db.execute(sql`create function skip_users() returns trigger language plpgsql as $$ begin return null; end $$`);
    await ctx.db.execute(sql`create trigger skip_users before insert on "user" for each row execute function skip_users()`);
    const email = `nobody-${Date.now()}@example.com`;
    let response;
    try {
      response = await ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Nobody Returned', email, password: 'a good long password', role: 'client' } });
    } finally {
      await ctx.db.execute(sql`drop trigger skip_users on "user"`);
      await ctx.db.execute(sql`drop function skip_users()`);
    }
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'create_user_failed', message: AUTH_MESSAGES.createUserFailed });
    expect(await ctx.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email))).toHaveLength(0);
    const again = await ctx.inject(null, { method: 'POST', url: '/api/account/sign-up', payload: { name: 'Nobody Returned', email, password: 'a good long password', role: 'client' } });
    expect(again.statusCode).toBe(201);
  });

  it('refuses a body that asks for the admin role, and creates nothing', async () => {
    const email = 'would-be-admin@example.com';
    const response = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'Mallory', email, password: 'long enough password', role: 'admin' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.role).toBeDefined();
    expect(await ctx.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
  });

  it('keeps no direction override in a name, and refuses a name made only of them (decision 210)', async () => {
    const email = `bidi-${Date.now()}@example.com`;
    const response = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'Ana \u202Eyap ot deen\u202C Ruiz', email, password: 'a good long password', role: 'client' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [stored] = await ctx.db.select({ name: profiles.name }).from(profiles).innerJoin(user, eq(user.id, profiles.id)).where(eq(user.email, email));
    expect(stored.name).toBe('Ana yap ot deen Ruiz');

    const onlyControls = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: ' \u202E\u2066 ', email: `bidi-only-${Date.now()}@example.com`, password: 'a good long password', role: 'client' },
    });
    expect(onlyControls.statusCode).toBe(400);
    expect(onlyControls.json().fields).toMatchObject({ name: 'Name is required' });
  });

  it('answers per-field messages from the shared schema', async () => {
    const response = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: '', email: 'not-an-email', password: 'short', role: 'maker' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'validation_error',
      fields: { name: 'Name is required', email: 'Invalid email address', password: 'Password must be at least 8 characters' },
    });
  });

  it('refuses an email that is already registered, whatever its case', async () => {
    const first = await ctx.signUp('client');
    const response = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'Copy', email: first.email.toUpperCase(), password: 'another password', role: 'maker' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().fields.email).toBe(AUTH_MESSAGES.emailTaken);
  });
});

describe('sign-in, session and sign-out', () => {
  it('logs in with the right password and reports the role', async () => {
    const maker = await ctx.signUp('maker');
    const response = await ctx.signIn(maker.email, maker.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe('maker');
    const cookie = response.cookies.find((c) => c.name.endsWith('session_token'));
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('refuses a wrong password with one message that does not reveal whether the email exists', async () => {
    const maker = await ctx.signUp('maker');
    const wrong = await ctx.signIn(maker.email, 'not the password');
    const unknown = await ctx.signIn('nobody@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json().message).toBe(unknown.json().message);
  });

  it('does not let an account without a role finish login', async () => {
    const mind = await ctx.signUp('mind');
    await ctx.db.delete(userRoles).where(eq(userRoles.userId, mind.id));
    const response = await ctx.signIn(mind.email, mind.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Account setup incomplete. Please contact support with your email address.');
    expect(response.cookies.filter((c) => c.value !== '')).toHaveLength(0);
    const me = await ctx.inject(mind, { method: 'GET', url: '/api/account/me' });
    expect(me.statusCode).toBe(403);
  });

  it('invalidates the session on the server at sign-out', async () => {
    const client = await ctx.signUp('client');
    const out = await ctx.inject(client, { method: 'POST', url: '/api/account/sign-out' });
    expect(out.statusCode).toBe(204);
    const me = await ctx.inject(client, { method: 'GET', url: '/api/account/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
    const resend = await ctx.inject(client, { method: 'POST', url: '/api/account/resend-verification' });
    expect(resend.statusCode).toBe(401);
  });

  it('answers /me with null when signed out, and the user for every role', async () => {
    const [maker, mind, client, admin] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client'), await ctx.createAdmin()];
    expect((await ctx.inject(null, { method: 'GET', url: '/api/account/me' })).json()).toEqual({ user: null });
    expect((await ctx.inject(admin, { method: 'GET', url: '/api/account/me' })).json().user.role).toBe('admin');
    await expectAccess(ctx, { method: 'GET', url: '/api/account/me' }, [
      ['anonymous', null, 200],
      ['maker', maker, 200],
      ['mind', mind, 200],
      ['client', client, 200],
      ['admin', admin, 200],
    ]);
  });
});

describe('admins', () => {
  it('are made only by create-admin, which is idempotent and can promote a user', async () => {
    const first = await createOrPromoteAdmin(ctx.db, ctx.app.auth, { email: 'root@example.com', password: 'admin password 1' });
    const again = await createOrPromoteAdmin(ctx.db, ctx.app.auth, { email: 'root@example.com', password: 'admin password 1' });
    expect(first.outcome).toBe('created');
    expect(again).toEqual({ userId: first.userId, outcome: 'unchanged' });
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, first.userId))).toHaveLength(1);

    const login = await ctx.signIn('root@example.com', 'admin password 1');
    expect(login.json().user.role).toBe('admin');

    const maker = await ctx.signUp('maker');
    const promoted = await createOrPromoteAdmin(ctx.db, ctx.app.auth, { email: maker.email, password: 'new admin password' });
    expect(promoted).toEqual({ userId: maker.id, outcome: 'promoted' });
    expect((await ctx.signIn(maker.email, 'new admin password')).json().user.role).toBe('admin');
  });
});

describe('request safety', () => {
  it('refuses a state-changing request from a foreign Origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin: 'https://evil.example' },
      payload: { name: 'Eve', email: 'eve@example.com', password: 'long enough password', role: 'maker' },
    });
    expect(response.statusCode).toBe(403);
    expect(await ctx.db.select().from(user).where(eq(user.email, 'eve@example.com'))).toHaveLength(0);
  });

  it('accepts the configured origin', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/account/sign-in',
      headers: { origin: TEST_ORIGIN },
      payload: { email: 'x@example.com', password: 'whatever123' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('answers unknown API paths with the JSON error format', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found', message: 'Not found' });
  });

  it('publishes an OpenAPI document at /api/docs', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json().paths)).toContain('/api/account/sign-up');
  });

  it('sends a strict Content-Security-Policy without inline script', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
