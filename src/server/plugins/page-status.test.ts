import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_PAINT_DATA_ID } from '../../domain/first-paint';
import { verification } from '../db/schema';
import { insertCreator } from '../../../test/support/creators';
import { createTestContext, type TestContext, type TestUser } from '../../../test/support/harness';

// The status of a page comes from its real server render (src/web/entry-server.tsx, decision 115): a built app in
// miniature whose server entry is the web app's own, so what is asserted here is what the page says it is.
const base = mkdtempSync(path.join(tmpdir(), 'hm-page-status-'));
const webRoot = path.join(base, 'web');
const realEntry = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/entry-server.tsx');
const TEMPLATE = `<!doctype html><html><head><title>x</title><meta name="description" content="x">
<script src="/boot.js" defer data-entry="/assets/index.js" data-preload=""></script></head>
<body><div id="root"></div></body></html>`;

let ctx: TestContext;
let approved: string;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  mkdirSync(webRoot, { recursive: true });
  mkdirSync(path.join(base, 'ssr'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  writeFileSync(path.join(base, 'ssr', 'entry-server.js'), `export { renderPage } from ${JSON.stringify(realEntry)};\n`);
  ctx = await createTestContext({ webRoot });
  approved = await insertCreator(ctx.db, { role: 'maker', name: 'Wren Approved', portfolio: 1 });
  owner = await ctx.signUp('maker', { name: 'Olive Draft' });
  admin = await ctx.createAdmin();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (url: string, user: TestUser | null = null) => ctx.inject(user, { method: 'GET', url });
const heading = (html: string) => /<h1[^>]*>(.*?)<\/h1>/.exec(html)?.[1];

describe('pages for missing or hidden things answer 404 with the friendly page', () => {
  it('a public studio answers 200 with the creator', async () => {
    const response = await get(`/studio/${approved}`);
    expect(response.statusCode).toBe(200);
    expect(heading(response.body)).toBe('Wren Approved');
  });

  it('a studio that is not public answers 404 with Creator Not Found: unknown, draft, pending, rejected, a client, an admin', async () => {
    const pending = await insertCreator(ctx.db, { role: 'mind', name: 'Pia Pending', status: 'pending' });
    const rejected = await insertCreator(ctx.db, { role: 'maker', name: 'Rex Rejected', status: 'rejected' });
    const client = await insertCreator(ctx.db, { role: 'client', name: 'Cleo Client' });
    const cases = { unknown: 'no-such-creator', draft: owner.id, pending, rejected, client, admin: admin.id };
    const outcomes = Object.fromEntries(
      await Promise.all(
        Object.entries(cases).map(async ([label, id]) => {
          const response = await get(`/studio/${id}`);
          return [label, `${response.statusCode} ${heading(response.body)}`] as const;
        }),
      ),
    );
    expect(outcomes).toEqual(Object.fromEntries(Object.keys(cases).map((label) => [label, '404 Creator Not Found'])));
    const hidden = await get(`/studio/${pending}`);
    expect(hidden.body).not.toContain('Pia Pending');
    expect(hidden.body).toContain('<title>Creator Not Found · Humanmade</title>');
    expect(hidden.body).toContain('<meta name="robots" content="noindex">');
    expect(hidden.body).toContain('Back to the Marketplace');
    // The browser starts from the same answer, so it shows the same page without asking again.
    expect(hidden.body).toContain(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">[{"key":["studio","${pending}"],"data":null}]</script>`);
  });

  it.each(['~', '.old', '.bak', '%20', '/'])('a public studio’s address with %s appended answers 404', async (suffix) => {
    const response = await get(`/studio/${approved}${suffix === '/' ? '/x' : suffix}`);
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('Wren Approved');
  });

  it('the owner and admins still get 200 for a studio that is not public, and their browser fetches the preview', async () => {
    for (const viewer of [owner, admin]) {
      const response = await get(`/studio/${owner.id}`, viewer);
      expect(response.statusCode, viewer.role).toBe(200);
      expect(response.body).not.toContain(FIRST_PAINT_DATA_ID);
      expect(response.body).toContain('Loading studio');
    }
    // Someone else signed in is a visitor like any other.
    const stranger = await ctx.signUp('client');
    expect((await get(`/studio/${owner.id}`, stranger)).statusCode).toBe(404);
  });

  it('unknown addresses, and /studio without an id, answer 404 with the not-found page', async () => {
    for (const url of ['/no/such/page', '/studio', '/studio/', '/studio/a/b', '/marketplace/extra', '/about.bak']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Oops! Page not found');
      expect(response.body, url).toContain('<title>Page not found · Humanmade</title>');
    }
  });

  it('pages that exist still answer 200', async () => {
    for (const url of ['/', '/about', '/marketplace', '/marketplace?q=wren', '/auth?tab=signup', '/contact']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });

  it('API addresses keep their JSON 404', async () => {
    const response = await get('/api/studio/no-such-creator');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: 'not_found' });
  });
});

describe('guarded pages before any script (the page guards of src/domain/page-guards.ts)', () => {
  it('send visitors where the web app would, with a redirect the browser follows without JavaScript', async () => {
    const client = await ctx.signUp('client', { name: 'Cleo Client' });
    const cases: Array<[string, TestUser | null, string | null]> = [
      ['/dashboard-maker', null, '/auth?redirect=/dashboard-maker'],
      ['/inbox/00000000-0000-0000-0000-000000000000', null, '/auth?redirect=/inbox/00000000-0000-0000-0000-000000000000'],
      ['/onboard-client?redirect=%2Fmarketplace', null, '/auth?redirect=/onboard-client%3Fredirect%3D%252Fmarketplace'],
      ['/dashboard-maker', client, '/'],
      ['/dashboard-admin', client, '/auth?redirect=/dashboard-admin'],
      ['/onboard-maker', client, '/onboard-client'],
      ['/onboard-maker', admin, '/dashboard-admin'],
      ['/dashboard-maker', owner, null],
      ['/settings/notifications', client, null],
      ['/settings/notifications', owner, null],
      // Admins are emailed none of the kinds it offers (decision 205).
      ['/settings/notifications', admin, '/dashboard-admin'],
      ['/settings/notifications', null, '/auth?redirect=/settings/notifications'],
    ];
    for (const [url, user, location] of cases) {
      const response = await get(url, user);
      if (location === null) {
        expect(response.statusCode, url).toBe(200);
      } else {
        expect([response.statusCode, response.headers.location], url).toEqual([302, location]);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });
});

describe('a conversation page (signed in)', () => {
  it("answers 200 for one of the viewer's conversations, and 404 for one that does not exist or is not theirs", async () => {
    const client = await ctx.signUp('client', { name: 'Cora Client' });
    const stranger = await ctx.signUp('client', { name: 'Sam Stranger' });
    const started = await ctx.inject(client, {
      method: 'POST',
      url: '/api/conversations',
      payload: { creatorId: approved, body: 'Hello, are you free in May?', clientMessageId: crypto.randomUUID() },
    });
    expect(started.statusCode).toBe(201);
    const conversationId = (started.json() as { conversationId: string }).conversationId;
    expect(conversationId).toMatch(/^[0-9a-f-]{36}$/);

    expect((await get(`/inbox/${conversationId}`, client)).statusCode).toBe(200);
    expect((await get('/inbox', client)).statusCode).toBe(200);
    expect((await get(`/inbox/${crypto.randomUUID()}`, client)).statusCode).toBe(404);
    expect((await get(`/inbox/${conversationId}`, stranger)).statusCode).toBe(404);
  });
});

describe('/auth for someone signed in (decision 176)', () => {
  it('answers 302 to their dashboard, or on to a safe ?redirect=, before any script; a visitor signed out gets the form', async () => {
    const client = await ctx.signUp('client', { name: 'Carl Client' });
    const cases: Array<[string, TestUser | null, string | null]> = [
      ['/auth', client, '/dashboard-client'],
      ['/auth?tab=signup&type=maker', client, '/dashboard-client'],
      ['/auth', owner, '/dashboard-maker'],
      ['/auth?reset=1', admin, '/dashboard-admin'],
      ['/auth?redirect=/marketplace%3Fq%3Dwren', client, '/marketplace?q=wren'],
      ['/auth?redirect=//evil.example', client, '/dashboard-client'],
      ['/auth?redirect=/auth', client, '/dashboard-client'],
      ['/auth', null, null],
      ['/auth?redirect=/dashboard-client', null, null],
      // Sent here by another role's dashboard (the page guards' rule): the form, to log in with the account it is for.
      ['/auth?redirect=/dashboard-admin', client, null],
    ];
    for (const [url, user, location] of cases) {
      const response = await get(url, user);
      if (location === null) {
        expect(response.statusCode, url).toBe(200);
        expect(heading(response.body), url).toBe('Welcome back');
      } else {
        expect([response.statusCode, response.headers.location], `${url} as ${user?.role}`).toEqual([302, location]);
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('still says the password changed after a reset: the reset ended the session, so /auth?reset=1 shows the form', async () => {
    const maker = await ctx.signUp('maker', { name: 'Rita Reset' });
    const requested = await ctx.inject(null, {
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: maker.email, redirectTo: '/reset-password' },
    });
    expect(requested.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));
    const token = row!.identifier.slice('reset-password:'.length);
    const reset = await ctx.inject(null, { method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'a brand new password', token } });
    expect(reset.statusCode).toBe(200);

    // Still holding the old session's cookie, as the browser that reset the password does.
    const landing = await get('/auth?reset=1', maker);
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toContain('Your password has been changed. Please log in.');
  });
});

describe('paths are case-sensitive (decision 176)', () => {
  it('answers 404 with the not-found page for an address in other capitals, guarded or not', async () => {
    for (const [url, user] of [
      ['/Marketplace', null],
      ['/AUTH', null],
      ['/Auth', owner],
      ['/About', null],
      ['/Dashboard-maker', owner],
      ['/INBOX', owner],
    ] as const) {
      const response = await get(url, user);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain('Oops! Page not found');
    }
    expect((await get('/marketplace')).statusCode).toBe(200);
  });
});

describe('one address per page', () => {
  it('sends a trailing slash to the page without it, keeping the query; unknown paths stay 404', async () => {
    for (const [url, location] of [
      ['/about/', '/about'],
      ['/marketplace/?q=brand', '/marketplace?q=brand'],
      ['/dashboard-client//', '/dashboard-client'],
    ]) {
      const response = await get(url);
      expect([response.statusCode, response.headers.location], url).toEqual([301, location]);
    }
    expect((await get('/no-such-page/')).statusCode).toBe(404);
  });
});
