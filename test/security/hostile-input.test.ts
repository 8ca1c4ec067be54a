import { readdirSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { getTableName, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { UserRole } from '../../src/domain/constants';
import { EXPOSED_AUTH_PATHS } from '../../src/server/auth/auth';
import * as schema from '../../src/server/db/schema';
import { multipart, pngBuffer } from '../support/project-fixtures';
import { registerErrorHandler } from '../../src/server/plugins/error-handler';
import { NUL_CHARACTER_MESSAGE } from '../../src/server/plugins/security';
import { type TestContext, type TestUser, withTestContext } from '../support/harness';

/**
 * Generated bodies, queries and headers go to every route, as a caller the route admits. Nothing may
 * answer 5xx, and a refused request (4xx) must leave every table exactly as it was.
 */
let ctx: TestContext;
const users = new Map<UserRole, TestUser>();
/** Signed in for the better-auth endpoints (change-password, get-session), which also get anonymous calls. */
let authUser: TestUser;
/**
 * Every table, sessions, verification tokens and the listing version included: since migration 0004 the version
 * moves only when a statement changed rows, so a refusal must leave it where it was too.
 */
const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable => value instanceof PgTable);

/** One digest per table of all its rows, in one round trip: a refusal that changed any value shows, not only a count. */
const fingerprintQuery = sql.join(
  tables.map((table) => sql`select ${getTableName(table)} as name, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${table} t`),
  sql` union all `,
);
const fingerprint = async (): Promise<Record<string, string>> => {
  const result = await ctx.db.execute<{ name: string; digest: string }>(fingerprintQuery);
  return Object.fromEntries(result.rows.map((row) => [row.name, row.digest]));
};

const storedFileCount = (): number => {
  const root = path.join(ctx.config.DATA_DIR, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
  } catch {
    return 0;
  }
};

withTestContext(async (created) => {
  ctx = created;
  users.set('maker', await ctx.signUp('maker'));
  users.set('mind', await ctx.signUp('mind'));
  users.set('client', await ctx.signUp('client'));
  users.set('admin', await ctx.createAdmin());
  authUser = await ctx.signUp('client');
}, {}, 60_000);

const jsonValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.constantFrom("'; drop table \"user\"; --", '<script>alert(1)</script>', '\u0000', 'a\u0000b', '\uD800', '🧑‍🎨'.repeat(50), 'a'.repeat(5000)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 20 }), { maxLength: 5 }),
);
const body = fc.oneof(fc.dictionary(fc.string({ maxLength: 20 }), jsonValue, { maxKeys: 8 }), fc.array(jsonValue, { maxLength: 3 }), jsonValue);
const queryValue = fc.oneof(fc.string({ maxLength: 40 }), fc.constantFrom('\u0000', 'x\u0000', "' or 1=1 --"));
const query = fc.dictionary(
  fc.constantFrom('q', 'cursor', 'limit', 'role', 'category', 'seal', 'status', 'page', 'token', 'callbackURL', fc.sample(fc.string({ minLength: 1, maxLength: 8 }), 1)[0]),
  queryValue,
  { maxKeys: 4 },
);
const headers = fc.record({ 'x-request-id': fc.string({ maxLength: 80 }), 'accept-language': fc.string({ maxLength: 40 }) }, { requiredKeys: [] });

/** The better-auth endpoints behind the `/api/auth/*` route (the two mailers are routes of their own). */
const AUTH_WILDCARD = '/api/auth/*';
const RUNS_PER_ROUTE = 12;

