import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../domain/admin-schemas';
import { auditLog, emailOutbox, whiteGloveRequests } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addWhiteGloveRequest, onboardClient, submitMaker, submitMind } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
let client: TestUser;
let logoMakers: TestUser[];
let brandingMaker: TestUser;
let pendingMaker: TestUser;
let mind: TestUser;
const HOUR = 60 * 60 * 1000;

withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
  client = await ctx.signUp('client');
  await onboardClient(ctx, client, 'Bakehouse Co');
  logoMakers = [];
  for (const name of ['Ana Logo', 'Ben Logo', 'Cy Logo']) {
    const maker = await ctx.signUp('maker', { name });
    await submitMaker(ctx, maker, { status: 'approved', categories: ['logo_design', 'web_design'] });
    logoMakers.push(maker);
  }
  brandingMaker = await ctx.signUp('maker', { name: 'Dee Brand' });
  await submitMaker(ctx, brandingMaker, { status: 'approved', categories: ['branding_packages'] });
  pendingMaker = await ctx.signUp('maker', { name: 'Eve Pending' });
  await submitMaker(ctx, pendingMaker, { categories: ['logo_design'] });
  mind = await ctx.signUp('mind', { name: 'Fay Mind' });
  await submitMind(ctx, mind, { status: 'approved' });
});

const candidates = async (requestId: string, query = '') =>
  (await ctx.inject(admin, { method: 'GET', url: `/api/admin/white-glove/${requestId}/candidates${query}` })).json().creators as Array<{ userId: string; role: string; matchesType: boolean }>;
const curate = (requestId: string, creatorIds: string[]) =>
  ctx.inject(admin, { method: 'POST', url: `/api/admin/white-glove/${requestId}/curate`, payload: { creatorIds } });

describe('GET /api/admin/white-glove', () => {
  it('lists overdue pending requests first, oldest first, then the rest newest first, with company and due time', async () => {
    const other = await ctx.signUp('client');
    const now = Date.now();
    const overdueRecent = await addWhiteGloveRequest(ctx, client.id, { createdAt: new Date(now - 50 * HOUR) });
    const overdueOldest = await addWhiteGloveRequest(ctx, other.id, { createdAt: new Date(now - 90 * HOUR) });
    const fresh = await addWhiteGloveRequest(ctx, client.id, { createdAt: new Date(now - 2 * HOUR) });
    const olderFresh = await addWhiteGloveRequest(ctx, client.id, { createdAt: new Date(now - 10 * HOUR) });
    const oldCompleted = await addWhiteGloveRequest(ctx, client.id, { createdAt: new Date(now - 200 * HOUR) });
    await ctx.db.update(whiteGloveRequests).set({ status: 'completed' }).where(eq(whiteGloveRequests.id, oldCompleted.id));

    const { requests } = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/white-glove' })).json();
    expect(requests.map((r: { id: string }) => r.id)).toEqual([overdueOldest.id, overdueRecent.id, fresh.id, olderFresh.id, oldCompleted.id]);
    expect(requests.map((r: { isOverdue: boolean }) => r.isOverdue)).toEqual([true, true, false, false, false]);
    expect(requests[0].companyName).toBeNull();
    expect(requests[1]).toMatchObject({ companyName: 'Bakehouse Co', deliverableType: 'logo_design', budget: 4000, status: 'pending', curatedCreatorIds: [] });
    expect(Date.parse(requests[2].dueAt) - Date.parse(requests[2].createdAt)).toBe(48 * HOUR);
    await ctx.db.delete(whiteGloveRequests);
  });
});

describe('curation candidates', () => {
  it('offers approved makers of the requested deliverable by default, everyone approved with all=true, and searches by name', async () => {
    const request = await addWhiteGloveRequest(ctx, client.id, { deliverableType: 'logo_design' });
    const matching = await candidates(request.id);
    expect(matching.map((c) => c.userId).sort()).toEqual(logoMakers.map((m) => m.id).sort());
    expect(matching.every((c) => c.matchesType)).toBe(true);

    const everyone = await candidates(request.id, '?all=true');
    const ids = everyone.map((c) => c.userId);
    expect(ids).toEqual(expect.arrayContaining([...logoMakers.map((m) => m.id), brandingMaker.id, mind.id]));
    expect(ids).not.toContain(pendingMaker.id);
    expect(ids).not.toContain(admin.id);
    expect(everyone.find((c) => c.userId === mind.id)).toMatchObject({ role: 'mind', matchesType: false });

    expect((await candidates(request.id, '?all=true&q=dee')).map((c) => c.userId)).toEqual([brandingMaker.id]);
  });
});

describe('POST /api/admin/white-glove/:id/curate', () => {
  it('refuses anything but 3 distinct approved creators, with a clear message, and leaves the request pending', async () => {
    const request = await addWhiteGloveRequest(ctx, client.id);
    const two = await curate(request.id, logoMakers.slice(0, 2).map((m) => m.id));
    expect(two.statusCode).toBe(400);
    expect(two.json().fields.creatorIds).toBe(ADMIN_MESSAGES.curateExactly);
    const duplicate = await curate(request.id, [logoMakers[0].id, logoMakers[0].id, logoMakers[1].id]);
    expect(duplicate.json().fields.creatorIds).toBe(ADMIN_MESSAGES.curateDistinct);
    for (const outsider of [pendingMaker.id, admin.id, client.id, 'no-such-user']) {
      const response = await curate(request.id, [logoMakers[0].id, logoMakers[1].id, outsider]);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(ADMIN_MESSAGES.curateNotApproved);
    }
    const [row] = await ctx.db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, request.id));
    expect(row).toMatchObject({ status: 'pending', curatedCreatorIds: [], completedAt: null });
  });

  it('saves 3 creators (a mind may be one), completes the request, emails the client and audits it; only once', async () => {
    const request = await addWhiteGloveRequest(ctx, client.id);
    const chosen = [logoMakers[0].id, mind.id, brandingMaker.id];
    const response = await curate(request.id, chosen);
    expect(response.statusCode).toBe(200);
    const [row] = await ctx.db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, request.id));
    expect(row).toMatchObject({ status: 'completed', curatedCreatorIds: chosen });
    expect(row.completedAt).toBeInstanceOf(Date);

    const [mail] = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, client.email), eq(emailOutbox.type, 'white-glove-matches')));
    expect(mail.textBody).toContain('Ana Logo');
    expect(mail.textBody).toContain('Fay Mind');
    expect(mail.textBody).toContain('/dashboard-client');
    // And in the app: an item in the client's notifications that leads to the White Glove tab.
    const items = (await ctx.inject(client, { method: 'GET', url: '/api/notifications' })).json().notifications;
    expect(items).toContainEqual(
      expect.objectContaining({ title: 'Your White Glove matches are ready', link: '/dashboard-client?tab=white-glove', isRead: false }),
    );
    expect(items.find((item: { title: string }) => item.title === 'Your White Glove matches are ready').body).toContain('Ana Logo');
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, request.id));
    expect(entry).toMatchObject({ action: 'white_glove.curate', actorId: admin.id, metadata: { name: 'Bakehouse Co', creatorIds: chosen } });

    const again = await curate(request.id, logoMakers.map((m) => m.id));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ADMIN_MESSAGES.requestNotPending);
    expect((await curate('00000000-0000-4000-8000-000000000000', chosen)).statusCode).toBe(404);
  });
});
