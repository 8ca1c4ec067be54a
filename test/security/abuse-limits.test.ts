import { randomBytes } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RATE_LIMIT } from '../../src/server/features/contact/routes';
import { multipart } from '../support/project-fixtures';
import { loadConfig } from '../../src/server/config';
import { EMAIL_SENDING_AUTH_LIMIT } from '../../src/server/plugins/auth-routes';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { redisAnswers, TEST_REDIS_URL } from './redis-available';

/**
 * Every abuse-prone route holds its per-IP limit: one request over it answers 429 with the wait, while another
 * address is still served. The same suite runs with counters in memory and, when Redis answers, in Redis.
 */
const AUTH_LIMIT = loadConfig({ DATA_DIR: '/tmp', AUTH_SECRET: 'x'.repeat(32) }).AUTH_RATE_LIMIT_PER_MINUTE;
const redisUp = await redisAnswers();

interface LimitedRoute {
  name: string;
  max: number;
  /** A request as it would come from one address; its answer below the limit does not matter, only 429 or not. */
  request: (n: number) => InjectOptions;
  user?: () => TestUser;
}

const noFile = () => {
  const body = multipart(null, { note: 'no file' });
  return { payload: body.payload, headers: body.headers };
};

const suite = (store: 'memory' | 'redis') => () => {
  let ctx: TestContext;
  let maker: TestUser;
  let client: TestUser;
  const prefix = `hm-abuse-${randomBytes(4).toString('hex')}:`;
  const env: Record<string, string> = { AUTH_RATE_LIMIT_PER_MINUTE: String(AUTH_LIMIT), ...(store === 'redis' ? { REDIS_URL: TEST_REDIS_URL, REDIS_KEY_PREFIX: prefix } : {}) };

  beforeAll(async () => {
    ctx = await createTestContext({ env });
    // Made from their own address, so that these sign-ups do not count against the addresses tested below.
    const signUp = async (role: 'maker' | 'client') => {
      const email = `${role}-${randomBytes(4).toString('hex')}@example.com`;
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/account/sign-up',
        remoteAddress: `10.50.0.${role === 'maker' ? 1 : 2}`,
        headers: { origin: 'http://localhost:3000' },
        payload: { name: `Abuse ${role}`, email, password: 'correct horse battery', role },
      });
      expect(response.statusCode, response.body).toBe(201);
      return { id: response.json().user.id, name: 'x', email, password: 'correct horse battery', role, cookie: ctx.cookieFrom(response) } as TestUser;
    };
    [maker, client] = [await signUp('maker'), await signUp('client')];
  }, 60_000);
  afterAll(async () => {
    if (store === 'redis') {
      const redis = new Redis(TEST_REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    }
    await ctx?.close();
  });

  const routes = (): LimitedRoute[] => {
    const post = (url: string, payload: unknown) => (): InjectOptions => ({ method: 'POST', url, payload: payload as Record<string, unknown> });
    const upload = (url: string) => (): InjectOptions => ({ method: 'POST', url, ...noFile() });
    const contact = { name: 'Visitor', email: 'visitor@example.com', message: 'Hello' };
    const id = '00000000-0000-4000-8000-000000000000';
    return [
      { name: 'sign-in', max: AUTH_LIMIT, request: post('/api/account/sign-in', { email: 'someone@example.com', password: 'wrong password' }) },
      {
        name: 'sign-up',
        max: AUTH_LIMIT,
        request: (n) => post('/api/account/sign-up', { name: 'Flood', email: `flood-${store}-${n}-${randomBytes(3).toString('hex')}@example.com`, password: 'long enough', role: 'client' })(),
      },
      { name: 'password reset request', max: EMAIL_SENDING_AUTH_LIMIT.max, request: post('/api/auth/request-password-reset', { email: 'someone@example.com', redirectTo: '/reset-password' }) },
      { name: 'verification email', max: EMAIL_SENDING_AUTH_LIMIT.max, request: post('/api/auth/send-verification-email', { email: 'someone@example.com' }) },
      { name: 'contact page', max: CONTACT_RATE_LIMIT.max, request: post('/api/contact', contact) },
      { name: 'contact a creator', max: CONTACT_RATE_LIMIT.max, request: post(`/api/contact/creators/${id}`, contact) },
      { name: 'profile image upload', max: 20, request: upload('/api/uploads/profile-image'), user: () => maker },
      { name: 'client logo upload', max: 20, request: upload('/api/uploads/client-logo'), user: () => client },
      { name: 'client profile logo upload', max: 20, request: upload('/api/client/profile/logo'), user: () => client },
      { name: 'portfolio upload', max: 30, request: upload('/api/portfolio'), user: () => maker },
      { name: 'process doc upload', max: 30, request: upload(`/api/projects/${id}/process-docs`), user: () => maker },
      { name: 'deliverable upload', max: 10, request: upload(`/api/projects/${id}/deliverable`), user: () => maker },
      { name: 'White Glove request', max: 10, request: post('/api/white-glove/requests', {}), user: () => client },
    ];
  };

  it('answers 429 one request past each limit, and keeps serving other addresses', async () => {
    const outcomes: string[] = [];
    for (const [index, route] of routes().entries()) {
      const address = `10.60.${store === 'redis' ? 1 : 0}.${index + 1}`;
      const statuses: number[] = [];
      for (let n = 0; n <= route.max; n += 1) {
        const response = await ctx.inject(route.user?.() ?? null, { ...route.request(n), remoteAddress: address });
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(response.json().message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      }
      const other = await ctx.inject(route.user?.() ?? null, { ...route.request(route.max + 1), remoteAddress: `10.61.0.${index + 1}` });
      const limitedEarly = statuses.slice(0, route.max).filter((status) => status === 429).length;
      outcomes.push(`${route.name}: ${limitedEarly} limited within ${route.max}, then ${statuses[route.max]}; another address ${other.statusCode === 429 ? 429 : 'served'}`);
    }
    expect(outcomes).toEqual(routes().map((route) => `${route.name}: 0 limited within ${route.max}, then 429; another address served`));
  }, 120_000);

  it.runIf(store === 'redis')('keeps the counters in Redis, under the configured prefix', async () => {
    const redis = new Redis(TEST_REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}rl:*`);
      expect(keys.length).toBeGreaterThanOrEqual(routes().length);
    } finally {
      redis.disconnect();
    }
  });
};

describe('rate limits with counters in memory', suite('memory'));
describe.skipIf(!redisUp)('rate limits with counters in Redis', suite('redis'));
if (!redisUp) console.log(`Redis did not answer at ${TEST_REDIS_URL}: the Redis half of the rate-limit tests is skipped.`);

describe('rate limits when Redis is unreachable', () => {
  it('serves requests rather than failing them (the limit is skipped until Redis is back)', async () => {
    const ctx = await createTestContext({ env: { REDIS_URL: 'redis://127.0.0.1:1', AUTH_RATE_LIMIT_PER_MINUTE: '2' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 3; attempt += 1) {
        statuses.push((await ctx.signIn('someone@example.com', 'wrong password')).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401]);
    } finally {
      await ctx.close();
    }
  });
});
