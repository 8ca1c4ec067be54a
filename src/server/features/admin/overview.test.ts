import { describe, expect, it } from 'vitest';
import { contactSubmissions } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, submitMaker, submitMind } from '../../../../test/support/admin';

let ctx: TestContext;
let admin: TestUser;
withTestContext(async (created) => {
  ctx = created;
  admin = await ctx.createAdmin();
});

const get = async (url: string) => {
  const response = await ctx.inject(admin, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json();
};

describe('GET /api/admin/overview', () => {
  it('counts non-admin users, pending makers plus minds, all projects and Seal-eligible makers', async () => {
    await ctx.createAdmin();
    const makers = [await ctx.signUp('maker'), await ctx.signUp('maker'), await ctx.signUp('maker')];
    const mind = await ctx.signUp('mind');
    const client = await ctx.signUp('client');
    await submitMaker(ctx, makers[0]);
    await submitMind(ctx, mind);
    await submitMaker(ctx, makers[1], { status: 'approved' });
    for (let index = 0; index < 3; index += 1) await addProject(ctx, { clientId: client.id, makerId: makers[1].id, withDoc: true });
    await addProject(ctx, { clientId: client.id, status: 'draft' });

    expect((await get('/api/admin/overview')).stats).toEqual({ totalUsers: 5, pendingApplications: 2, totalProjects: 4, sealEligible: 1 });
  });
});

describe('GET /api/admin/contact', () => {
  it('lists the 50 newest messages, naming the creator a marketplace message was about', async () => {
    const base = Date.now() - 3600 * 1000;
    await ctx.db.insert(contactSubmissions).values(
      Array.from({ length: 51 }, (_, index) => ({
        name: `Visitor ${index}`,
        email: `visitor${index}@example.com`,
        message: `Message ${index}`,
        createdAt: new Date(base + index * 1000),
      })),
    );
    await ctx.db.insert(contactSubmissions).values({ name: 'Buyer', email: 'buyer@example.com', message: 'Is Ana free in May?', source: 'marketplace', creatorName: 'Ana Logo', status: 'new' });

    const { submissions } = await get('/api/admin/contact');
    expect(submissions).toHaveLength(50);
    expect(submissions[0]).toMatchObject({ name: 'Buyer', source: 'marketplace', creatorName: 'Ana Logo', message: 'Is Ana free in May?' });
    expect(submissions[1]).toMatchObject({ name: 'Visitor 50', email: 'visitor50@example.com', source: 'contact_page', creatorName: null });
    expect(submissions.map((s: { name: string }) => s.name)).not.toContain('Visitor 1');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the newest entries first with actor, action, target and reason', async () => {
    const maker = await ctx.signUp('maker');
    await submitMaker(ctx, maker);
    await ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/maker/${maker.id}/reject`, payload: { reason: 'Needs a portfolio' } });
    await ctx.inject(admin, {
      method: 'POST',
      url: '/api/admin/workshops',
      payload: { title: 'Type clinic', date: new Date(Date.now() + 86400000).toISOString(), maxParticipants: 12 },
    });
    const { entries } = await get('/api/admin/audit');
    expect(entries.map((e: { action: string }) => e.action).slice(0, 2)).toEqual(['workshop.create', 'application.reject']);
    expect(entries[1]).toMatchObject({ actorId: admin.id, actorEmail: admin.email, targetType: 'maker', targetId: maker.id, reason: 'Needs a portfolio' });
  });
});
