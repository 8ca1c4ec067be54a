import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, approveMind, emailsTo, onboardedClient, projectPayload, putInReview } from '../../../../test/support/project-fixtures';
import { earnedDollars, fundCurrentMilestone } from '../../../../test/support/money-fixtures';

let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let mind: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [client, otherClient] = [await onboardedClient(ctx), await onboardedClient(ctx, 'Other Co')];
  [maker, otherMaker] = [await approveMaker(ctx, { name: 'Mara Maker' }), await approveMaker(ctx)];
  mind = await approveMind(ctx, { name: 'Milo Mind' });
});

const create = async (creatorId?: string, overrides: Record<string, unknown> = {}) => {
  const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId, ...overrides }) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; status: string };
};
const act = (user: TestUser | null, id: string, action: string) => ctx.inject(user, { method: 'POST', url: `/api/projects/${id}/${action}` });
const statusOf = async (id: string) => (await ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
const toInReview = async (id: string, creator = maker) => {
  await putInReview(ctx.db, id, `/files/deliverables/${creator.id}/${id}/deliverable.png`);
};

describe('creating a project', () => {
  it('creates a draft with the creator in the column of their role, and emails them', async () => {
    const forMaker = await create(maker.id);
    const forMind = await create(mind.id);
    expect(forMaker).toMatchObject({ status: 'draft', creator: { id: maker.id, role: 'maker', name: 'Mara Maker' }, budget: 1200 });
    expect(await statusOf(forMaker.id)).toMatchObject({ makerId: maker.id, mindId: null, clientId: client.id });
    expect(await statusOf(forMind.id)).toMatchObject({ makerId: null, mindId: mind.id });
    const mail = (await emailsTo(ctx, mind.email)).filter((email) => email.type === 'project-assigned');
    expect(mail).toHaveLength(1);
    expect(mail[0].textBody).toContain('A new wordmark');
    // The three answers a draft has, not only accept or decline: most briefs are answered with an offer.
    expect(mail[0].textBody).toContain('accept it as it stands, send an offer with your price and milestones, or decline it');
  });

  it('creates an unassigned draft without a creator', async () => {
    const project = await create();
    expect(project).toMatchObject({ status: 'draft', creator: null });
  });

  it('refuses a creator who is not approved, not a creator, or unknown, with a field error', async () => {
    const pending = await approveMaker(ctx, { status: 'pending' });
    for (const creatorId of [pending.id, otherClient.id, 'no-such-user']) {
      const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId }) });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ creatorId: 'Please choose an approved creator' });
    }
  });

  it('validates every field with the shared schema', async () => {
    const response = await ctx.inject(client, {
      method: 'POST',
      url: '/api/projects',
      payload: { title: ' ', description: '', deliverableType: 'sculpture', budget: -5 },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      title: 'Please enter a title',
      description: 'Please enter a description',
      deliverableType: 'Please select a deliverable type',
      budget: 'Budget must be at least $1',
    });
    const text = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ budget: '100' }) });
    expect(text.json().fields).toEqual({ budget: 'Please enter a budget' });
  });

  it('is for clients only', async () => {
    await expectAccess(ctx, { method: 'POST', url: '/api/projects', payload: projectPayload() }, [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['mind', mind, 403],
      ['client', client, 201],
    ]);
  });
});

describe('who can see a project', () => {
  it('shows it to its client, its creator and admins; anyone else gets 404', async () => {
    const project = await create(maker.id);
    const admin = await ctx.createAdmin();
    await expectAccess(ctx, { method: 'GET', url: `/api/projects/${project.id}` }, [
      ['anonymous', null, 401],
      ['other client', otherClient, 404],
      ['other maker', otherMaker, 404],
      ['mind', mind, 404],
      ['owner', client, 200],
      ['assigned maker', maker, 200],
      ['admin', admin, 200],
    ]);
  });

  it("lists only the caller's projects, as client or as creator", async () => {
    const project = await create(maker.id);
    const ids = async (user: TestUser) =>
      ((await ctx.inject(user, { method: 'GET', url: '/api/projects' })).json().projects as Array<{ id: string }>).map((p) => p.id);
    expect(await ids(client)).toContain(project.id);
    expect(await ids(maker)).toContain(project.id);
    expect(await ids(otherClient)).not.toContain(project.id);
    expect(await ids(otherMaker)).not.toContain(project.id);
  });

  it('does not let a non-participant change it (404), and nothing changes', async () => {
    const project = await create(maker.id);
    expect((await act(otherMaker, project.id, 'accept')).statusCode).toBe(404);
    expect((await act(otherMaker, project.id, 'decline')).statusCode).toBe(404);
    expect((await act(otherClient, project.id, 'cancel')).statusCode).toBe(404);
    await toInReview(project.id);
    expect((await act(otherClient, project.id, 'approve')).statusCode).toBe(404);
    expect((await act(otherClient, project.id, 'flag')).statusCode).toBe(404);
    expect(await statusOf(project.id)).toMatchObject({ status: 'in_review', flagged: false });
  });
});

