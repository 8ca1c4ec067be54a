import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, emailsTo, onboardedClient } from '../../../../test/support/project-fixtures';
import { sendMessage, startConversation } from '../../../../test/support/conversation-fixtures';
import { emailUnreadMessages, findDue } from './unread-emails';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
});

const MINUTE = 60 * 1000;
const unreadMail = async (user: TestUser) => (await emailsTo(ctx, user.email)).filter((email) => email.type === 'message-unread');

describe('unread-message emails', () => {
  it('emails a message still unread after the delay, once, batched per conversation and at most hourly', async () => {
    const started = await startConversation(ctx, client, maker.id, 'Are you free in May?');
    const conversationId = started.json().conversationId as string;
    await sendMessage(ctx, client, conversationId, 'It is for a bakery.');
    const now = Date.now();

    // Not yet: the delay (10 minutes by default) has not passed.
    expect(await emailUnreadMessages(ctx.app, new Date(now + 5 * MINUTE))).toBe(0);
    expect(await emailUnreadMessages(ctx.app, new Date(now + 11 * MINUTE))).toBe(1);
    const [mail] = await unreadMail(maker);
    expect(mail.subject).toContain('2 new messages from');
    expect(mail.textBody).toContain('Are you free in May?');
    expect(mail.textBody).toContain(`/inbox/${conversationId}`);
    // The sender is never emailed about their own messages.
    expect(await unreadMail(client)).toHaveLength(0);

    // A later message within the hour waits; after the hour it goes, alone.
    const later = await sendMessage(ctx, client, conversationId, 'Also a menu.');
    await ctx.db.update(messages).set({ createdAt: new Date(now) }).where(eq(messages.id, later.json().message.id));
    expect(await emailUnreadMessages(ctx.app, new Date(now + 30 * MINUTE))).toBe(0);
    expect(await emailUnreadMessages(ctx.app, new Date(now + 72 * MINUTE))).toBe(1);
    const mails = await unreadMail(maker);
    expect(mails).toHaveLength(2);
    expect(mails.map((m) => m.subject)).toContain(`New message from ${client.name}`);
  });

  it('does not email what was read', async () => {
    const other = await approveMaker(ctx);
    const started = await startConversation(ctx, client, other.id);
    const read = await ctx.inject(other, { method: 'POST', url: `/api/conversations/${started.json().conversationId}/read`, payload: { seq: started.json().message.seq } });
    expect(read.statusCode).toBe(204);
    expect(await emailUnreadMessages(ctx.app, new Date(Date.now() + 11 * MINUTE))).toBe(0);
    expect(await unreadMail(other)).toHaveLength(0);
  });

  it('does not pick a conversation whose only unread message was removed, pass after pass', async () => {
    const other = await approveMaker(ctx);
    const started = await startConversation(ctx, client, other.id, 'Something the admin removed');
    const conversationId = started.json().conversationId as string;
    await ctx.db.update(messages).set({ removedAt: new Date() }).where(eq(messages.id, started.json().message.id));
    const at = new Date(Date.now() + 11 * MINUTE);
    expect((await findDue(ctx.app, at)).map((due) => due.conversationId)).not.toContain(conversationId);
    expect(await emailUnreadMessages(ctx.app, at)).toBe(0);
    expect(await unreadMail(other)).toHaveLength(0);
  });
});