describe('hostile input on every route', () => {
  it('never answers 5xx and never changes data when it refuses', async () => {
    const catalog = ctx.app.routeCatalog.filter((route) => !(route.url === '/api/account' && route.method === 'DELETE'));
    const wildcardPaths = EXPOSED_AUTH_PATHS.filter((exposed) => !catalog.some((route) => route.url === exposed));
    expect(wildcardPaths).toEqual(expect.arrayContaining(['/api/auth/reset-password', '/api/auth/change-password', '/api/auth/verify-email', '/api/auth/get-session']));
    const statuses = new Map<number, number>();
    /** Endpoints that answered other than 404 (never reached) or our own NUL refusal. */
    const reachedAuthPaths = new Set<string>();
    let requests = 0;
    let current = await fingerprint();
    for (const route of catalog) {
      const isAuthWildcard = route.url === AUTH_WILDCARD;
      const role: UserRole | null = route.access === 'public' ? null : route.access === 'authenticated' ? 'maker' : route.access[0];
      const target = isAuthWildcard ? fc.constantFrom(...wildcardPaths) : fc.constant(route.url);
      // better-auth's endpoints answer anonymous and signed-in callers differently (change-password, get-session).
      const caller = isAuthWildcard ? fc.constantFrom<TestUser | null>(null, authUser) : fc.constant(role ? users.get(role)! : null);
      await fc.assert(
        fc.asyncProperty(target, caller, body, query, headers, fc.uuid(), fc.ipV4(), async (routeUrl, user, payload, search, extraHeaders, id, address) => {
          const pathname = routeUrl.replace(/:[A-Za-z]+/g, id);
          const url = `${pathname}?${new URLSearchParams(search).toString()}`;
          const response = await ctx.inject(user, {
            method: route.method as 'POST',
            url,
            // Each request from its own address, so that per-address rate limits let it through to validation.
            remoteAddress: address,
            headers: extraHeaders,
            ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload), headers: { ...extraHeaders, 'content-type': 'application/json' } }),
          });
          requests += 1;
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          if (isAuthWildcard && response.statusCode !== 404 && !response.body.includes(NUL_CHARACTER_MESSAGE)) reachedAuthPaths.add(pathname);
          expect(response.statusCode, `${route.method} ${url} → ${response.body.slice(0, 200)}`).toBeLessThan(500);
          const after = await fingerprint();
          if (response.statusCode >= 400) expect(after, `${route.method} ${url} → ${response.statusCode}, yet data changed`).toEqual(current);
          current = after;
        }),
        { numRuns: isAuthWildcard ? RUNS_PER_ROUTE * wildcardPaths.length : RUNS_PER_ROUTE },
      );
    }
    const answers = [...statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(', ');
    console.log(`hostile input: ${requests} generated requests over ${catalog.length} routes (${wildcardPaths.length} better-auth endpoints behind ${AUTH_WILDCARD}), no 5xx; answers ${answers}`);
    expect(statuses.get(429) ?? 0, 'rate limits answered before validation').toBe(0);
    expect([...reachedAuthPaths].sort()).toEqual([...wildcardPaths].sort());
  }, 600_000);

  it('stores SQL-looking and script-looking names as plain text', async () => {
    const name = `Robert'); DROP TABLE "user";-- <script>alert(1)</script>`;
    const created = await ctx.signUp('client', { name });
    const me = await ctx.inject(created, { method: 'GET', url: '/api/account/me' });
    expect(me.json().user.name).toBe(name);
    expect(me.headers['content-type']).toContain('application/json');
  });

  it('refuses over-long fields', async () => {
    const tooLong = await ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: 'x'.repeat(101), email: 'long@example.com', password: 'long enough password', role: 'maker' },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().fields.name).toBe('Name must be less than 100 characters');
  });

  it.each([
    ['accents and CJK', 'Zoë Ångström-李 🧑‍🎨', 'Zoë Ångström-李 🧑‍🎨'],
    ['combining marks', 'Zoe\u0308 A\u030Angstro\u0308m', 'Zoe\u0308 A\u030Angstro\u0308m'],
    // Direction controls are dropped from names (decision 210): the override cannot disguise 'Anngnp.exe' as 'Annexe.png'.
    ['a right-to-left override', 'Ann\u202Egnp.exe', 'Anngnp.exe'],
    ['4-byte emoji', '😀 𝒜𝓃𝓃 🦄', '😀 𝒜𝓃𝓃 🦄'],
    ['zero-width joiners', 'Ann 👩\u200D💻 Lee\u200D', 'Ann 👩\u200D💻 Lee\u200D'],
    // UTF-8 cannot encode half a surrogate pair: the database driver stores U+FFFD in its place.
    ['a lone surrogate', 'Ann \uD800 Lee', 'Ann \uFFFD Lee'],
  ])('stores and reads back a name with %s', async (_label, name, stored) => {
    const created = await ctx.signUp('maker', { name });
    const me = await ctx.inject(created, { method: 'GET', url: '/api/account/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.name).toBe(stored);
  });
});

