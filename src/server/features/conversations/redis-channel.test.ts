import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisAnswers, TEST_REDIS_URL } from '../../../../test/security/redis-available';
import { createConversationCast, openConversation, openEventStream, sendMessage, type StreamEvent } from '../../../../test/support/conversation-fixtures';
import { createTestContext, type TestContext, type TestUser } from '../../../../test/support/harness';
import { CONVERSATION_CHANNEL, publishConversationEvent } from './realtime';

/**
 * With REDIS_URL set, conversation events travel by Redis pub/sub (decision 196). The server reaches Redis through a
 * TCP relay this test can cut, as a Redis restart or a network fault would.
 */
const redisUp = await redisAnswers();
if (!redisUp) console.log(`Redis did not answer at ${TEST_REDIS_URL}: the Redis pub/sub tests are skipped.`);

/** Relays TCP to Redis; `cut()` drops every connection and refuses new ones until `restore()`. */
const startRelay = async (target: URL) => {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((inbound) => {
        const outbound = net.connect(Number(target.port || 6379), target.hostname);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => sockets.delete(socket));
        }
        inbound.pipe(outbound).pipe(inbound);
        inbound.on('close', () => outbound.destroy());
        outbound.on('close', () => inbound.destroy());
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server?.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    url: () => `redis://127.0.0.1:${port}`,
    cut: async () => {
      const closing = server;
      server = null;
      // close() answers once its connections have ended, so they are ended first.
      const closed = new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
};

describe.skipIf(!redisUp)('conversation events over Redis pub/sub', () => {
  const prefix = `hm-test-${randomBytes(4).toString('hex')}:`;
  const channel = `${prefix}conversations`;
  let relay: Awaited<ReturnType<typeof startRelay>>;
  let ctx: TestContext;
  let second: Awaited<ReturnType<TestContext['secondInstance']>>;
  let secondUrl: string;
  let client: TestUser;
  let maker: TestUser;
  let conversationId: string;
  // What crossed Redis on the channel, heard by a subscriber of the test's own (straight to Redis, not the relay).
  const heard: string[] = [];
  let watcher: Redis;
  // What the database's NOTIFY carried: nothing, while Redis carries the events.
  const notified: string[] = [];
  let stopNotify: () => Promise<void>;

  beforeAll(async () => {
    relay = await startRelay(new URL(TEST_REDIS_URL));
    watcher = new Redis(TEST_REDIS_URL);
    watcher.on('error', () => undefined);
    watcher.on('message', (_channel: string, payload: string) => heard.push(payload));
    await watcher.subscribe(channel);
    ctx = await createTestContext({ env: { REDIS_URL: relay.url(), REDIS_KEY_PREFIX: prefix } });
    ({ client, maker } = await createConversationCast(ctx));
    conversationId = await openConversation(ctx, client, maker.id);
    const listener = ctx.app.dbHandle.listen(CONVERSATION_CHANNEL, { onNotify: (payload) => notified.push(payload), onState: () => undefined });
    stopNotify = listener.close;
    // The stream is held on a second instance: an event must cross from the instance that wrote it.
    second = await ctx.secondInstance();
    secondUrl = await second.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await stopNotify?.();
    await second?.close();
    await ctx?.close();
    watcher?.disconnect();
    await relay?.close();
  });

  const isMessage = (body: string) => (event: StreamEvent) => event.event === 'message' && JSON.parse(event.data).body === body;
  const heardSeq = (seq: number) => heard.some((payload) => JSON.parse(payload).conversationId === conversationId && JSON.parse(payload).seq === seq);

  it('carries a message written on one instance to a stream held on another, through Redis and not NOTIFY', async () => {
    const stream = await openEventStream(secondUrl, client);
    await stream.waitFor((event) => event.event === 'unread');
    const sent = await sendMessage(ctx, maker, conversationId, 'Over Redis');
    expect(sent.statusCode, sent.body).toBe(201);
    const arrived = await stream.waitFor(isMessage('Over Redis'));
    expect(arrived.id).toBe(String(sent.json().message.seq));
    await expect.poll(() => heardSeq(sent.json().message.seq)).toBe(true);
    expect(notified).toEqual([]);
    stream.close();
  });

  it('publishes only once the transaction commits, and nothing for one that rolls back', async () => {
    const event = (seq: number) => ({ conversationId, seq, userIds: [client.id] });
    await ctx.db.transaction(async (tx) => {
      await publishConversationEvent(tx, event(900_001));
      // Inside the transaction nothing has left: a reader told now would find nothing to read.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heardSeq(900_001)).toBe(false);
    });
    await expect.poll(() => heardSeq(900_001)).toBe(true);

    await expect(
      ctx.db.transaction(async (tx) => {
        await publishConversationEvent(tx, event(900_002));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    // A later event arrives after where the rolled-back one would have, so its absence is not a matter of waiting.
    await ctx.db.transaction(async (tx) => publishConversationEvent(tx, event(900_003)));
    await expect.poll(() => heardSeq(900_003)).toBe(true);
    expect(heardSeq(900_002)).toBe(false);
  });

  it('keeps a message sent while Redis is away, and the open stream shows it once Redis is back', async () => {
    const stream = await openEventStream(secondUrl, client);
    await stream.waitFor((event) => event.event === 'unread');
    await relay.cut();
    const sent = await sendMessage(ctx, maker, conversationId, 'Sent while Redis was away');
    // The write commits whatever Redis does; only its announcement failed.
    expect(sent.statusCode, sent.body).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stream.events.some(isMessage('Sent while Redis was away'))).toBe(false);
    await relay.restore();
    // The subscriber reconnects by itself (ioredis backs off up to 2 s) and the stream reads what it missed.
    const arrived = await stream.waitFor(isMessage('Sent while Redis was away'), 15_000);
    expect(arrived.id).toBe(String(sent.json().message.seq));
    const after = await sendMessage(ctx, maker, conversationId, 'And after');
    expect(after.statusCode).toBe(201);
    await stream.waitFor(isMessage('And after'));
    stream.close();
  }, 30_000);
});
