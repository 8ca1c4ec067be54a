import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { TEST_ORIGIN, type TestContext, type TestUser } from './harness';
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

export interface StreamEvent {
  event: string;
  id?: string;
  data: string;
}

/** Holds an SSE stream of /api/conversations/events open like a browser's EventSource, collecting its events. */
export const openEventStream = (baseUrl: string, user: TestUser, query = '', lastEventId?: number) =>
  new Promise<{
    events: StreamEvent[];
    status: number;
    waitFor: (test: (e: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
    /** Settles when the server ends the response. */
    ended: Promise<void>;
    close: () => void;
  }>((resolve, reject) => {
    const events: StreamEvent[] = [];
    const waiters: Array<{ test: (e: StreamEvent) => boolean; done: (e: StreamEvent) => void }> = [];
    const request = http.get(
      `${baseUrl}/api/conversations/events${query}`,
      { headers: { accept: 'text/event-stream', cookie: user.cookie, origin: TEST_ORIGIN, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) } },
      (response) => {
        let buffer = '';
        const ended = new Promise<void>((done) => response.once('end', done));
        response.setEncoding('utf8');
        response.on('error', () => undefined);
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            const event: StreamEvent = { event: 'message', data: '' };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith('event: ')) event.event = line.slice(7);
              else if (line.startsWith('id: ')) event.id = line.slice(4);
              else if (line.startsWith('data: ')) {
                event.data = line.slice(6);
                hasData = true;
              }
            }
            if (!hasData) continue;
            events.push(event);
            for (const waiter of [...waiters]) {
              if (waiter.test(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.done(event);
              }
            }
          }
        });
        resolve({
          events,
          status: response.statusCode ?? 0,
          waitFor: (test, timeoutMs = 5000) =>
            new Promise((done, fail) => {
              const found = events.find(test);
              if (found) return done(found);
              const timer = setTimeout(() => fail(new Error(`no matching event; got ${JSON.stringify(events)}`)), timeoutMs);
              waiters.push({ test, done: (event) => (clearTimeout(timer), done(event)) });
            }),
          ended,
          close: () => request.destroy(),
        });
      },
    );
    request.on('error', (error) => {
      if (!(error as NodeJS.ErrnoException).code?.startsWith('ECONNRESET')) reject(error);
    });
  });
