import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_REPORT_PAGE_SIZE } from '../../../domain/keyset-cursor';
import { messageReports, messages, reviewReports, reviews, reviewWindows } from '../../db/schema';
import { addProject } from '../../../../test/support/admin';
import { createConversationCast, openConversation } from '../../../../test/support/conversation-fixtures';
import { ok, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';

/**
 * The admin's Reports view reads its three lists a keyset page at a time (decision 229): open message reports and
 * open review reports oldest first, hidden reviews newest decision first, each then by id. Following `nextCursor`
 * reaches every row once, however many share a time, even when times differ below a millisecond.
 */
let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;
let conversationId: string;

withTestContext(async (created) => {
  ctx = created;
  ({ client, maker } = await createConversationCast(ctx));
  admin = await ctx.createAdmin();
  conversationId = await openConversation(ctx, client, maker.id);
});

/** 2026-01-01 plus `micros` microseconds: groups of rows at one instant, one microsecond apart. */
const at = (micros: number) => sql`timestamptz '2026-01-01 00:00:00+00' + ${micros}::int * interval '1 microsecond'`;

/** Every page of a list, following `nextCursor` from the first: the ids in the order read, and how many pages. */
const readAll = async (url: string, rowsKey: 'reports' | 'hidden') => {
  const ids: string[] = [];
  let pages = 0;
  let cursor: string | null = null;
  do {
    const page: { nextCursor: string | null } & Record<typeof rowsKey, Array<{ id: string }>> = ok(
      await ctx.inject(admin, { method: 'GET', url: cursor ? `${url}?cursor=${encodeURIComponent(cursor)}` : url }),
    );
    pages += 1;
    expect(page[rowsKey].length).toBeLessThanOrEqual(ADMIN_REPORT_PAGE_SIZE);
    ids.push(...page[rowsKey].map((row) => row.id));
    cursor = page.nextCursor;
  } while (cursor && pages < 20);
  return { ids, pages };
};

/** The order the list promises, read straight from the table. */
const expectedOrder = async (query: ReturnType<typeof sql>) => (await ctx.db.execute<{ id: string }>(query)).rows.map((row) => row.id);

describe('GET /api/admin/reports, a page at a time', () => {
  it('reaches all 63 open reports, oldest first then by id, each once, across ties and sub-millisecond times', async () => {
    const written = await ctx.db
      .insert(messages)
      .values(Array.from({ length: 65 }, (_, index) => ({ conversationId, senderId: maker.id, body: `Rude message ${index}` })))
      .returning({ id: messages.id });
    // Four reports share each instant, one microsecond after the last: a millisecond cursor would skip or repeat them.
    await ctx.db.insert(messageReports).values(
      written.map((message, index) => ({ messageId: message.id, conversationId, reporterId: client.id, reason: `Report ${index}`, createdAt: at(Math.floor(index / 4)) })),
    );
    // Decided reports are not listed.
    await ctx.db.execute(sql`update message_reports set status = 'dismissed', resolved_at = now() where reason in ('Report 7', 'Report 40')`);

    const { ids, pages } = await readAll('/api/admin/reports', 'reports');
    const open = await expectedOrder(sql`select id from message_reports where status = 'open' order by created_at, id`);
    expect(open).toHaveLength(63);
    expect(pages).toBe(Math.ceil(63 / ADMIN_REPORT_PAGE_SIZE));
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(open);
  });

  it('continues where the page before ended when reports are decided in between, skipping none of the rest', async () => {
    const first = ok<{ reports: Array<{ id: string }>; nextCursor: string }>(await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports' }));
    expect(first.nextCursor).toEqual(expect.any(String));
    // The admin removes the first report's message and dismisses another on the page before reading on.
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${first.reports[0].id}/remove`, payload: {} })).statusCode).toBe(204);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/${first.reports[1].id}/dismiss`, payload: {} })).statusCode).toBe(204);
    // Read from the first page's cursor, the rest are exactly those after it.
    const after: string[] = [];
    let cursor: string | null = first.nextCursor;
    while (cursor) {
      const page: { reports: Array<{ id: string }>; nextCursor: string | null } = ok(await ctx.inject(admin, { method: 'GET', url: `/api/admin/reports?cursor=${encodeURIComponent(cursor)}` }));
      after.push(...page.reports.map((report) => report.id));
      cursor = page.nextCursor;
    }
    const open = await expectedOrder(sql`select id from message_reports where status = 'open' order by created_at, id`);
    expect([...first.reports.slice(2).map((report) => report.id), ...after]).toEqual(open);
  });

  it('refuses a cursor that is not one', async () => {
    for (const cursor of ['abc', '1767225600000', `1767225600000_${'x'.repeat(36)}`, `-1_${randomUUID()}`]) {
      const response = await ctx.inject(admin, { method: 'GET', url: `/api/admin/reports?cursor=${encodeURIComponent(cursor)}` });
      expect(response.statusCode, cursor).toBe(400);
    }
  });
});

