import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { notifications } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, onboardedClient, projectPayload } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let stranger: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  stranger = await onboardedClient(ctx, 'Stranger Co');
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
});

const page = async (user: TestUser, cursor?: string) =>
  (await ctx.inject(user, { method: 'GET', url: `/api/notifications${cursor ? `?cursor=${cursor}` : ''}` })).json() as {
    notifications: Array<{ id: string; kind: string; title: string; body: string; link: string; isRead: boolean }>;
    nextCursor: string | null;
    unread: number;
  };

describe('notifications', () => {
  it('keeps one item per conversation for the recipient, updated by each message and unread again', async () => {
    const started = await ctx.inject(client, { method: 'POST', url: '/api/conversations', payload: { creatorId: maker.id, body: 'First', clientMessageId: randomUUID() } });
    const id = started.json().conversationId as string;
    let items = (await page(maker)).notifications.filter((n) => n.kind === 'message');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ title: `New message from ${client.name}`, body: 'First', link: `/inbox/${id}`, isRead: false });
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/notifications/${items[0].id}/read`, payload: {} })).statusCode).toBe(204);
    expect((await page(maker)).unread).toBe(0);
    await ctx.inject(client, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body: 'Second', clientMessageId: randomUUID() } });
    items = (await page(maker)).notifications.filter((n) => n.kind === 'message');
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ body: 'Second', isRead: false });
    // Reading the conversation reads its item too.
    const seq = (await ctx.inject(maker, { method: 'GET', url: `/api/conversations/${id}` })).json().messages.at(-1).seq;
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/conversations/${id}/read`, payload: { seq } })).statusCode).toBe(204);
    expect((await page(maker)).notifications.find((n) => n.kind === 'message')?.isRead).toBe(true);
    // The sender gets nothing for their own messages.
    expect((await page(client)).notifications.filter((n) => n.kind === 'message')).toHaveLength(0);
  });

  it("tells the other side of a project's event, in the event's transaction", async () => {
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: maker.id, title: 'Shop sign' }) });
    const projectId = created.json().id as string;
    expect((await page(maker)).notifications.find((n) => n.kind === 'project')).toMatchObject({ title: 'New project for you: Shop sign', link: `/dashboard-maker?tab=projects&project=${projectId}` });
    const spy = vi.spyOn(ctx.app.mailer, 'enqueue').mockRejectedValueOnce(new Error('outbox unavailable'));
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/accept` })).statusCode).toBe(500);
    spy.mockRestore();
    expect((await page(client)).notifications.filter((n) => n.kind === 'project')).toHaveLength(0);
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/accept` })).statusCode).toBe(200);
    expect((await page(client)).notifications.find((n) => n.kind === 'project')?.title).toBe('Your project was accepted: Shop sign');
  });

  it('pages by keyset, marks all read, and keeps each person to their own items', async () => {
    const rows = Array.from({ length: 25 }, (_, n) => ({
      userId: stranger.id,
      kind: 'project',
      subjectKey: `test:${n}`,
      title: `Item ${n}`,
      body: '',
      link: '/dashboard-client',
      updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)),
    }));
    await ctx.db.insert(notifications).values(rows);
    const first = await page(stranger);
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0].title).toBe('Item 24');
    const second = await page(stranger, first.nextCursor!);
    expect(second.notifications.map((n) => n.title)).toEqual(['Item 4', 'Item 3', 'Item 2', 'Item 1', 'Item 0']);
    expect(second.nextCursor).toBeNull();
    expect(first.unread).toBe(25);
    const someoneElses = (await page(maker)).notifications[0];
    await expectAccess(ctx, { method: 'POST', url: `/api/notifications/${someoneElses.id}/read`, payload: {} }, [
      ['anonymous', null, 401],
      ['another user', stranger, 404],
    ]);
    expect((await ctx.inject(stranger, { method: 'POST', url: '/api/notifications/read-all', payload: {} })).statusCode).toBe(204);
    expect((await page(stranger)).unread).toBe(0);
    const [still] = await ctx.db.select().from(notifications).where(eq(notifications.id, someoneElses.id));
    expect(still.readAt).toBeNull();
    expect((await ctx.inject(stranger, { method: 'GET', url: '/api/notifications?cursor=x' })).statusCode).toBe(400);
  });
});
