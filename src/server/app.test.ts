import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DATABASE_UNAVAILABLE_MESSAGE } from './db/unavailable';
import { createTestContext, TEST_ORIGIN } from '../../test/support/harness';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the app', () => {
  it('serves the web app: hashed assets cached for a year, pages with their own title, unknown paths as 404', async () => {
    const webRoot = mkdtempSync(path.join(tmpdir(), 'hm-web-'));
    dirs.push(webRoot);
    mkdirSync(path.join(webRoot, 'assets'));
    writeFileSync(path.join(webRoot, 'index.html'), '<html><head><title>x</title><meta name="description" content="x"></head><body></body></html>');
    writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-web-data-'));
    dirs.push(dataDir);
    const app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN }), logger: false, webRoot });
    try {
      const asset = await app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const about = await app.inject({ method: 'GET', url: '/about' });
      expect(about.statusCode).toBe(200);
      expect(about.headers['cache-control']).toBe('no-cache');
      expect(about.body).toContain('<title>About · Humanmade</title>');
      expect(about.body.match(/<title>/g)).toHaveLength(1);
      // No creator has this id: the studio page answers 404 even without a server render (decision 115).
      const studio = await app.inject({ method: 'GET', url: '/studio/some-id' });
      expect(studio.statusCode).toBe(404);
      expect(studio.body).toContain('<title>Creator Not Found · Humanmade</title>');
      const missing = await app.inject({ method: 'GET', url: '/definitely/not/here' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).toContain('text/html');
      expect(missing.body).toContain('Page not found');
    } finally {
      await app.close();
    }
  }, 90_000);

  // Two boots of an on-disk PGlite (migrations included): slow on a busy 2-core machine.
  it('keeps every account across a restart (embedded database on disk)', { timeout: 120000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-restart-'));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN });
    const body = { name: 'Persistent Pat', email: 'pat@example.com', password: 'persistent password', role: 'client' };

    const first = await buildApp({ config, logger: false });
    const created = await first.inject({ method: 'POST', url: '/api/account/sign-up', headers: { origin: TEST_ORIGIN }, payload: body });
    expect(created.statusCode).toBe(201);
    await first.close();

    const second = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN }), logger: false });
    const login = await second.inject({ method: 'POST', url: '/api/account/sign-in', headers: { origin: TEST_ORIGIN }, payload: { email: body.email, password: body.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('client');
    await second.close();
  });

  it('refuses to register an API route without an access policy', async () => {
    const ctx = await createTestContext();
    try {
      // Registering after ready() is impossible, so build a plugin on a child context before it is ready.
      const { default: Fastify } = await import('fastify');
      const bare = Fastify();
      const { registerAccess } = await import('./plugins/access');
      registerAccess(bare as unknown as typeof ctx.app);
      expect(() => bare.get('/api/unguarded', async () => 'x')).toThrow(/no access policy/);
      await bare.close();
    } finally {
      await ctx.close();
    }
  });

  it('never writes passwords, session tokens or cookies to the log', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-log-'));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: TEST_ORIGIN, LOG_LEVEL: 'trace' });
    const app = await buildApp({ config, logStream: stream });
    const password = 'very secret password 42';
    const signUp = await app.inject({ method: 'POST', url: '/api/account/sign-up', headers: { origin: TEST_ORIGIN }, payload: { name: 'Log', email: 'log@example.com', password, role: 'maker' } });
    const token = signUp.cookies[0].value;
    await app.inject({ method: 'GET', url: '/api/account/me', headers: { cookie: `${signUp.cookies[0].name}=${token}` } });
    await app.inject({ method: 'GET', url: '/api/auth/verify-email?token=abc.def.secret-token-value&callbackURL=/' });
    await app.close();
    const log = lines.join('');
    expect(log.length).toBeGreaterThan(0);
    expect(log).toContain('reqId');
    expect(log).not.toContain(password);
    expect(log).not.toContain(token.split('.')[0]);
    expect(log).not.toContain('secret-token-value');
    // A fresh embedded database, migrated from nothing (not the suite's prepared image): on a busy machine that alone
    // took most of the default 30 s.
  }, 90_000);

  it('rate-limits sign-in attempts', async () => {
    const ctx = await createTestContext({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i += 1) statuses.push((await ctx.signIn('someone@example.com', 'wrong password')).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await ctx.close();
    }
  });

  it('hides the details of a server error', async () => {
    const ctx = await createTestContext();
    try {
      await ctx.app.dbHandle.close();
      const response = await ctx.app.inject({ method: 'POST', url: '/api/account/sign-in', headers: { origin: TEST_ORIGIN }, payload: { email: 'a@example.com', password: 'whatever1' } });
      // PGlite closed is an internal fault (500); a node-postgres pool that was ended reads as a database that cannot
      // be reached (503, decision 130). Either way the answer is the fixed message and nothing of the cause.
      const expected =
        response.statusCode === 503
          ? { error: 'database_unavailable', message: DATABASE_UNAVAILABLE_MESSAGE }
          : { error: 'internal_error', message: 'Something went wrong on our side. Please try again.' };
      expect([500, 503]).toContain(response.statusCode);
      expect(response.json()).toEqual(expected);
    } finally {
      await ctx.close().catch(() => undefined);
    }
  });
});
