import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { createConversationHub, type ConversationEvent } from './realtime';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { createConversationCast, openConversation, openEventStream, sendMessage, type StreamEvent } from '../../../../test/support/conversation-fixtures';

/**
 * An admin's removal of a reported message reaches the participants' open threads (decision 229): it is published
 * through the conversation hub, in the removal's transaction, as `message_removed`, and each participant's stream sends
 * the message again as it now reads.
 */
let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let stranger: TestUser;
let admin: TestUser;
let conversationId: string;
let baseUrl: string;

withTestContext(async (created) => {
  ctx = created;
  ({ client, stranger, maker } = await createConversationCast(ctx));
  admin = await ctx.createAdmin();
  conversationId = await openConversation(ctx, client, maker.id);
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

const makerSays = async (body: string) => {
  const response = await sendMessage(ctx, maker, conversationId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as { id: string; seq: number };
};

/** The client reports the maker's message and an admin removes it. */
const reportAndRemove = async (messageId: string) => {
  const filed = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${conversationId}/messages/${messageId}/report`, payload: { reason: 'Rude' } });
  expect(filed.statusCode, filed.body).toBe(201);
  const reports = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports' })).json().reports as Array<{ id: string; message: { id: string } }>;
  const report = reports.find((entry) => entry.message.id === messageId)!;
  const removed = await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${report.id}/remove`, payload: { reason: 'Insults' } });
  expect(removed.statusCode, removed.body).toBe(204);
};

const isRemovedCopyOf = (messageId: string) => (event: StreamEvent) => event.event === 'message' && JSON.parse(event.data).id === messageId && JSON.parse(event.data).removed === true;

describe("an admin's removal of a message, in real time", () => {
  it('is published through the hub as message_removed, with the message, to both participants and nobody else', async () => {
    const rude = await makerSays('Something rude for the hub');
    // A hub of the test's own on the app's LISTEN (the same one every instance's streams use).
    const hub = createConversationHub({ listen: ctx.app.dbHandle.listen, log: { warn: () => undefined } });
    const heard = new Map<string, Array<ConversationEvent | null>>();
    let listening: () => void = () => undefined;
    const isListening = new Promise<void>((resolve) => (listening = resolve));
    for (const user of [client, maker, stranger]) {
      heard.set(user.id, []);
      hub.subscribe(user.id, (event) => {
        heard.get(user.id)!.push(event);
        // The first null: the LISTEN is in place, so anything committed from now on is heard.
        if (event === null) listening();
      });
    }
    await isListening;
    await reportAndRemove(rude.id);
    const removal = { kind: 'message_removed', conversationId, messageId: rude.id, seq: rude.seq, userIds: [client.id, maker.id] };
    await expect.poll(() => heard.get(client.id)!.filter((event) => event?.kind === 'message_removed'), { timeout: 5000 }).toEqual([removal]);
    await expect.poll(() => heard.get(maker.id)!.filter((event) => event?.kind === 'message_removed'), { timeout: 5000 }).toEqual([removal]);
    expect(heard.get(stranger.id)!.filter((event) => event !== null)).toEqual([]);
    await hub.close();
  });

  it("makes a participant's open stream send the message again as removed, as a reload reads it", async () => {
    const rude = await makerSays('Words that must leave the screen');
    // The thread was read before the streams opened (the usual case: the page loads, then listens).
    const clientStream = await openEventStream(baseUrl, client);
    const makerStream = await openEventStream(baseUrl, maker);
    const strangerStream = await openEventStream(baseUrl, stranger);
    await clientStream.waitFor((event) => event.event === 'unread');
    await makerStream.waitFor((event) => event.event === 'unread');
    await strangerStream.waitFor((event) => event.event === 'unread');

    await reportAndRemove(rude.id);
    for (const stream of [clientStream, makerStream]) {
      const resent = JSON.parse((await stream.waitFor(isRemovedCopyOf(rude.id))).data);
      expect(resent).toMatchObject({ id: rude.id, seq: rude.seq, conversationId, removed: true, body: CONVERSATION_MESSAGES.removed, attachments: [] });
      expect(stream.events.map((event) => event.data).join('\n')).not.toContain('Words that must leave the screen');
    }
    // What the stream sent is what a reload shows.
    const thread = (await ctx.inject(client, { method: 'GET', url: `/api/conversations/${conversationId}` })).json().messages as Array<{ id: string }>;
    expect(thread.find((message) => message.id === rude.id)).toEqual(JSON.parse((await clientStream.waitFor(isRemovedCopyOf(rude.id))).data));
    expect(strangerStream.events.filter((event) => event.event === 'message')).toEqual([]);
    for (const stream of [clientStream, makerStream, strangerStream]) stream.close();
  });

  // Needs stream.ts to read a removed message again even when this stream already sent it (decision 229: in the hub
  // listener, `if (event?.kind === 'message_removed') sent.delete(event.seq);` before the seq is queued). Unskip then.
  it('also reaches a stream that delivered the message live before it was removed', async () => {
    const clientStream = await openEventStream(baseUrl, client);
    await clientStream.waitFor((event) => event.event === 'unread');
    const rude = await makerSays('Said live, then removed');
    await clientStream.waitFor((event) => event.event === 'message' && JSON.parse(event.data).id === rude.id);
    await reportAndRemove(rude.id);
    expect(JSON.parse((await clientStream.waitFor(isRemovedCopyOf(rude.id))).data)).toMatchObject({ body: CONVERSATION_MESSAGES.removed, removed: true });
    clientStream.close();
  });
});
