import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makerProfiles } from '../../db/schema';
import { notify } from '../notifications/service';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { createConversationCast, openConversation, openEventStream, sendMessage, type StreamEvent } from '../../../../test/support/conversation-fixtures';

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

const openStreamAt = (user: TestUser, query: string, lastEventId?: number) => openEventStream(baseUrl, user, query, lastEventId);
const openStream = (user: TestUser, lastEventId?: number) => openStreamAt(user, '', lastEventId);

const send = (user: TestUser, body: string) => sendMessage(ctx, user, conversationId, body);

const isMessage = (body: string) => (event: StreamEvent) => event.event === 'message' && JSON.parse(event.data).body === body;

describe('the message stream', () => {
  it('delivers a new message and the unread count to the other participant, and nothing to a stranger', async () => {
    const clientStream = await openStream(client);
    const strangerStream = await openStream(stranger);
    expect(clientStream.status).toBe(200);
    await clientStream.waitFor((event) => event.event === 'unread');
    const sent = await send(maker, 'Yes, May works');
    expect(sent.statusCode).toBe(201);
    const arrived = await clientStream.waitFor(isMessage('Yes, May works'));
    expect(arrived.id).toBe(String(sent.json().message.seq));
    await clientStream.waitFor((event) => event.event === 'unread' && JSON.parse(event.data).unread === 1);
    expect(strangerStream.events.filter((event) => event.event === 'message')).toEqual([]);
    // Reading it moves the count on the reader's stream.
    const read = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${conversationId}/read`, payload: { seq: sent.json().message.seq } });
    expect(read.statusCode).toBe(204);
    await clientStream.waitFor((event) => event.event === 'unread' && JSON.parse(event.data).unread === 0 && clientStream.events.indexOf(event) > clientStream.events.indexOf(arrived));
    clientStream.close();
    strangerStream.close();
  });

  it("lets an admin hold the stream for the notification count, which moves when a message is reported, and carries no messages", async () => {
    const adminStream = await openStream(admin);
    expect(adminStream.status).toBe(200);
    const first = await adminStream.waitFor((event) => event.event === 'notifications');
    const before = JSON.parse(first.data).unread as number;
    const rude = await send(maker, 'Something rude');
    expect(rude.statusCode).toBe(201);
    const filed = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${conversationId}/messages/${rude.json().message.id}/report`, payload: { reason: 'Rude' } });
    expect(filed.statusCode).toBe(201);
    await adminStream.waitFor((event) => event.event === 'notifications' && JSON.parse(event.data).unread === before + 1);
    // The admin is told of the report, not shown the thread: no message, nor a participant's unread count.
    expect(adminStream.events.filter((event) => event.event !== 'notifications')).toEqual([]);
    adminStream.close();
  });

  it('moves the notification count for items that come with no message, and for reading them in another tab', async () => {
    const makerStream = await openStream(maker);
    const countAfter = async (mark: number, unread: number) =>
      makerStream.waitFor((event) => event.event === 'notifications' && JSON.parse(event.data).unread === unread && makerStream.events.indexOf(event) >= mark);
    const before = JSON.parse((await makerStream.waitFor((event) => event.event === 'notifications')).data).unread as number;
    let mark = makerStream.events.length;

    // An admin's decision that writes only a bell item (the Seal revoked): no message, no thread.
    await ctx.db.update(makerProfiles).set({ sealStatus: 'verified' }).where(eq(makerProfiles.userId, maker.id));
    const revoked = await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/revoke`, payload: { reason: 'Checking the stream' } });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await countAfter(mark, before + 1);
    expect(makerStream.events.slice(mark).map((event) => event.event)).not.toContain('message');

    // Any notify(), whichever feature calls it, once its transaction commits.
    mark = makerStream.events.length;
    await ctx.db.transaction(async (tx) => {
      await notify(tx, { userId: maker.id, kind: 'account', subjectKey: 'stream-test', title: 'Matches ready', body: 'Three creators', link: '/dashboard-client' });
    });
    await countAfter(mark, before + 2);

    // Read in another tab: one item, then all of them.
    const items = (await ctx.inject(maker, { method: 'GET', url: '/api/notifications' })).json().notifications as Array<{ id: string; title: string }>;
    const seal = items.find((item) => item.title === 'Your Seal was revoked')!;
    mark = makerStream.events.length;
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/notifications/${seal.id}/read` })).statusCode).toBe(204);
    await countAfter(mark, before + 1);
    mark = makerStream.events.length;
    expect((await ctx.inject(maker, { method: 'POST', url: '/api/notifications/read-all' })).statusCode).toBe(204);
    await countAfter(mark, 0);
    makerStream.close();
  });

  it('resumes after Last-Event-ID with everything missed while away', async () => {
    const before = await send(client, 'Before the drop');
    const missedOne = await send(maker, 'Missed one');
    const missedTwo = await send(maker, 'Missed two');
    expect(missedTwo.statusCode).toBe(201);
    const resumed = await openStream(client, before.json().message.seq);
    await resumed.waitFor(isMessage('Missed two'));
    const bodies = resumed.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data).body);
    expect(bodies).toEqual(['Missed one', 'Missed two']);
    expect(missedOne.statusCode).toBe(201);
    resumed.close();
  });

  it('gives a stream that has carried no message its position, so a reconnect after a restart gets what was written in the gap', async () => {
    const newest = await send(maker, 'Written before the tab opened');
    const fresh = await openStream(client);
    const first = await fresh.waitFor((event) => event.event === 'unread');
    // Nothing is replayed to a fresh stream, but its first count says where it stands.
    expect(first.id).toBe(String(newest.json().message.seq));
    expect(fresh.events.filter((event) => event.event === 'message')).toEqual([]);
    fresh.close();
    // While the tab is away (the server restarting), a message is written; the browser reconnects with the id it heard.
    const inTheGap = await send(maker, 'Written while the stream was down');
    const reconnected = await openStream(client, Number(first.id));
    await reconnected.waitFor(isMessage('Written while the stream was down'));
    const bodies = reconnected.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data).body);
    expect(bodies).toEqual(['Written while the stream was down']);
    // And the count after the replay carries the new position.
    const counted = await reconnected.waitFor((event) => event.event === 'unread');
    expect(counted.id).toBe(String(inTheGap.json().message.seq));
    reconnected.close();
  });

  it('resumes after lastEventId in the query when a new stream cannot send the header, the header winning when both come', async () => {
    const before = await send(client, 'Before the proxy failed');
    await send(maker, 'Missed behind the proxy');
    const viaQuery = await openStreamAt(client, `?lastEventId=${before.json().message.seq}`);
    await viaQuery.waitFor(isMessage('Missed behind the proxy'));
    expect(viaQuery.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data).body)).toEqual(['Missed behind the proxy']);
    viaQuery.close();
    const latest = await send(maker, 'The newest');
    const both = await openStreamAt(client, '?lastEventId=1', latest.json().message.seq - 1);
    await both.waitFor(isMessage('The newest'));
    expect(both.events.filter((event) => event.event === 'message').map((event) => JSON.parse(event.data).body)).toEqual(['The newest']);
    both.close();
  });

  it('answers the unread count as JSON to a plain request, and refuses the anonymous', async () => {
    const json = await ctx.inject(client, { method: 'GET', url: '/api/conversations/events' });
    expect(json.statusCode).toBe(200);
    expect(json.json()).toHaveProperty('unread');
    expect((await ctx.inject(null, { method: 'GET', url: '/api/conversations/events', headers: { accept: 'text/event-stream' } })).statusCode).toBe(401);
  });

  it('ends a stream when its session is signed out, before the next message reaches it', async () => {
    // A session of its own, so the other tests keep theirs.
    const signedIn = await ctx.signIn(maker.email, maker.password);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const second: TestUser = { ...maker, cookie: ctx.cookieFrom(signedIn) };
    const stream = await openStream(second);
    const still = await openStream(maker);
    await stream.waitFor((event) => event.event === 'unread');
    await still.waitFor((event) => event.event === 'unread');
    expect((await ctx.inject(second, { method: 'POST', url: '/api/account/sign-out' })).statusCode).toBe(204);
    expect((await send(client, 'Not for a signed-out tab')).statusCode).toBe(201);
    await stream.ended;
    expect(stream.events.some(isMessage('Not for a signed-out tab'))).toBe(false);
    // The maker's other session still streams.
    await still.waitFor(isMessage('Not for a signed-out tab'));
    still.close();
  });

  it('ends open streams when the server closes', async () => {
    const stream = await openStream(maker);
    await stream.waitFor((event) => event.event === 'unread');
    // ctx.close() in afterAll would hang on an open stream if preClose did not end it; here it just must not throw.
    expect(stream.status).toBe(200);
  });
});
