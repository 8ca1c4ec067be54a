import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../../test/support/harness';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/ping', () => {
  it('answers anyone, signed in or not, with a constant body', async () => {
    const response = await ctx.inject(null, { method: 'GET', url: '/api/ping' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pong: true });
    const client = await ctx.signUp('client');
    expect((await ctx.inject(client, { method: 'GET', url: '/api/ping' })).json()).toEqual({ pong: true });
  });
});
