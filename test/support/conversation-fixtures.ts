import { randomUUID } from 'node:crypto';
import type { TestContext, TestUser } from './harness';
import { approveMaker, onboardedClient } from './project-fixtures';

// Set-up shared by the conversations feature's API tests. Each request carries a fresh clientMessageId unless the test is about
// retries, and may come from a given address (the limits are per person, whatever the address).

interface SendOptions {
  clientMessageId?: string;
  remoteAddress?: string;
}

/** The people most conversation tests need: a client, another client outside the thread, and an approved maker. */
export const createConversationCast = async (ctx: TestContext) => {
  const client = await onboardedClient(ctx);
  const stranger = await onboardedClient(ctx, 'Stranger Co');
  const maker = await approveMaker(ctx, { name: 'Mara Maker' });
  return { client, stranger, maker };
};

/** A first message to a creator, which opens the pair's thread (or continues it). */
export const startConversation = (ctx: TestContext, user: TestUser | null, creatorId: string, body = 'Hello', options: SendOptions = {}) =>
  ctx.inject(user, {
    method: 'POST',
    url: '/api/conversations',
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { creatorId, body, clientMessageId: options.clientMessageId ?? randomUUID() },
  });

/** Opens a thread between the client and the creator, and answers its id. */
export const openConversation = async (ctx: TestContext, client: TestUser, creatorId: string, body = 'Hello'): Promise<string> =>
  (await startConversation(ctx, client, creatorId, body)).json().conversationId;

export const sendMessage = (ctx: TestContext, user: TestUser | null, conversationId: string, body: string, options: SendOptions = {}) =>
  ctx.inject(user, {
    method: 'POST',
    url: `/api/conversations/${conversationId}/messages`,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    payload: { body, clientMessageId: options.clientMessageId ?? randomUUID() },
  });
