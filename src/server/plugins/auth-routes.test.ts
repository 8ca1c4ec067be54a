import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/support/harness';
import { isUsableRedirect } from './auth-routes';

describe('redirect targets handed to better-auth', () => {
  it('accepts site paths and http(s) URLs, and nothing else', () => {
    expect(isUsableRedirect('/?verified=1')).toBe(true);
    expect(isUsableRedirect('https://example.com/a')).toBe(true);
    expect(isUsableRedirect("' or 1=1 --")).toBe(false);
    expect(isUsableRedirect('abc')).toBe(false);
    expect(isUsableRedirect('//evil.example')).toBe(false);
    expect(isUsableRedirect('javascript:alert(1)')).toBe(false);
  });

  describe('on the verify-email link', () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    }, 60_000);
    afterAll(async () => {
      await ctx?.close();
    });

    it('answers 400 with the field for a callbackURL that is not a URL, where better-auth would fail with 500', async () => {
      for (const callbackURL of ["' or 1=1 --", 'abc']) {
        const response = await ctx.app.inject({ method: 'GET', url: `/api/auth/verify-email?token=&callbackURL=${encodeURIComponent(callbackURL)}` });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual({ callbackURL: 'Enter a path on this site, such as /account.' });
      }
    });

    it('still hands a usable link to better-auth, which refuses the bad token', async () => {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=nope&callbackURL=%2F' });
      expect(response.statusCode).toBeLessThan(500);
      expect(response.statusCode).not.toBe(400);
    });
  });
});
