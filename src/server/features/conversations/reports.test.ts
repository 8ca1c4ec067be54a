import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '../../../domain/conversation-schemas';
import { auditLog } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { multipart, pngBuffer } from '../../../../test/support/project-fixtures';
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
const report = (user: TestUser | null, messageId: string, reason = 'Rude') =>
  ctx.inject(user, { method: 'POST', url: `/api/conversations/${conversationId}/messages/${messageId}/report`, payload: { reason } });
const openReports = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports' })).json().reports as Array<{ id: string; message: { id: string; body: string }; context: Array<{ body: string }>; reason: string }>;

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
});
