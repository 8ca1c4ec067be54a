import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { createTestContext, type TestContext, type TestUser } from '../../../../test/support/harness';
import { approveMaker, onboardedClient } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  client = await onboardedClient(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const start = (creatorId: string, remoteAddress: string) =>
  ctx.inject(client, { method: 'POST', url: '/api/conversations', remoteAddress, payload: { creatorId, body: 'Hello', clientMessageId: randomUUID() } });

describe('per-person limits', () => {
  it('allows 10 new conversations a day; continuing one does not count', async () => {
    const makers: TestUser[] = [];
    for (let n = 0; n < 11; n += 1) makers.push(await approveMaker(ctx));
    for (const [n, maker] of makers.slice(0, 10).entries()) expect((await start(maker.id, `10.40.0.${n + 1}`)).statusCode).toBe(201);
    const eleventh = await start(makers[10].id, '10.40.1.1');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toBe(CONVERSATION_MESSAGES.tooManyConversations);
    expect((await start(makers[0].id, '10.40.1.2')).statusCode).toBe(201);
  });

  it('allows 30 messages a minute per person, whatever address they come from', async () => {
    const maker = await approveMaker(ctx);
    const other = await onboardedClient(ctx, 'Chatty Co');
    const first = await ctx.inject(other, { method: 'POST', url: '/api/conversations', payload: { creatorId: maker.id, body: 'Hi', clientMessageId: randomUUID() } });
    const id = first.json().conversationId as string;
    const statuses: number[] = [];
    for (let n = 0; n < 31; n += 1) {
      const response = await ctx.inject(other, {
        method: 'POST',
        url: `/api/conversations/${id}/messages`,
        remoteAddress: `10.41.0.${n + 1}`,
        payload: { body: `Message ${n}`, clientMessageId: randomUUID() },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});
