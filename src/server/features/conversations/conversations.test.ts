import { randomUUID } from 'node:crypto';
import { asc, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { conversations, messages, projects, user } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, approveMind, onboardedClient, projectPayload, putInReview } from '../../../../test/support/project-fixtures';
import { bulkInsertCreators } from '../../../../test/support/bulk-creators';
import { sendMessage, startConversation } from '../../../../test/support/conversation-fixtures';

let ctx: TestContext;
let client: TestUser;
let stranger: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let mind: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [client, stranger] = [await onboardedClient(ctx), await onboardedClient(ctx, 'Other Co')];
  [maker, otherMaker] = [await approveMaker(ctx, { name: 'Mara Maker' }), await approveMaker(ctx)];
  mind = await approveMind(ctx, { name: 'Milo Mind' });
  admin = await ctx.createAdmin();
});

const start = (user: TestUser | null, creatorId: string, body = 'Hello, are you free in May?', clientMessageId = randomUUID()) =>
  startConversation(ctx, user, creatorId, body, { clientMessageId });
const send = (user: TestUser | null, id: string, body = 'A reply', clientMessageId = randomUUID()) => sendMessage(ctx, user, id, body, { clientMessageId });
const thread = (user: TestUser | null, id: string) => ctx.inject(user, { method: 'GET', url: `/api/conversations/${id}` });
const list = async (user: TestUser) => (await ctx.inject(user, { method: 'GET', url: '/api/conversations' })).json();

const startWith = async (creator: TestUser, from = client) => {
  const response = await start(from, creator.id);
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().conversationId as string;
};

describe('starting a conversation', () => {
  it('lets a client write to an approved creator, and keeps one thread per pair', async () => {
    const first = await start(client, maker.id, 'Hello Mara');
    expect(first.statusCode, first.body).toBe(201);
    const { conversationId, message } = first.json();
    expect(message).toMatchObject({ body: 'Hello Mara', senderId: client.id, kind: 'text' });
    const second = await start(client, maker.id, 'One more thing');
    expect(second.statusCode).toBe(201);
    expect(second.json().conversationId).toBe(conversationId);
    const bodies = (await thread(client, conversationId)).json().messages.map((m: { body: string }) => m.body);
    expect(bodies).toEqual(['Hello Mara', 'One more thing']);
  });

  it('refuses creators and admins at the door: no cold outreach to clients', async () => {
    await expectAccess(ctx, { method: 'POST', url: '/api/conversations', payload: { creatorId: maker.id, body: 'Hi', clientMessageId: randomUUID() } }, [
      ['anonymous', null, 401],
      ['maker', otherMaker, 403],
      ['mind', mind, 403],
      ['admin', admin, 403],
      ['client', client, 201],
    ]);
  });

  it('refuses a creator who is not approved, or someone who is not a creator, by field', async () => {
    const pending = await approveMaker(ctx, { status: 'pending' });
    for (const creatorId of [pending.id, stranger.id, 'nobody']) {
      const response = await start(client, creatorId);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ creatorId: CONVERSATION_MESSAGES.creatorUnavailable });
    }
  });
});

describe('who reads and writes a thread', () => {
  it('lets only the two participants read and write; anyone else gets 404', async () => {
    const id = await startWith(mind);
    await expectAccess(ctx, { method: 'GET', url: `/api/conversations/${id}` }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['another creator', maker, 404],
      ['admin (no flagged project)', admin, 404],
      ['client', client, 200],
      ['creator', mind, 200],
    ]);
    await expectAccess(ctx, () => ({ method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body: 'Hi', clientMessageId: randomUUID() } }), [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['another creator', maker, 404],
      ['admin', admin, 404],
      ['creator replies', mind, 201],
      ['client', client, 201],
    ]);
    await expectAccess(ctx, { method: 'POST', url: `/api/conversations/${id}/read`, payload: { seq: 1 } }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['admin', admin, 404],
      ['client', client, 204],
    ]);
  });

  it("lists only the caller's own conversations, with the other person", async () => {
    const id = await startWith(otherMaker, stranger);
    const mine = await list(stranger);
    expect(mine.conversations.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(mine.conversations[0].other).toMatchObject({ id: otherMaker.id });
    expect((await list(client)).conversations.map((c: { id: string }) => c.id)).not.toContain(id);
  });
});

