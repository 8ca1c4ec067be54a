import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { auditLog, messages, projects } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, multipart, pngBuffer, projectPayload, putInReview } from '../../../../test/support/project-fixtures';
import { createConversationCast, openConversation, sendMessage } from '../../../../test/support/conversation-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let stranger: TestUser;
let admin: TestUser;
let conversationId: string;

withTestContext(async (created) => {
  ctx = created;
  ({ client, stranger, maker } = await createConversationCast(ctx));
  admin = await ctx.createAdmin();
  conversationId = await openConversation(ctx, client, maker.id);
});

const makerSays = async (body: string) => {
  const response = await sendMessage(ctx, maker, conversationId, body);
  return response.json().message as { id: string; seq: number };
};
const reportIn = (threadId: string, user: TestUser | null, messageId: string, reason = 'Rude') =>
  ctx.inject(user, { method: 'POST', url: `/api/conversations/${threadId}/messages/${messageId}/report`, payload: { reason } });
const report = (user: TestUser | null, messageId: string, reason = 'Rude') => reportIn(conversationId, user, messageId, reason);
type ShownReport = {
  id: string;
  message: { id: string; body: string };
  context: Array<{ id: string; body: string; attachments: Array<{ url: string }> }>;
  reason: string;
};
const openReports = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports' })).json().reports as ShownReport[];
const reportOf = async (messageId: string) => (await openReports()).find((entry) => entry.message.id === messageId)!;
const sendIn = async (threadId: string, user: TestUser, body: string) => {
  const response = await sendMessage(ctx, user, threadId, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().message as { id: string; seq: number };
};
const conversationItem = async (user: TestUser, threadId: string) =>
  ((await ctx.inject(user, { method: 'GET', url: '/api/notifications' })).json().notifications as Array<{ body: string; link: string; isRead: boolean }>).find(
    (item) => item.link === `/inbox/${threadId}`,
  );

describe('reports', () => {
  it("lets only the other participant report a message, and shows it to admins with its context", async () => {
    await makerSays('Before');
    const rude = await makerSays('Something rude');
    await makerSays('After');
    await expectAccess(ctx, () => ({ method: 'POST', url: `/api/conversations/${conversationId}/messages/${rude.id}/report`, payload: { reason: 'Rude' } }), [
      ['anonymous', null, 401],
      ['stranger', stranger, 404],
      ['admin', admin, 404],
      ['the author', maker, 409],
      ['the other participant', client, 201],
      ['again (no second report)', client, 201],
    ]);
    const reports = await openReports();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: 'Rude', message: { id: rude.id, body: 'Something rude' } });
    expect(reports[0].context.map((m) => m.body)).toEqual(expect.arrayContaining(['Before', 'Something rude', 'After']));
    // The admin hears of it once in the notification centre, though the client reported twice.
    const items = (await ctx.inject(admin, { method: 'GET', url: '/api/notifications' })).json().notifications as Array<{ title: string; body: string; link: string }>;
    expect(items.filter((item) => item.title === 'A message was reported')).toEqual([{ ...items.find((item) => item.title === 'A message was reported'), body: 'Reason: Rude', link: '/dashboard-admin?tab=reports' }]);
    await expectAccess(ctx, { method: 'GET', url: '/api/admin/reports' }, [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['maker', maker, 403],
      ['admin', admin, 200],
    ]);
  });

  it("removes the message for everyone ('Message removed by Humanmade'), stops its file, and audits the decision", async () => {
    const body = multipart({ data: await pngBuffer(), filename: 'bad.png', contentType: 'image/png' }, { clientMessageId: randomUUID(), body: 'Look at this' });
    const sent = await ctx.inject(maker, { method: 'POST', url: `/api/conversations/${conversationId}/attachments`, ...body });
    const message = sent.json().message as { id: string; attachments: Array<{ url: string }> };
    expect((await ctx.inject(client, { method: 'GET', url: message.attachments[0].url })).statusCode).toBe(200);
    expect((await report(client, message.id)).statusCode).toBe(201);
    const target = (await openReports()).find((r) => r.message.id === message.id)!;
    const removed = await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${target.id}/remove`, payload: { reason: 'Harassment' } });
    expect(removed.statusCode).toBe(204);
    const thread = (await ctx.inject(client, { method: 'GET', url: `/api/conversations/${conversationId}` })).json();
    const shown = thread.messages.find((m: { id: string }) => m.id === message.id);
    expect(shown).toMatchObject({ body: CONVERSATION_MESSAGES.removed, removed: true, attachments: [] });
    expect((await ctx.inject(client, { method: 'GET', url: message.attachments[0].url })).statusCode).toBe(404);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${target.id}/remove`, payload: {} })).statusCode).toBe(409);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, message.id));
    expect(audit.map((row) => row.action)).toEqual(['message.remove']);
  });

  it('dismisses a report, leaving the message as it was, and audits it', async () => {
    const fine = await makerSays('A fair price is 900');
    await report(client, fine.id, 'Too expensive');
    const target = (await openReports()).find((r) => r.message.id === fine.id)!;
    expect((await ctx.inject(client, { method: 'POST', url: `/api/admin/reports/${target.id}/dismiss`, payload: {} })).statusCode).toBe(403);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${target.id}/dismiss`, payload: {} })).statusCode).toBe(204);
    expect((await openReports()).find((r) => r.id === target.id)).toBeUndefined();
    const thread = (await ctx.inject(client, { method: 'GET', url: `/api/conversations/${conversationId}` })).json();
    expect(thread.messages.find((m: { id: string }) => m.id === fine.id).body).toBe('A fair price is 900');
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, fine.id));
    expect(audit.map((row) => row.action)).toEqual(['report.dismiss']);
  });

  it("takes the removed words out of the recipient's notification item too, when that item quotes them", async () => {
    const creator = await approveMaker(ctx);
    const threadId = await openConversation(ctx, client, creator.id);
    await sendIn(threadId, creator, 'Earlier words');
    const insult = await sendIn(threadId, creator, 'Insulting words');
    expect(await conversationItem(client, threadId)).toMatchObject({ body: 'Insulting words', isRead: false });
    expect((await reportIn(threadId, client, insult.id)).statusCode).toBe(201);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${(await reportOf(insult.id)).id}/remove`, payload: {} })).statusCode).toBe(204);
    // Removed, not news: the item keeps its unread state.
    expect(await conversationItem(client, threadId)).toMatchObject({ body: CONVERSATION_MESSAGES.removed, isRead: false });

    // An older message removed leaves the item quoting a newer one as it was.
    const nasty = await sendIn(threadId, creator, 'A nasty one');
    await sendIn(threadId, creator, 'A kind one');
    expect((await reportIn(threadId, client, nasty.id)).statusCode).toBe(201);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${(await reportOf(nasty.id)).id}/remove`, payload: {} })).statusCode).toBe(204);
    expect(await conversationItem(client, threadId)).toMatchObject({ body: 'A kind one' });
  });

  it('shows the four messages before and the four after the reported one in its own thread, however busy the others are', async () => {
    const creator = await approveMaker(ctx);
    const threadId = await openConversation(ctx, client, creator.id, 'Opening line');
    const elsewhere = await openConversation(ctx, stranger, maker.id, 'Another thread');
    // seq is one counter for every thread: 60 messages elsewhere between each two of this thread's.
    const busyElsewhere = () =>
      ctx.db.insert(messages).values(Array.from({ length: 60 }, (_, n) => ({ conversationId: elsewhere, senderId: stranger.id, kind: 'text' as const, body: `Elsewhere ${n}` })));
    const lines: Array<{ id: string; seq: number }> = [];
    for (let n = 1; n <= 13; n += 1) {
      await busyElsewhere();
      const [line] = await ctx.db
        .insert(messages)
        .values({ conversationId: threadId, senderId: n % 2 === 1 ? creator.id : client.id, kind: 'text', body: `Line ${n}` })
        .returning({ id: messages.id, seq: messages.seq });
      lines.push(line);
    }
    await busyElsewhere();
    const reported = lines[6];
    expect((await reportIn(threadId, client, reported.id)).statusCode).toBe(201);
    const shown = await reportOf(reported.id);
    expect(shown.context.map((message) => message.body)).toEqual(['Line 3', 'Line 4', 'Line 5', 'Line 6', 'Line 7', 'Line 8', 'Line 9', 'Line 10', 'Line 11']);

    // Near the start of a thread there is less before it.
    expect((await reportIn(threadId, client, lines[0].id)).statusCode).toBe(201);
    expect((await reportOf(lines[0].id)).context.map((message) => message.body)).toEqual(['Opening line', 'Line 1', 'Line 2', 'Line 3', 'Line 4', 'Line 5']);
  });

  for (const resolution of ['cancel', 'clear-flag'] as const) {
    it(`opens the thread around a report to admins only while a linked project's flag is open (closed by ${resolution})`, async () => {
      const creator = await approveMaker(ctx);
      const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: creator.id }) });
      const project = created.json() as { id: string; conversationId: string };
      const threadId = project.conversationId;
      await putInReview(ctx.db, project.id, `/files/deliverables/${creator.id}/${project.id}/deliverable.png`);
      expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${project.id}/flag` })).statusCode).toBe(200);
      const body = multipart({ data: await pngBuffer('#224466'), filename: 'brief.png', contentType: 'image/png' }, { clientMessageId: randomUUID() });
      const sent = await ctx.inject(client, { method: 'POST', url: `/api/conversations/${threadId}/attachments`, ...body });
      expect(sent.statusCode, sent.body).toBe(201);
      const fileUrl = (sent.json().message as { attachments: Array<{ url: string }> }).attachments[0].url;
      const rude = await sendIn(threadId, creator, 'Rude words');
      expect((await reportIn(threadId, client, rude.id)).statusCode).toBe(201);

      // While the flag waits for an admin: the thread, its files and the report's whole context.
      const neighbourFiles = async () => (await reportOf(rude.id)).context.filter((message) => message.id !== rude.id).flatMap((message) => message.attachments);
      expect(await neighbourFiles()).toEqual([expect.objectContaining({ url: fileUrl })]);
      expect((await ctx.inject(admin, { method: 'GET', url: `/api/conversations/${threadId}` })).statusCode).toBe(200);
      expect((await ctx.inject(admin, { method: 'GET', url: fileUrl })).statusCode).toBe(200);

      const decided = await ctx.inject(admin, { method: 'POST', url: `/api/admin/projects/${project.id}/${resolution}`, payload: { reason: 'Decided' } });
      expect(decided.statusCode, decided.body).toBe(200);
      const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
      // A cancelled project keeps its flag as a record (decision 186); the flag is no longer open either way.
      expect(row).toMatchObject(resolution === 'cancel' ? { status: 'cancelled', flagged: true } : { status: 'in_review', flagged: false });

      // The dispute is over: the thread, its files and what is written later are the two people's alone again.
      await sendIn(threadId, creator, 'Written after the decision');
      expect((await ctx.inject(admin, { method: 'GET', url: `/api/conversations/${threadId}` })).statusCode).toBe(404);
      expect((await ctx.inject(admin, { method: 'GET', url: fileUrl })).statusCode).toBe(404);
      expect(await neighbourFiles()).toEqual([]);
      expect((await ctx.inject(client, { method: 'GET', url: fileUrl })).statusCode).toBe(200);
    });
  }
});