describe('the lifecycle', () => {
  it('draft → active when the assigned creator accepts; the client is emailed', async () => {
    const project = await create(maker.id);
    const response = await act(maker, project.id, 'accept');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('active');
    const mail = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-accepted');
    expect(mail.some((email) => email.textBody.includes('Mara Maker accepted'))).toBe(true);
  });

  it('a double-submitted accept makes exactly one transition and one email', async () => {
    const project = await create(mind.id, { title: 'Twice clicked' });
    const before = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-accepted').length;
    const responses = await Promise.all([act(mind, project.id, 'accept'), act(mind, project.id, 'accept')]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)?.json().message).toMatch(/draft|changed/);
    expect((await statusOf(project.id)).status).toBe('active');
    const after = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-accepted').length;
    expect(after - before).toBe(1);
  });

  it('decline cancels the draft, clears the assignment and emails the client', async () => {
    const project = await create(maker.id, { title: 'Not for me' });
    const response = await act(maker, project.id, 'decline');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'cancelled', creator: null });
    expect(await statusOf(project.id)).toMatchObject({ makerId: null, mindId: null });
    expect((await emailsTo(ctx, client.email)).some((e) => e.type === 'project-declined' && e.subject.includes('Not for me'))).toBe(true);
    // The creator no longer sees it, and cannot act on it.
    expect((await act(maker, project.id, 'accept')).statusCode).toBe(404);
  });

  it('refuses transitions from the wrong state with 409 and a clear message', async () => {
    const project = await create(maker.id);
    expect((await act(client, project.id, 'approve')).json()).toMatchObject({ message: 'Only work in review that is not flagged can be approved.' });
    await act(maker, project.id, 'accept');
    const again = await act(maker, project.id, 'accept');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Only a draft project can be accepted.');
    expect((await act(client, project.id, 'cancel')).statusCode).toBe(409);
  });

  it('the creator cannot approve or flag their own work', async () => {
    const project = await create(maker.id);
    await act(maker, project.id, 'accept');
    await toInReview(project.id);
    expect((await act(maker, project.id, 'approve')).statusCode).toBe(403);
    expect((await act(maker, project.id, 'flag')).statusCode).toBe(403);
    expect(await statusOf(project.id)).toMatchObject({ status: 'in_review', flagged: false, completedAt: null });
  });

  it("approval completes the project, releases its funding to the maker's earnings less the fee, and emails the maker", async () => {
    const admin = await ctx.createAdmin();
    const before = await earnedDollars(ctx, maker);
    const project = await create(maker.id, { budget: 1234.5, title: 'Paid work' });
    await act(maker, project.id, 'accept');
    await fundCurrentMilestone(ctx, client, admin, project.id);
    await toInReview(project.id);
    const response = await act(client, project.id, 'approve');
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('completed');
    const after = await earnedDollars(ctx, maker);
    // $1,234.50 less the 10% platform fee ($123.45).
    expect(after - before).toBeCloseTo(1111.05, 2);
    const summary = (await ctx.inject(maker, { method: 'GET', url: '/api/projects/summary' })).json();
    expect(summary.earningsTotal).toBeCloseTo(after, 2);
    expect(summary.completedProjects).toBeGreaterThanOrEqual(1);
    expect((await statusOf(project.id)).completedAt).toBeInstanceOf(Date);
    expect((await emailsTo(ctx, maker.email)).some((e) => e.type === 'project-approved' && e.textBody.includes('$1,234.50'))).toBe(true);
    // Completed is terminal: a second approval pays nothing.
    expect((await act(client, project.id, 'approve')).statusCode).toBe(409);
    expect(await earnedDollars(ctx, maker)).toBe(after);
  });

  it("pays a mind's balance from the ledger", async () => {
    const admin = await ctx.createAdmin();
    const before = await earnedDollars(ctx, mind);
    const project = await create(mind.id, { budget: 300 });
    await act(mind, project.id, 'accept');
    await fundCurrentMilestone(ctx, client, admin, project.id);
    await toInReview(project.id, mind);
    expect((await act(client, project.id, 'approve')).statusCode).toBe(200);
    expect((await earnedDollars(ctx, mind)) - before).toBe(270);
  });

  it('flagging keeps the work in review, records the reason and emails the creator', async () => {
    const project = await create(maker.id, { title: 'Needs a look' });
    await act(maker, project.id, 'accept');
    await toInReview(project.id);
    const response = await act(client, project.id, 'flag');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'in_review', flagged: true, flagReason: 'Client flagged for review' });
    expect((await emailsTo(ctx, maker.email)).some((e) => e.type === 'project-flagged' && e.subject.includes('Needs a look'))).toBe(true);
    // Flagged work waits for an admin: no second flag, no approval.
    expect((await act(client, project.id, 'flag')).statusCode).toBe(409);
    expect((await act(client, project.id, 'approve')).statusCode).toBe(409);
  });

  it('role policies: clients cannot accept, creators cannot cancel', async () => {
    const project = await create(maker.id);
    await expectAccess(ctx, { method: 'POST', url: `/api/projects/${project.id}/accept` }, [
      ['anonymous', null, 401],
      ['client', client, 403],
    ]);
    expect((await act(maker, project.id, 'cancel')).statusCode).toBe(403);
  });
});