describe('messages', () => {
  it('refuses an empty or overlong message, and a missing id, field by field', async () => {
    const id = await startWith(maker);
    const empty = await send(client, id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ body: CONVERSATION_MESSAGES.bodyRequired });
    const long = await send(client, id, 'x'.repeat(5001));
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toMatchObject({ body: CONVERSATION_MESSAGES.bodyTooLong });
    expect((await send(client, id, 'x'.repeat(5000))).statusCode).toBe(201);
    const noId = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body: 'hi' } });
    expect(noId.statusCode).toBe(400);
    expect(noId.json().fields).toHaveProperty('clientMessageId');
  });

  it('stores hostile text as text', async () => {
    const id = await startWith(maker);
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(1)> javascript:alert(1)';
    const response = await send(client, id, hostile);
    expect(response.statusCode).toBe(201);
    expect(response.json().message.body).toBe(hostile);
  });

  it('is idempotent by the client-made id: a retried send never doubles a message', async () => {
    const id = await startWith(maker);
    const clientMessageId = randomUUID();
    const first = await send(client, id, 'Only once', clientMessageId);
    const retries = await Promise.all([send(client, id, 'Only once', clientMessageId), send(client, id, 'Only once', clientMessageId)]);
    expect(first.statusCode).toBe(201);
    for (const retry of retries) {
      expect(retry.statusCode).toBe(200);
      expect(retry.json().message.id).toBe(first.json().message.id);
    }
    const rows = await ctx.db.select().from(messages).where(eq(messages.clientMessageId, clientMessageId));
    expect(rows).toHaveLength(1);
    // The same id used in another thread is a mistake, not a new message.
    const other = await startWith(mind);
    expect((await send(client, other, 'Only once', clientMessageId)).statusCode).toBe(409);
  });

  it('counts unread messages per conversation and in total, and clears them when read', async () => {
    const fresh = await onboardedClient(ctx, 'Fresh Co');
    const id = await startWith(maker, fresh);
    expect((await list(fresh)).unread).toBe(0);
    await send(maker, id, 'Thanks for writing');
    const reply = await send(maker, id, 'When do you need it?');
    const before = await list(fresh);
    expect(before.unread).toBe(2);
    expect(before.conversations[0]).toMatchObject({ id, unread: 2, lastMessage: { body: 'When do you need it?' } });
    expect((await list(maker)).conversations.find((c: { id: string }) => c.id === id).unread).toBe(0);
    const read = await ctx.inject(fresh, { method: 'POST', url: `/api/conversations/${id}/read`, payload: { seq: reply.json().message.seq } });
    expect(read.statusCode).toBe(204);
    expect((await list(fresh)).unread).toBe(0);
  });
});

describe('the inbox list', () => {
  it("pages past the newest 100 conversations by cursor, none skipped or repeated, to the microsecond", async () => {
    const reader = await onboardedClient(ctx, 'Many Threads Co');
    await bulkInsertCreators(ctx.db, { count: 105, seed: 14, maxPortfolio: 1 });
    const creators = await ctx.db.select({ id: user.id }).from(user).where(like(user.email, 'bench-%@bench.humanmade.test'));
    expect(creators).toHaveLength(105);
    // Three conversations share each last-message time, and the times differ by a microsecond: the cursor has to
    // tell apart what a millisecond would not, and break ties by id.
    const rows = await ctx.db
      .insert(conversations)
      .values(creators.map(({ id }, n) => ({ clientId: reader.id, creatorId: id, lastMessageAt: sql`now() - interval '1 hour' + ${Math.floor(n / 3)} * interval '1 microsecond'` })))
      .returning({ id: conversations.id, micros: sql<string>`(floor(extract(epoch from ${conversations.lastMessageAt}) * 1000000))::bigint::text` });
    await ctx.db.insert(messages).values(rows.map(({ id }, n) => ({ conversationId: id, senderId: creators[n].id, kind: 'text' as const, body: `Hello ${n}` })));
    const expected = [...rows].sort((a, b) => (a.micros === b.micros ? (a.id < b.id ? 1 : -1) : BigInt(b.micros) > BigInt(a.micros) ? 1 : -1)).map((row) => row.id);

    const first = (await ctx.inject(reader, { method: 'GET', url: '/api/conversations' })).json();
    expect(first.conversations).toHaveLength(100);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(first.unread).toBe(105);
    const second = await ctx.inject(reader, { method: 'GET', url: `/api/conversations?cursor=${encodeURIComponent(first.nextCursor)}` });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().nextCursor).toBeNull();
    const ids = [...first.conversations, ...second.json().conversations].map((conversation: { id: string }) => conversation.id);
    expect(ids).toEqual(expected);
    expect(second.json().conversations.at(-1)).toMatchObject({ unread: 1, lastMessage: { body: expect.stringMatching(/^Hello \d+$/) } });

    // A short list has one page; a made-up cursor is refused.
    expect((await list(stranger)).nextCursor).toBeNull();
    for (const cursor of ['yesterday', `1_${'-'.repeat(36)}`]) {
      const refused = await ctx.inject(reader, { method: 'GET', url: `/api/conversations?cursor=${encodeURIComponent(cursor)}` });
      expect(refused.statusCode, cursor).toBe(400);
    }
  });
});

