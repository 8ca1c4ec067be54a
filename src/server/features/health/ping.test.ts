import { describe, expect, it } from 'vitest';
import { type TestContext, withTestContext } from '../../../../test/support/harness';

let ctx: TestContext;

withTestContext(async (created) => {
  ctx = created;
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