describe('summary figures', () => {
  it('counts the caller\'s own projects by status; earnings only for creators', async () => {
    const fresh = await onboardedClient(ctx, 'Counting Co');
    const freshMind = await approveMind(ctx);
    const make = async () =>
      (await ctx.inject(fresh, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: freshMind.id }) })).json().id as string;
    const [a, b] = [await make(), await make()];
    await make();
    await act(freshMind, a, 'accept');
    await act(freshMind, b, 'accept');
    await putInReview(ctx.db, b);
    const mine = (await ctx.inject(fresh, { method: 'GET', url: '/api/projects/summary' })).json();
    expect(mine).toEqual({ activeProjects: 1, inReviewProjects: 1, completedProjects: 0, earningsTotal: null });
    const theirs = (await ctx.inject(freshMind, { method: 'GET', url: '/api/projects/summary' })).json();
    expect(theirs).toEqual({ activeProjects: 1, inReviewProjects: 1, completedProjects: 0, earningsTotal: 0 });
    expect((await ctx.inject(null, { method: 'GET', url: '/api/projects/summary' })).statusCode).toBe(401);
  });
});

describe("the client's own drafts", () => {
  it('assigns a creator to an unassigned draft, by role, and emails them', async () => {
    const project = await create(undefined, { title: 'Open brief' });
    const assign = (user: TestUser, creatorId: string) =>
      ctx.inject(user, { method: 'POST', url: `/api/projects/${project.id}/assign`, payload: { creatorId } });
    expect((await assign(otherClient, mind.id)).statusCode).toBe(404);
    expect((await assign(client, otherClient.id)).json().fields).toEqual({ creatorId: 'Please choose an approved creator' });
    const response = await assign(client, mind.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().creator).toMatchObject({ id: mind.id, role: 'mind' });
    expect((await emailsTo(ctx, mind.email)).some((e) => e.type === 'project-assigned' && e.subject.includes('Open brief'))).toBe(true);
    // Already assigned: no reassignment.
    expect((await assign(client, maker.id)).statusCode).toBe(409);
  });

  it('cancels their own draft and tells the assigned creator', async () => {
    const project = await create(otherMaker.id, { title: 'Changed our minds' });
    expect((await act(client, project.id, 'cancel')).json().status).toBe('cancelled');
    expect((await emailsTo(ctx, otherMaker.email)).some((e) => e.type === 'project-cancelled')).toBe(true);
    expect((await act(otherMaker, project.id, 'accept')).statusCode).toBe(409);
  });
});
