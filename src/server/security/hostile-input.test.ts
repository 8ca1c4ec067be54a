import fc from 'fast-check';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRole } from '../../domain/constants';
import * as schema from '../db/schema';
import { createTestContext, type TestContext, type TestUser } from '../test/harness';

/**
 * Generated bodies, queries and headers go to every route, as a caller the route admits. Nothing may
 * answer 5xx, and a refused request (4xx) must leave every table exactly as it was.
 */
let ctx: TestContext;
const users = new Map<UserRole, TestUser>();
const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

const rowCounts = async () => {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(table);
    counts[getTableName(table)] = row.count;
  }
  // Sessions and verification tokens come and go with sign-in; email rows with any accepted request.
  delete counts.session;
  delete counts.verification;
  return counts;
};

beforeAll(async () => {
  ctx = await createTestContext();
  users.set('maker', await ctx.signUp('maker'));
  users.set('mind', await ctx.signUp('mind'));
  users.set('client', await ctx.signUp('client'));
  users.set('admin', await ctx.createAdmin());
});
afterAll(async () => {
  await ctx?.close();
});

const jsonValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom("'; drop table \"user\"; --", '<script>alert(1)</script>', '\u0000', '\uD800', '🧑‍🎨'.repeat(50), 'a'.repeat(5000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
);
const body = fc.oneof(fc.dictionary(fc.string({ maxLength: 20 }), jsonValue, { maxKeys: 8 }), fc.array(jsonValue, { maxLength: 3 }), jsonValue);
const query = fc.dictionary(fc.constantFrom('q', 'cursor', 'limit', 'role', 'category', 'seal', 'status', 'page', fc.sample(fc.string({ minLength: 1, maxLength: 8 }), 1)[0]), fc.string({ maxLength: 40 }), { maxKeys: 4 });
const headers = fc.record({ 'x-request-id': fc.string({ maxLength: 80 }), 'accept-language': fc.string({ maxLength: 40 }) }, { requiredKeys: [] });

describe('hostile input on every route', () => {
  it('never answers 5xx and never changes data when it refuses', async () => {
    const catalog = ctx.app.routeCatalog.filter((route) => !(route.url === '/api/account' && route.method === 'DELETE'));
    let requests = 0;
    for (const route of catalog) {
      const role: UserRole | null = route.access === 'public' ? null : route.access === 'authenticated' ? 'maker' : route.access[0];
      await fc.assert(
        fc.asyncProperty(body, query, headers, fc.uuid(), async (payload, search, extraHeaders, id) => {
          const url = `${route.url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'profile-images/x/y.png')}?${new URLSearchParams(search).toString()}`;
          const before = await rowCounts();
          const response = await ctx.inject(role ? users.get(role)! : null, {
            method: route.method as 'POST',
            url,
            headers: extraHeaders,
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload), headers: { ...extraHeaders, 'content-type': 'application/json' } }),
          });
          requests += 1;
          expect(response.statusCode, `${route.method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(await rowCounts()).toEqual(before);
        }),
        { numRuns: 12 },
      );
    }
    console.log(`hostile input: ${requests} generated requests over ${catalog.length} routes, no 5xx`);
  }, 600_000);

  it('stores SQL-looking and script-looking names as plain text', async () => {
    const name = `Robert'); DROP TABLE "user";-- <script>alert(1)</script>`;
    const created = await ctx.signUp('client', { name });
    const me = await ctx.inject(created, { method: 'GET', url: '/api/account/me' });
    expect(me.json().user.name).toBe(name);
    expect(me.headers['content-type']).toContain('application/json');
  });

  it('refuses over-long fields and accepts unicode edge cases', async () => {
    const tooLong = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'x'.repeat(101), email: 'long@example.com', password: 'long enough password', role: 'maker' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.name).toBe('Name must be less than 100 characters');
    const unicode = await ctx.signUp('maker', { name: 'Zoë Ångström-李 🧑‍🎨' });
    const me = await ctx.inject(unicode, { method: 'GET', url: '/api/account/me' });
    expect(me.json().user.name).toBe('Zoë Ångström-李 🧑‍🎨');
  });
});