describe('GET /api/admin/reports/reviews and /reviews/hidden, a page at a time', () => {
  it('reaches every open review report (oldest first) and every hidden review (newest decision first), each once', async () => {
    // 16 completed projects with both reviews published: 32 reviews, written straight to the tables.
    const written: string[] = [];
    for (let index = 0; index < 16; index += 1) {
      const project = await addProject(ctx, { clientId: client.id, makerId: maker.id, title: `Project ${index}` });
      const now = new Date();
      await ctx.db.insert(reviewWindows).values({ projectId: project.id, clientId: client.id, creatorId: maker.id, opensAt: now, closesAt: now, publishedAt: now });
      const rows = await ctx.db
        .insert(reviews)
        .values([
          { projectId: project.id, direction: 'client_to_creator', authorId: client.id, subjectId: maker.id, rating: 4, communication: 4, quality: 4, onTime: 4, wouldHireAgain: true, body: `Review of project ${index}`, publishedAt: now },
          { projectId: project.id, direction: 'creator_to_client', authorId: maker.id, subjectId: client.id, rating: 5, body: `Client on project ${index}`, publishedAt: now },
        ])
        .returning({ id: reviews.id });
      written.push(...rows.map((row) => row.id));
    }
    // 64 open reports, two per review, in groups of three per instant (reporters whose accounts are gone: no reporter).
    await ctx.db.insert(reviewReports).values(
      written.flatMap((reviewId, index) => [0, 1].map((copy) => ({ reviewId, reporterId: null, reason: `Report ${index}.${copy}`, createdAt: at(Math.floor((index * 2 + copy) / 3)) }))),
    );
    const reports = await readAll('/api/admin/reports/reviews', 'reports');
    const openReports = await expectedOrder(sql`select id from review_reports where status = 'open' order by created_at, id`);
    expect(openReports).toHaveLength(64);
    expect(reports.pages).toBe(Math.ceil(64 / ADMIN_REPORT_PAGE_SIZE));
    expect(new Set(reports.ids).size).toBe(64);
    expect(reports.ids).toEqual(openReports);

    // 30 reviews hidden (some only their reply), several decided in the same microsecond.
    await ctx.db
      .update(reviews)
      .set({ replyBody: 'A reply', replyHiddenAt: at(5), replyHiddenReason: 'Rude' })
      .where(inArray(reviews.id, written.slice(0, 4)));
    for (const [index, id] of written.slice(4, 30).entries()) {
      await ctx.db.update(reviews).set({ hiddenAt: at(Math.floor(index / 3)), hiddenReason: 'Off topic' }).where(eq(reviews.id, id));
    }
    const hidden = await readAll('/api/admin/reports/reviews/hidden', 'hidden');
    const hiddenOrder = await expectedOrder(
      sql`select id from reviews where hidden_at is not null or reply_hidden_at is not null order by greatest(hidden_at, reply_hidden_at) desc, id desc`,
    );
    expect(hiddenOrder).toHaveLength(30);
    expect(hidden.pages).toBe(2);
    expect(new Set(hidden.ids).size).toBe(30);
    expect(hidden.ids).toEqual(hiddenOrder);
  });
});
