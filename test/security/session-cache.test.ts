import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { session, user, userRoles } from '../../src/server/db/schema';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';

/**
 * Signed-in requests read their session from memory (decision 121), and still: a signed-out, deleted or demoted user
 * is refused on the very next request, on this instance and on a second one sharing the database. Runs on PGlite,
 * and on PostgreSQL (with a real second pool and listening connection) when TEST_DATABASE_URL is set.
 */
let ctx: TestContext;
let other: Awaited<ReturnType<TestContext['secondInstance']>>;

beforeAll(async () => {
  ctx = await createTestContext();
  other = await ctx.secondInstance();
}, 60_000);
afterAll(async () => {
  await other?.close();
  await ctx?.close();
});

const me = (caller: TestUser, app: 'first' | 'second' = 'first') =>
  (app === 'first' ? ctx.inject : other.inject)(caller, { method: 'GET', url: '/api/account/me' });
const makerProfile = (caller: TestUser, app: 'first' | 'second' = 'first') =>
  (app === 'first' ? ctx.inject : other.inject)(caller, { method: 'GET', url: '/api/profiles/maker' });

/** Signs up and reads once on both instances, so both hold the session in memory. */
const cachedOnBoth = async (role: 'maker' | 'client') => {
  const caller = await ctx.signUp(role);
  expect((await me(caller, 'first')).json().user.id).toBe(caller.id);
  expect((await me(caller, 'second')).json().user.id).toBe(caller.id);
  return caller;
};

describe('the session cache', () => {
  it('serves a repeated signed-in read from memory', async () => {
    const caller = await cachedOnBoth('maker');
    const before = ctx.app.sessionCache.hits;
    expect((await makerProfile(caller)).statusCode).toBe(200);
    expect((await me(caller)).json().user.role).toBe('maker');
    expect(ctx.app.sessionCache.enabled).toBe(true);
    expect(ctx.app.sessionCache.hits).toBe(before + 2);
  });

  it('refuses a signed-out session on the next request, on both instances', async () => {
    const caller = await cachedOnBoth('client');
    expect((await ctx.inject(caller, { method: 'POST', url: '/api/account/sign-out' })).statusCode).toBe(204);
    expect((await me(caller, 'second')).json()).toEqual({ user: null });
    expect((await me(caller, 'first')).json()).toEqual({ user: null });
  });

  it('refuses a session signed out on the other instance', async () => {
    const caller = await cachedOnBoth('maker');
    expect((await other.inject(caller, { method: 'POST', url: '/api/account/sign-out' })).statusCode).toBe(204);
    expect((await makerProfile(caller, 'first')).statusCode).toBe(401);
  });

  it('refuses the sessions of a user deleted straight in the database', async () => {
    const caller = await cachedOnBoth('maker');
    await ctx.db.delete(user).where(eq(user.id, caller.id));
    expect((await me(caller, 'first')).json()).toEqual({ user: null });
    expect((await makerProfile(caller, 'second')).statusCode).toBe(401);
  });

  it('refuses a session deleted straight in the database', async () => {
    const caller = await cachedOnBoth('client');
    await ctx.db.delete(session).where(eq(session.userId, caller.id));
    expect((await me(caller, 'second')).json()).toEqual({ user: null });
    expect((await me(caller, 'first')).json()).toEqual({ user: null });
  });

  it('applies a role change on the next request, on both instances', async () => {
    const caller = await cachedOnBoth('maker');
    expect((await makerProfile(caller, 'first')).statusCode).toBe(200);
    expect((await makerProfile(caller, 'second')).statusCode).toBe(200);
    await ctx.db.update(userRoles).set({ role: 'client' }).where(eq(userRoles.userId, caller.id));
    expect((await makerProfile(caller, 'first')).statusCode).toBe(403);
    expect((await makerProfile(caller, 'second')).statusCode).toBe(403);
    expect((await me(caller, 'second')).json().user.role).toBe('client');
    await ctx.db.delete(userRoles).where(eq(userRoles.userId, caller.id));
    expect((await me(caller, 'first')).statusCode).toBe(403);
    expect((await me(caller, 'second')).statusCode).toBe(403);
  });

  it('applies a changed name or verified email on the next request', async () => {
    const caller = await cachedOnBoth('client');
    await ctx.db.update(user).set({ name: 'Renamed Directly', emailVerified: true }).where(eq(user.id, caller.id));
    expect((await me(caller, 'second')).json().user).toMatchObject({ name: 'Renamed Directly', emailVerified: true });
    expect((await me(caller, 'first')).json().user).toMatchObject({ name: 'Renamed Directly', emailVerified: true });
  });

  it('keeps nothing in memory while its listening connection is down, and resumes when it is back', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) return; // PGlite listens in process: there is no connection to lose.
    const caller = await cachedOnBoth('maker');
    const admin = new pg.Client({ connectionString: url });
    admin.on('error', () => undefined);
    await admin.connect();
    try {
      const database = (await ctx.db.execute<{ name: string }>('select current_database() as name')).rows[0].name;
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'humanmade-listen'`, [database]);
      for (let waited = 0; ctx.app.sessionCache.enabled && waited < 5000; waited += 20) await new Promise((done) => setTimeout(done, 20));
      expect(ctx.app.sessionCache.enabled).toBe(false);
      const hits = ctx.app.sessionCache.hits;
      // Reads still work (from the database), and a change made meanwhile is seen.
      await ctx.db.update(userRoles).set({ role: 'client' }).where(eq(userRoles.userId, caller.id));
      expect((await makerProfile(caller, 'first')).statusCode).toBe(403);
      expect(ctx.app.sessionCache.hits).toBe(hits);
      for (let waited = 0; !ctx.app.sessionCache.enabled && waited < 20_000; waited += 50) await new Promise((done) => setTimeout(done, 50));
      expect(ctx.app.sessionCache.enabled).toBe(true);
      expect((await me(caller, 'first')).json().user.role).toBe('client');
      expect((await me(caller, 'first')).json().user.role).toBe('client');
      expect(ctx.app.sessionCache.hits).toBe(hits + 1);
    } finally {
      await admin.end();
    }
  }, 30_000);
});
