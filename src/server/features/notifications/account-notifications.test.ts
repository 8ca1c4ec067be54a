import { describe, expect, it } from 'vitest';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, submitMaker, submitMind } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
}, {}, 60_000);

const items = async (user: TestUser) =>
  ((await ctx.inject(user, { method: 'GET', url: '/api/notifications' })).json().notifications as Array<{ kind: string; title: string; body: string; link: string; isRead: boolean }>).filter(
    (item) => item.kind === 'account',
  );

describe('account notifications', () => {
  it("tell an applicant the admin's decision, with the reason of a rejection, in the decision's transaction", async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/maker/${maker.id}/approve` })).statusCode).toBe(200);
    expect(await items(maker)).toEqual([expect.objectContaining({ title: 'Your application was approved', link: '/dashboard-maker', isRead: false })]);

    const mind = await ctx.signUp('mind');
    await submitMind(ctx, mind);
    const rejected = await ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/mind/${mind.id}/reject`, payload: { reason: 'Add two case studies' } });
    expect(rejected.statusCode).toBe(200);
    expect(await items(mind)).toEqual([expect.objectContaining({ title: 'Your application was not approved yet', body: 'Reason: Add two case studies', link: '/dashboard-mind' })]);
  });

  it('tell a maker the Seal was assigned, then that it was revoked, as one item', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker, { status: 'approved' });
    const client = await ctx.signUp('client');
    for (let index = 0; index < 3; index += 1) await addProject(ctx, { clientId: client.id, makerId: maker.id, status: 'completed', withDoc: true });
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/assign` })).statusCode).toBe(200);
    expect(await items(maker)).toEqual([expect.objectContaining({ title: 'You earned the Seal of human creativity', link: `/studio/${maker.id}` })]);
    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/seal/${maker.id}/revoke`, payload: { reason: 'Copied work' } })).statusCode).toBe(200);
    expect(await items(maker)).toEqual([expect.objectContaining({ title: 'Your Seal was revoked', body: 'Reason: Copied work', isRead: false })]);
  });
});