describe('blocking', () => {
  it("lets a participant block the other; then neither can send: 'You can no longer message this person'", async () => {
    const blocker = await approveMaker(ctx);
    const id = await startWith(blocker);
    await expectAccess(ctx, { method: 'POST', url: `/api/conversations/${id}/block`, payload: {} }, [
      ['anonymous', null, 401],
      ['another client', stranger, 404],
      ['admin', admin, 404],
      ['creator', blocker, 204],
    ]);
    for (const user of [client, blocker]) {
      const refused = await send(user, id);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('You can no longer message this person');
    }
    // Writing again from the studio reaches the same, blocked thread.
    expect((await start(client, blocker.id)).statusCode).toBe(403);
    const view = (await thread(client, id)).json();
    expect(view).toMatchObject({ blocked: true, blockedByMe: false });
    expect((await thread(blocker, id)).json()).toMatchObject({ blocked: true, blockedByMe: true });

    // Only the one who blocked can lift it; then both can write again.
    const byOther = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${id}/unblock`, payload: {} });
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().message).toBe('Only the person who blocked this conversation can unblock it.');
    expect((await ctx.inject(blocker, { method: 'POST', url: `/api/conversations/${id}/unblock`, payload: {} })).statusCode).toBe(204);
    expect((await thread(client, id)).json()).toMatchObject({ blocked: false, blockedByMe: false });
    for (const user of [client, blocker]) expect((await send(user, id)).statusCode).toBe(201);
  });
  it('refuses a second block with 409 rather than dropping it, and keeps the first (decision 219)', async () => {
    const creator = await approveMaker(ctx);
    const id = await startWith(creator);
    const block = (user: TestUser) => ctx.inject(user, { method: 'POST', url: `/api/conversations/${id}/block`, payload: {} });
    const blockOf = async () => (await ctx.db.select({ blockedBy: conversations.blockedBy }).from(conversations).where(eq(conversations.id, id)))[0].blockedBy;
    expect((await block(client)).statusCode).toBe(204);
    const second = await block(creator);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(CONVERSATION_MESSAGES.alreadyBlockedByOther);
    expect(await blockOf()).toBe(client.id);
    expect((await thread(creator, id)).json()).toMatchObject({ blocked: true, blockedByMe: false });
    // Blocking again is nothing to do for the one who blocked.
    expect((await block(client)).statusCode).toBe(204);
    expect(await blockOf()).toBe(client.id);
    // Once lifted, the other person's block is theirs to make, and only they can lift it.
    expect((await ctx.inject(client, { method: 'POST', url: `/api/conversations/${id}/unblock`, payload: {} })).statusCode).toBe(204);
    expect((await block(creator)).statusCode).toBe(204);
    expect(await blockOf()).toBe(creator.id);
    expect((await send(client, id)).statusCode).toBe(403);
  });

  it('refuses a new project with, or an assignment to, a creator either side has blocked, and writes nothing to the thread', async () => {
    const message = 'You can no longer start a project with this creator';
    for (const blockedBy of ['creator', 'client'] as const) {
      const creator = await approveMaker(ctx);
      const id = await startWith(creator);
      const blocker = blockedBy === 'creator' ? creator : client;
      expect((await ctx.inject(blocker, { method: 'POST', url: `/api/conversations/${id}/block`, payload: {} })).statusCode).toBe(204);
      const linesBefore = await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, id));
      const projectsBefore = await ctx.db.select({ id: projects.id }).from(projects).where(eq(projects.clientId, client.id));

      const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id, title: 'Please answer me' }) });
      expect(created.statusCode, blockedBy).toBe(403);
      expect(created.json()).toMatchObject({ message, fields: { creatorId: message } });

      const draft = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ title: 'Unassigned draft' }) });
      expect(draft.statusCode).toBe(201);
      const assigned = await ctx.inject(client, { method: 'POST', url: `/api/projects/${draft.json().id}/assign`, payload: { creatorId: creator.id } });
      expect(assigned.statusCode, blockedBy).toBe(403);
      expect(assigned.json().message).toBe(message);

      expect(await ctx.db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, id))).toHaveLength(linesBefore.length);
      const projectsAfter = await ctx.db.select({ id: projects.id, makerId: projects.makerId }).from(projects).where(eq(projects.clientId, client.id));
      expect(projectsAfter).toHaveLength(projectsBefore.length + 1);
      expect(projectsAfter.find((p) => p.id === draft.json().id)?.makerId).toBeNull();

      // Lifted, the pair can work together again.
      expect((await ctx.inject(blocker, { method: 'POST', url: `/api/conversations/${id}/unblock`, payload: {} })).statusCode).toBe(204);
      expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${draft.json().id}/assign`, payload: { creatorId: creator.id } })).statusCode).toBe(200);
    }
  });
});

