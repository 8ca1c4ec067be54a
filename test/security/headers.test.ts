import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../support/harness';

describe('headers and cookies in production', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://humanmade.example' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signUp = () =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/account/sign-up',
      headers: { origin: 'https://humanmade.example' },
      payload: { name: 'Prod', email: `prod-${Date.now()}@example.com`, password: 'production password', role: 'client' },
    });

  it('sets HSTS, a strict CSP, nosniff and a referrer policy', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('issues the session cookie HttpOnly, SameSite=Lax and Secure', async () => {
    const response = await signUp();
    expect(response.statusCode).toBe(201);
    const session = response.cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(session!.name.startsWith('__Secure-')).toBe(true);
  });

  const mutatingRoutes = () => ctx.app.routeCatalog.filter((route) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method));

  it.each([
    ['names a foreign Origin', { origin: 'https://evil.example' }],
    // Sandboxed frames, data: URLs and some redirects send the literal Origin "null".
    ['sends Origin: null', { origin: 'null' }],
    // A browser that leaves Origin out still says where the request comes from.
    ['sends no Origin but Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['sends no Origin but Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('refuses every state-changing route when the request %s', async (_label, headers: Record<string, string>) => {
    const mutating = mutatingRoutes();
    expect(mutating.length).toBeGreaterThan(3);
    for (const route of mutating) {
      const response = await ctx.app.inject({
        method: route.method as 'POST',
        url: route.url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000').replace(/\*$/, 'x'),
        headers,
        payload: {},
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toEqual({ error: 'forbidden', message: 'Cross-origin request refused.' });
    }
  });

  it.each([
    ['names the public origin', { origin: 'https://humanmade.example' }],
    ['sends no Origin but Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    // Typed into the address bar or opened from a bookmark.
    ['sends no Origin but Sec-Fetch-Site: none', { 'sec-fetch-site': 'none' }],
  ])('lets a same-origin request through when it %s', async (_label, headers: Record<string, string>) => {
    // Signing out without a session does nothing, but only once past the Origin check.
    const response = await ctx.app.inject({ method: 'POST', url: '/api/account/sign-out', headers });
    expect(response.statusCode).toBe(204);
  });
});

describe('headers in development', () => {
  it('does not send HSTS over plain http', async () => {
    const ctx = await createTestContext();
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await ctx.close();
    }
  });
});
