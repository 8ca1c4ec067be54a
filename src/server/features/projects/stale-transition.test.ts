import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { emailOutbox, projects } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { PROJECT_CHANGED, requireVisibleProject } from './access';
import type { ProjectRow } from './views';
import { approveMaker, approveMind, onboardedClient, projectPayload, putInReview } from '../../../../test/support/project-fixtures';

/*
 * PGlite runs one transaction at a time, so two simultaneous requests never interleave there and the
 * double-click test in projects.test.ts cannot tell whether the conditional UPDATE works. Here the second
 * request is handed the row as it was before the first one committed (as a real concurrent read would see it):
 * the rules accept that stale row, so only `unchangedSince` in the UPDATE can refuse the transition.
 */
vi.mock('./access', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./access')>();
  return { ...actual, requireVisibleProject: vi.fn(actual.requireVisibleProject) };
});

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let mind: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  mind = await approveMind(ctx, { name: 'Milo Mind' });
});

const readRow = async (id: string): Promise<ProjectRow> => (await ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
const mailAbout = async (title: string) => (await ctx.db.select().from(emailOutbox)).filter((email) => email.subject.endsWith(`: ${title}`));

const create = async (title: string, creatorId?: string) => {
  const response = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ title, creatorId }) });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
};

/** The next project read inside a transition returns `stale` instead of the row as it is now. */
const serveStaleRowOnce = (stale: ProjectRow) => {
  const actual = vi.mocked(requireVisibleProject).getMockImplementation()!;
  const served = { count: 0 };
  vi.mocked(requireVisibleProject).mockImplementationOnce(async (...args) => {
    const fresh = await actual(...args);
    served.count += 1;
    return { ...fresh, row: stale };
  });
  return served;
};

describe('a transition based on a stale read', () => {
  it('a second accept that read the draft before the first committed answers 409 and changes nothing', async () => {
    const title = `Stale accept ${Date.now()}`;
    const id = await create(title, maker.id);
    const stale = await readRow(id);
    const first = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` });
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await readRow(id);
    const acceptedMail = async () => (await mailAbout(title)).filter((email) => email.type === 'project-accepted');
    expect(await acceptedMail()).toHaveLength(1);

    const served = serveStaleRowOnce(stale);
    const second = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/accept` });
    expect(served.count).toBe(1);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(PROJECT_CHANGED);
    expect(await readRow(id)).toEqual(afterFirst);
    expect(await acceptedMail()).toHaveLength(1);
  });

  it('a decline racing an accept cannot cancel the project the creator just accepted', async () => {
    const title = `Stale decline ${Date.now()}`;
    const id = await create(title, mind.id);
    const stale = await readRow(id);
    expect((await ctx.inject(mind, { method: 'POST', url: `/api/projects/${id}/accept` })).statusCode).toBe(200);
    const afterAccept = await readRow(id);

    serveStaleRowOnce(stale);
    const decline = await ctx.inject(mind, { method: 'POST', url: `/api/projects/${id}/decline` });
    expect(decline.statusCode, decline.body).toBe(409);
    expect(decline.json().message).toBe(PROJECT_CHANGED);
    expect(await readRow(id)).toEqual(afterAccept);
    expect((await readRow(id)).mindId).toBe(mind.id);
    expect((await mailAbout(title)).filter((email) => email.type === 'project-declined')).toHaveLength(0);
  });

  it('a second flag that read the work unflagged answers 409 and sends one email', async () => {
    const title = `Stale flag ${Date.now()}`;
    const id = await create(title, maker.id);
    await putInReview(ctx.db, id, `/files/deliverables/${maker.id}/${id}/deliverable.png`);
    const stale = await readRow(id);
    expect((await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/flag` })).statusCode).toBe(200);
    const afterFlag = await readRow(id);

    serveStaleRowOnce(stale);
    const second = await ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/flag` });
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(PROJECT_CHANGED);
    expect(await readRow(id)).toEqual(afterFlag);
    expect((await mailAbout(title)).filter((email) => email.type === 'project-flagged')).toHaveLength(1);
  });

  it('a second assignment that read the draft unassigned cannot replace the first creator', async () => {
    const title = `Stale assign ${Date.now()}`;
    const id = await create(title);
    const stale = await readRow(id);
    const assign = (creatorId: string) => ctx.inject(client, { method: 'POST', url: `/api/projects/${id}/assign`, payload: { creatorId } });
    expect((await assign(maker.id)).statusCode).toBe(200);
    const afterAssign = await readRow(id);

    serveStaleRowOnce(stale);
    const second = await assign(mind.id);
    expect(second.statusCode, second.body).toBe(409);
    expect(second.json().message).toBe(PROJECT_CHANGED);
    expect(await readRow(id)).toEqual(afterAssign);
    expect(afterAssign).toMatchObject({ makerId: maker.id, mindId: null });
    expect((await mailAbout(title)).filter((email) => email.type === 'project-assigned' && email.toAddress === mind.email.toLowerCase())).toHaveLength(0);
  });
});