describe('projects in the thread', () => {
  const createProject = async (creatorId?: string) => {
    const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId, title: 'Bakery wordmark' }) });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { id: string; conversationId: string | null };
  };
  // In the thread's order: a table read without an order comes back in whatever order its pages hold.
  const linesOf = async (conversationId: string, projectId: string) =>
    (await ctx.db.select().from(messages).where(eq(messages.conversationId, conversationId)).orderBy(asc(messages.seq)))
      .filter((m) => m.projectId === projectId)
      .map((m) => m.projectEvent);

  it("links a new project to the pair's thread and writes its events as system lines", async () => {
    const conversationId = await startWith(maker);
    const project = await createProject(maker.id);
    expect(project.conversationId).toBe(conversationId);
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${project.id}/accept` })).statusCode).toBe(200);
    expect(await linesOf(conversationId, project.id)).toEqual(['created', 'accepted']);
    const view = (await thread(client, conversationId)).json();
    expect(view.projects.map((p: { id: string }) => p.id)).toContain(project.id);
    const lines = view.messages.filter((m: { kind: string }) => m.kind === 'system').map((m: { body: string }) => m.body);
    expect(lines.at(-1)).toContain('accepted the project “Bakery wordmark”');
  });

  it('makes the thread when a project is the first contact, and keeps the decline in it', async () => {
    const newcomer = await approveMaker(ctx);
    const project = await createProject(newcomer.id);
    expect(project.conversationId).not.toBeNull();
    expect((await ctx.inject(newcomer, { method: 'POST', url: `/api/projects/${project.id}/decline` })).statusCode).toBe(200);
    expect(await linesOf(project.conversationId!, project.id)).toEqual(['created', 'declined']);
    // The creator may answer in a thread the client's project opened.
    expect((await send(newcomer, project.conversationId!, 'Sorry, booked until July')).statusCode).toBe(201);
  });

  it('links an unassigned draft when a creator is assigned', async () => {
    const project = await createProject();
    expect(project.conversationId).toBeNull();
    const assigned = await ctx.inject(client, { method: 'POST', url: `/api/projects/${project.id}/assign`, payload: { creatorId: mind.id } });
    expect(assigned.json().conversationId).not.toBeNull();
    expect(await linesOf(assigned.json().conversationId, project.id)).toEqual(['created']);
  });

  it('writes the system line in the same transaction as the event: a failed event leaves neither', async () => {
    const conversationId = await startWith(maker);
    const project = await createProject(maker.id);
    const spy = vi.spyOn(ctx.app.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    const failed = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${project.id}/accept` });
    spy.mockRestore();
    expect(failed.statusCode).toBe(500);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
    expect(row.status).toBe('draft');
    expect(await linesOf(conversationId, project.id)).toEqual(['created']);
  });

  it('lets an admin read (not write) a thread only while a linked project is flagged, and records the decision', async () => {
    const creator = await approveMaker(ctx);
    const project = await createProject(creator.id);
    const conversationId = project.conversationId!;
    expect((await thread(admin, conversationId)).statusCode).toBe(404);
    await putInReview(ctx.db, project.id, `/files/deliverables/${creator.id}/${project.id}/deliverable.png`);
    expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${project.id}/flag` })).statusCode).toBe(200);
    const seen = await thread(admin, conversationId);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().viewerSide).toBeNull();
    expect((await send(admin, conversationId)).statusCode).toBe(403);
    expect((await thread(stranger, conversationId)).statusCode).toBe(404);
    const cleared = await ctx.inject(admin, { method: 'POST', url: `/api/admin/projects/${project.id}/clear-flag`, payload: {} });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await linesOf(conversationId, project.id)).toEqual(['created', 'flagged', 'flag_cleared']);
    expect((await thread(admin, conversationId)).statusCode).toBe(404);
  });
});
