import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makerProfiles, mindProfiles, portfolioItems, projects } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { creditEarnings } from '../../../../test/support/money-fixtures';

let ctx: TestContext;
let maker: TestUser;
let mind: TestUser;
let client: TestUser;
let other: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [maker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
  other = await ctx.signUp('maker');
  await ctx.db.update(makerProfiles).set({ applicationStatus: 'approved', sealStatus: 'verified' }).where(eq(makerProfiles.userId, maker.id));
  await ctx.db.update(mindProfiles).set({ applicationStatus: 'rejected', rejectionReason: 'Add a video' }).where(eq(mindProfiles.userId, mind.id));
  const base = { clientId: client.id, description: 'd', deliverableType: 'branding_packages' as const };
  const inserted = await ctx.db.insert(projects).values([
    { ...base, makerId: maker.id, title: 'A', budget: 100, status: 'active' },
    { ...base, makerId: maker.id, title: 'B', budget: 200, status: 'active' },
    { ...base, makerId: maker.id, title: 'C', budget: 300, status: 'draft' },
    { ...base, makerId: other.id, title: 'Not mine', budget: 900, status: 'active' },
    { ...base, mindId: mind.id, title: 'Strategy', budget: 1000, status: 'completed', completedAt: new Date('2025-03-01T10:00:00Z') },
    { ...base, mindId: mind.id, title: 'Naming', budget: 2000, status: 'completed', completedAt: new Date('2025-05-01T10:00:00Z') },
    { ...base, mindId: mind.id, title: 'Review', budget: 400, status: 'in_review' },
    { ...base, mindId: mind.id, title: 'Ongoing', budget: 600, status: 'active' },
  ]).returning();
  // Earnings are the ledger's (decision 170): released money, whatever the projects' budgets say.
  const byTitle = (title: string) => inserted.find((row) => row.title === title)!.id;
  await creditEarnings(ctx.db, { clientId: client.id, creatorId: maker.id, projectId: byTitle('A'), cents: 125050 });
  await creditEarnings(ctx.db, { clientId: client.id, creatorId: mind.id, projectId: byTitle('Strategy'), cents: 300000 });
  await ctx.db.insert(portfolioItems).values([
    { makerId: maker.id, title: 'One', category: 'logo_design', imageUrl: '/files/portfolio-items/x/1.png' },
    { makerId: other.id, title: 'Theirs', category: 'logo_design', imageUrl: '/files/portfolio-items/y/1.png' },
  ]);
});

describe('creator dashboard figures', () => {
  it('are for makers and minds only', async () => {
    for (const url of ['/api/creator-dashboard/summary', '/api/creator-dashboard/earnings']) {
      await expectAccess(ctx, { method: 'GET', url }, [
        ['anonymous', null, 401],
        ['client', client, 403],
        ['maker', maker, 200],
        ['mind', mind, 200],
      ]);
    }
  });

  it("count only the maker's own active projects and portfolio items", async () => {
    const response = await ctx.inject(maker, { method: 'GET', url: '/api/creator-dashboard/summary' });
    expect(response.json().summary).toEqual({
      applicationStatus: 'approved',
      rejectionReason: null,
      sealStatus: 'verified',
      earningsTotal: 1250.5,
      activeProjects: 2,
      inReviewProjects: 0,
      portfolioItems: 1,
    });
  });

  it('give each creator their own figures when many are asked for at once (one statement, db/batch.ts)', async () => {
    const answers = await Promise.all([maker, other, mind, maker, other].map((who) => ctx.inject(who, { method: 'GET', url: '/api/creator-dashboard/summary' })));
    expect(answers.map((answer) => [answer.json().summary.activeProjects, answer.json().summary.portfolioItems, answer.json().summary.earningsTotal])).toEqual([
      [2, 1, 1250.5],
      [1, 1, 0],
      [1, 0, 3000],
      [2, 1, 1250.5],
      [1, 1, 0],
    ]);
  });

  it("give the mind their status, reason and earnings from projects where they are the mind", async () => {
    const summary = (await ctx.inject(mind, { method: 'GET', url: '/api/creator-dashboard/summary' })).json().summary;
    expect(summary).toMatchObject({ applicationStatus: 'rejected', rejectionReason: 'Add a video', sealStatus: 'none', activeProjects: 1, inReviewProjects: 1, portfolioItems: 0 });
    const earnings = (await ctx.inject(mind, { method: 'GET', url: '/api/creator-dashboard/earnings' })).json().earnings;
    expect(earnings).toMatchObject({ earningsTotal: 3000, completedProjects: 2, inProgressProjects: 2 });
    // The money it gives is the ledger's alone: no sums of budgets (decision 228).
    expect(Object.keys(earnings).sort()).toEqual(['completedProjects', 'earningsTotal', 'inProgressProjects', 'recentCompleted']);
    expect(earnings.recentCompleted.map((project: { title: string }) => project.title)).toEqual(['Naming', 'Strategy']);
  });
});
