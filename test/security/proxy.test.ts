import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRIVATE_NETWORK_PROXIES } from '../../src/server/config';
import { createTestContext, type TestContext } from '../support/harness';

/**
 * Behind a load balancer the per-IP limits must count the client the balancer saw, which it appends as the
 * LAST X-Forwarded-For entry. Entries before it come from the client and can say anything.
 */
describe('rate limits behind one trusted proxy (TRUST_PROXY=true)', () => {
  let ctx: TestContext;
  const BALANCER = '10.0.0.2';
  beforeAll(async () => {
    ctx = await createTestContext({ env: { TRUST_PROXY: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const signIn = (forwardedFor: string) =>
    ctx.inject(null, {
      method: 'POST',
      url: '/api/account/sign-in',
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: 'someone@example.com', password: 'wrong password' },
    });

  it('cannot be dodged by a client that invents X-Forwarded-For entries', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await signIn(`198.51.100.${attempt + 1}, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('gives each real client behind the balancer its own counter', async () => {
    expect((await signIn('203.0.113.8')).statusCode).toBe(401);
    expect((await signIn('203.0.113.9')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY values', () => {
  const parse = (value?: string) => loadConfig({ DATA_DIR: '/tmp', AUTH_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).TRUST_PROXY;
  it('trusts no proxy by default, private-network proxies for true, and exactly the listed ones otherwise', () => {
    expect(parse()).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('true')).toBe(PRIVATE_NETWORK_PROXIES);
    expect(parse('10.0.0.0/8, 192.168.1.7')).toBe('10.0.0.0/8, 192.168.1.7');
    expect(() => parse('every hop please')).toThrow(ConfigError);
  });
});