describe('NUL characters', () => {
  const expectRefusedField = async (send: () => Promise<{ statusCode: number; json: () => unknown }>, field: string) => {
    const [before, filesBefore] = [await fingerprint(), storedFileCount()];
    const response = await send();
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation_error', message: NUL_CHARACTER_MESSAGE, fields: { [field]: NUL_CHARACTER_MESSAGE } });
    expect(await fingerprint()).toEqual(before);
    expect(storedFileCount()).toBe(filesBefore);
  };

  it('refuses one in a sign-up name with 400 and writes nothing', async () => {
    await expectRefusedField(
      () =>
        ctx.inject(null, {
          method: 'POST',
          url: '/api/account/sign-up',
          payload: { name: 'Ann\u0000Lee', email: `nul-${Date.now()}@example.com`, password: 'long enough password', role: 'maker' },
        }),
      'name',
    );
  });

  it('refuses one in a contact message with 400 and writes nothing', async () => {
    await expectRefusedField(
      () => ctx.inject(null, { method: 'POST', url: '/api/contact', payload: { name: 'Ann', email: 'ann@example.com', message: 'Hello\u0000there' } }),
      'message',
    );
  });

  it('refuses one in a query, a nested field or a key, naming the field', async () => {
    await expectRefusedField(() => ctx.inject(null, { method: 'GET', url: '/api/marketplace/creators?q=a%00b' }), 'q');
    const maker = users.get('maker')!;
    const profile = { name: 'Ann', bio: 'Bio', experienceYears: 3, avatarUrl: null, websiteLink: '', introVideoUrl: '', deliverableCategories: ['logo_design\u0000'] };
    await expectRefusedField(() => ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: profile }), 'deliverableCategories.0');
    await expectRefusedField(() => ctx.inject(maker, { method: 'PUT', url: '/api/profiles/maker', payload: { ...profile, deliverableCategories: ['logo_design'], 'x\u0000': 1 } }), 'x\u0000');
  });

  it('refuses one in a better-auth body', async () => {
    await expectRefusedField(
      () => ctx.inject(authUser, { method: 'POST', url: '/api/auth/change-password', payload: { currentPassword: 'x\u0000', newPassword: 'long enough password' } }),
      'currentPassword',
    );
  });

  it('refuses one in a multipart field before storing the file', async () => {
    const upload = multipart({ data: await pngBuffer(), filename: 'work.png', contentType: 'image/png' }, { title: 'My\u0000work', category: 'logo_design' });
    await expectRefusedField(() => ctx.inject(users.get('maker')!, { method: 'POST', url: '/api/portfolio', payload: upload.payload, headers: upload.headers }), 'title');
  });

  it('still answers 401 before it looks at the input of a route the caller may not use', async () => {
    const response = await ctx.inject(null, { method: 'PUT', url: '/api/profiles/client', payload: { name: 'x\u0000' } });
    expect(response.statusCode).toBe(401);
  });

  it('answers 400, not 500, when the database itself refuses unstorable text', async () => {
    // A route without the NUL check, so that the query reaches the database: the error handler is the backstop.
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/text', async () => ctx.db.execute(sql`select ${'a\u0000b'}::text`));
    app.get('/json', async () => ctx.db.execute(sql`select ${'{"a":"\\u0000"}'}::jsonb`));
    try {
      for (const url of ['/text', '/json']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(400);
        expect(response.json()).toEqual({ error: 'bad_request', message: 'The request contains characters that cannot be stored.' });
      }
    } finally {
      await app.close();
    }
  });
});
