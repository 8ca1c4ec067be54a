import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { makerProfiles, mindProfiles, portfolioItems, projectFileReviews, projectOffers, projects, savedCreators, whiteGloveRequests } from '../../src/server/db/schema';
import { multipart, pngBuffer } from '../support/project-fixtures';
import { type TestContext, type TestUser, withTestContext } from '../support/harness';
import { arrangeConversationWorld, conversationCases, type ConversationWorld } from './ownership-conversations';
import { arrangeOwnershipWorld, offerBody, type OwnershipWorld } from './ownership-records';
import { arrangeReviewWorld, reviewCases, type ReviewWorld } from './ownership-reviews';
import { arrangePaymentWorld, paymentCases, type PaymentWorld } from './ownership-payments';

/**
 * The record half of the authorization matrix: every route that takes a record id is called on a REAL record
 * of the "A" users, first by callers the route's policy admits but who have no part in the record (client B,
 * maker B, mind B…), who must get 404 (or the route's designed 403) and change nothing, then by the owner,
 * who must succeed. Routes with an id that have no case here fail the test, so a new one cannot slip by.
 */
let ctx: TestContext;
let w: OwnershipWorld;
let conversationWorld: ConversationWorld;
let reviewWorld: ReviewWorld;
let paymentWorld: PaymentWorld;

withTestContext(async (created) => {
  ctx = created;
  w = await arrangeOwnershipWorld(ctx);
  conversationWorld = await arrangeConversationWorld(ctx, w);
  reviewWorld = await arrangeReviewWorld(ctx, w);
  paymentWorld = await arrangePaymentWorld(ctx, w);
}, {}, 120_000);

type Call = readonly [label: string, user: TestUser | null, status: number];

interface OwnershipCase {
  /** The catalogued route this case covers ('files' for the private file route outside /api). */
  route: string;
  request: () => InjectOptions | Promise<InjectOptions>;
  /** Callers with no part in the record: expected status, and the record must be unchanged after them. */
  denied: Call[];
  /** The owner (and others the design admits), called after the denied ones. */
  allowed: Call[];
  /** What must not change when the denied callers are refused. */
  snapshot?: () => Promise<unknown>;
}

const post = (url: string, payload?: InjectOptions['payload']): InjectOptions => ({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) });
const projectRow = (id: string) => async () => (await ctx.db.select().from(projects).where(eq(projects.id, id)))[0];
const upload = async (url: string, data: Buffer, filename: string, contentType: string): Promise<InjectOptions> => {
  const body = multipart({ data, filename, contentType }, { description: 'More sketches' });
  return { method: 'POST', url, payload: body.payload, headers: body.headers };
};

const cases = (): OwnershipCase[] => {
  const { clientA, clientB, makerA, makerB, mindA, mindB, admin } = w;
  const strangers: Call[] = [['anonymous', null, 401], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404]];
  const project = (id: string) => `/api/projects/${id}`;
  const contact = { name: 'Visitor', email: 'visitor@example.com', message: 'Hello there' };
  const file = (url: string): Omit<OwnershipCase, 'route'> => ({
    request: () => ({ method: 'GET', url }),
    denied: [['anonymous', null, 404], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404], ['mind A, not on this project', mindA, 404]],
    allowed: [['client A', clientA, 200], ['maker A', makerA, 200], ['admin', admin, 200]],
  });
  return [
    {
      route: 'GET /api/projects/:id',
      request: () => ({ method: 'GET', url: project(w.reviewed.id) }),
      denied: strangers,
      allowed: [['client A', clientA, 200], ['maker A', makerA, 200], ['admin', admin, 200]],
    },
    { route: 'files', ...file(w.reviewed.processDocUrl) },
    { route: 'files', ...file(w.reviewed.deliverableUrl) },
    {
      route: 'GET /api/studio/:userId',
      request: () => ({ method: 'GET', url: `/api/studio/${w.pendingMaker.id}` }),
      denied: [['anonymous', null, 404], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['the pending maker', w.pendingMaker, 200], ['admin', admin, 200]],
    },
    {
      route: 'POST /api/contact/creators/:creatorId',
      request: () => post(`/api/contact/creators/${w.pendingMaker.id}`, contact),
      denied: [['anonymous, about a pending maker', null, 404], ['client B, about a pending maker', clientB, 404]],
      allowed: [],
    },
    {
      route: 'POST /api/contact/creators/:creatorId',
      request: () => post(`/api/contact/creators/${makerA.id}`, contact),
      denied: [],
      allowed: [['anonymous, about an approved maker', null, 201]],
    },
    {
      route: 'GET /api/white-glove/requests/:id/matches',
      request: () => ({ method: 'GET', url: `/api/white-glove/requests/${w.whiteGloveId}/matches` }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404]],
      allowed: [['client A', clientA, 200]],
    },
    {
      route: 'POST /api/projects/:id/assign',
      request: () => post(`${project(w.unassignedForAssign)}/assign`, { creatorId: makerA.id }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404]],
      allowed: [['client A', clientA, 200]],
      snapshot: projectRow(w.unassignedForAssign),
    },
    ...(
      [
        ['cancel', w.unassignedForCancel, 'client'],
        ['accept', w.draftForAccept, 'maker'],
        ['decline', w.draftForDecline, 'maker'],
        ['accept', w.mindDraft, 'mind'],
        ['flag', w.inReviewForFlag, 'client'],
        ['approve', w.reviewed.id, 'client'],
      ] as const
    ).map(([action, id, side]): OwnershipCase => ({
      route: `POST /api/projects/:id/${action}`,
      request: () => post(`${project(id)}/${action}`),
      denied: side === 'client' ? [['anonymous', null, 401], ['client B', clientB, 404]] : [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [side === 'client' ? ['client A', clientA, 200] : side === 'maker' ? ['maker A', makerA, 200] : ['mind A', mindA, 200]],
      snapshot: projectRow(id),
    })),
    {
      route: 'POST /api/projects/:id/offers',
      request: () => post(`${project(w.draftForOffer)}/offers`, offerBody()),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 201]],
      snapshot: projectRow(w.draftForOffer),
    },
    ...(
      [
        ['accept', w.offered.forAccept, undefined],
        ['decline', w.offered.forDecline, { note: 'We went another way.' }],
        ['request-changes', w.offered.forChanges, { note: 'Could the first step be shorter?' }],
      ] as const
    ).map(([answer, id, body]): OwnershipCase => ({
      route: `POST /api/projects/:id/offers/:version/${answer}`,
      request: () => post(`${project(id)}/offers/1/${answer}`, body),
      denied: [['anonymous', null, 401], ['client B', clientB, 404]],
      allowed: [['client A', clientA, 200]],
      snapshot: async () => [await projectRow(id)(), await ctx.db.select().from(projectOffers).where(eq(projectOffers.projectId, id))],
    })),
    {
      route: 'POST /api/projects/:id/revision',
      request: () => post(`${project(w.inReviewForRevision)}/revision`, { note: 'A warmer red, please.' }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404]],
      allowed: [['client A', clientA, 200]],
      snapshot: projectRow(w.inReviewForRevision),
    },
    {
      route: 'POST /api/projects/:id/allow-extra-revision',
      request: () => post(`${project(w.activeForExtraRevision)}/allow-extra-revision`),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 200], ['admin', admin, 200]],
      snapshot: projectRow(w.activeForExtraRevision),
    },
    {
      route: 'POST /api/projects/:id/withdraw',
      request: () => post(`${project(w.activeForWithdraw)}/withdraw`, { note: 'I have to step back.' }),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404], ['mind A, not on this project', mindA, 404]],
      allowed: [['maker A', makerA, 200]],
      snapshot: projectRow(w.activeForWithdraw),
    },
    {
      route: 'POST /api/projects/:id/process-docs',
      request: async () => upload(`${project(w.active)}/process-docs`, await pngBuffer('#333333'), 'more.png', 'image/png'),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 201]],
      snapshot: async () => ctx.db.select().from(projects).where(eq(projects.id, w.active)),
    },
    {
      route: 'POST /api/projects/:id/deliverable',
      request: async () => upload(`${project(w.active)}/deliverable`, await pngBuffer('#444444'), 'final.png', 'image/png'),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 200]],
      snapshot: projectRow(w.active),
    },
    {
      route: 'DELETE /api/portfolio/:id',
      request: () => ({ method: 'DELETE', url: `/api/portfolio/${w.portfolioItemId}` }),
      denied: [['anonymous', null, 401], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 204]],
      snapshot: async () => ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, w.portfolioItemId)),
    },
    // A client's shortlist (decision 187): only public creators can be saved, and each client's rows are their own.
    {
      route: 'PUT /api/client/saved-creators/:creatorId',
      request: () => ({ method: 'PUT', url: `/api/client/saved-creators/${w.pendingMaker.id}` }),
      denied: [['anonymous', null, 401], ['client A', clientA, 404], ['client B', clientB, 404], ['maker B', makerB, 403]],
      allowed: [],
      snapshot: async () => ctx.db.select().from(savedCreators).where(eq(savedCreators.creatorId, w.pendingMaker.id)),
    },
    {
      route: 'PUT /api/client/saved-creators/:creatorId',
      request: () => ({ method: 'PUT', url: `/api/client/saved-creators/${makerA.id}` }),
      denied: [['anonymous', null, 401], ['maker B', makerB, 403], ['mind B', mindB, 403], ['admin', admin, 403]],
      allowed: [['client A', clientA, 204], ['client B', clientB, 204]],
      snapshot: async () => ctx.db.select().from(savedCreators).where(eq(savedCreators.creatorId, makerA.id)),
    },
    {
      route: 'DELETE /api/client/saved-creators/:creatorId',
      request: () => ({ method: 'DELETE', url: `/api/client/saved-creators/${makerA.id}` }),
      denied: [['anonymous', null, 401], ['maker B', makerB, 403], ['admin', admin, 403]],
      // Client B saved maker A in the case above; client A's save is theirs and stays.
      allowed: [['client B', clientB, 204], ['client B again', clientB, 404]],
      snapshot: async () => ctx.db.select().from(savedCreators).where(eq(savedCreators.creatorId, makerA.id)),
    },
    // The process record: its entries and their check for the project's people; whether it verifies, for anyone.
    ...['', '/verification'].map(
      (suffix): OwnershipCase => ({
        route: `GET /api/process-records/:projectId${suffix}`,
        request: () => ({ method: 'GET', url: `/api/process-records/${w.reviewed.id}${suffix}` }),
        denied: [...strangers, ['mind A, not on this project', mindA, 404]],
        allowed: [['client A', clientA, 200], ['maker A', makerA, 200], ['admin', admin, 200]],
      }),
    ),
    {
      route: 'GET /api/process-records/:projectId/status',
      request: () => ({ method: 'GET', url: `/api/process-records/${w.reviewed.id}/status` }),
      denied: [],
      allowed: [['anonymous (public by design: no file, no person)', null, 200], ['client B', clientB, 200]],
    },
    // A maker's Seal credential is public by design; maker A holds none yet here, so anyone gets 404.
    ...['', '/verification'].map(
      (suffix): OwnershipCase => ({
        route: `GET /api/credentials/seal/:makerId${suffix}`,
        request: () => ({ method: 'GET', url: `/api/credentials/seal/${makerA.id}${suffix}` }),
        denied: [],
        allowed: [['anonymous, on a maker without a credential', null, 404], ['maker A', makerA, 404]],
      }),
    ),
    ...adminCases(w),
    ...conversationCases(w, conversationWorld),
    ...reviewCases(w, reviewWorld),
    ...paymentCases(ctx, w, paymentWorld),
  ];
};

/** Admin routes act on other people's records by design: everyone but an admin is refused with 403. */
const adminCases = (world: OwnershipWorld): OwnershipCase[] => {
  const { clientA, clientB, makerA, makerB, mindA, admin } = world;
  const nonAdmins: Call[] = [['anonymous', null, 401], ['client A', clientA, 403], ['maker A', makerA, 403], ['mind A', mindA, 403]];
  const adminCase = (
    route: string,
    url: string,
    status: number,
    snapshot?: () => Promise<unknown>,
    payload?: InjectOptions['payload'],
    method: 'POST' | 'GET' | 'DELETE' = 'POST',
  ): OwnershipCase => ({
    route,
    request: () => ({ method, url, ...(payload === undefined ? {} : { payload }) }),
    denied: nonAdmins,
    allowed: [['admin', admin, status]],
    snapshot,
  });
  const maker = (id: string) => async () => (await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, id)))[0];
  const mind = (id: string) => async () => (await ctx.db.select().from(mindProfiles).where(eq(mindProfiles.userId, id)))[0];
  const whiteGlove = async () => (await ctx.db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, world.whiteGloveId)))[0];
  const held = (id: string) => async () => (await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, id)))[0];
  return [
    adminCase('POST /api/admin/provenance/:itemId/approve', `/api/admin/provenance/${world.heldItems.forApprove}/approve`, 200, held(world.heldItems.forApprove)),
    adminCase('POST /api/admin/provenance/:itemId/remove', `/api/admin/provenance/${world.heldItems.forRemove}/remove`, 200, held(world.heldItems.forRemove), {}),
    adminCase(
      'POST /api/admin/provenance/project-files/:entryId/clear',
      `/api/admin/provenance/project-files/${world.heldProjectFileEntryId}/clear`,
      200,
      async () => (await ctx.db.select().from(projectFileReviews).where(eq(projectFileReviews.entryId, world.heldProjectFileEntryId)))[0],
    ),
    adminCase(
      'POST /api/admin/provenance/project-files/:entryId/remove',
      `/api/admin/provenance/project-files/${world.heldProjectFileForRemove}/remove`,
      200,
      async () => (await ctx.db.select().from(projectFileReviews).where(eq(projectFileReviews.entryId, world.heldProjectFileForRemove)))[0],
      {},
    ),
    adminCase('POST /api/admin/applications/:role/:userId/approve', `/api/admin/applications/maker/${world.pendingMaker.id}/approve`, 200, maker(world.pendingMaker.id)),
    adminCase('POST /api/admin/applications/:role/:userId/reject', `/api/admin/applications/mind/${world.pendingMind.id}/reject`, 200, mind(world.pendingMind.id), { reason: 'Not yet' }),
    adminCase('POST /api/admin/projects/:projectId/clear-flag', `/api/admin/projects/${world.flaggedForClear}/clear-flag`, 200, projectRow(world.flaggedForClear), {}),
    adminCase('POST /api/admin/projects/:projectId/cancel', `/api/admin/projects/${world.flaggedForCancel}/cancel`, 200, projectRow(world.flaggedForCancel), {}),
    adminCase(
      'POST /api/admin/projects/:projectId/cancel-active',
      `/api/admin/projects/${world.activeForAdminCancel}/cancel-active`,
      200,
      projectRow(world.activeForAdminCancel),
      { reason: 'The client asked us to stop the work.' },
    ),
    adminCase('POST /api/admin/seal/:userId/assign', `/api/admin/seal/${makerA.id}/assign`, 200, maker(makerA.id)),
    adminCase('POST /api/admin/seal/:userId/revoke', `/api/admin/seal/${makerA.id}/revoke`, 200, maker(makerA.id), {}),
    adminCase('GET /api/admin/white-glove/:requestId/candidates', `/api/admin/white-glove/${world.whiteGloveId}/candidates`, 200, undefined, undefined, 'GET'),
    adminCase('POST /api/admin/white-glove/:requestId/curate', `/api/admin/white-glove/${world.whiteGloveId}/curate`, 200, whiteGlove, { creatorIds: [makerA.id, makerB.id, mindA.id] }),
    {
      ...adminCase('DELETE /api/admin/users/:userId', `/api/admin/users/${world.otherAdmin.id}`, 404, undefined, undefined, 'DELETE'),
      allowed: [['admin, on another admin (admins are invisible)', admin, 404]],
    },
    {
      ...adminCase('DELETE /api/admin/users/:userId', `/api/admin/users/${world.doomedClient.id}`, 204, undefined, undefined, 'DELETE'),
      denied: [['anonymous', null, 401], ['client B', clientB, 403], ['the user themself', world.doomedClient, 403]],
    },
  ];
};

describe('authorization matrix on real records', () => {
  it('keeps lists scoped to the caller', async () => {
    const ids = (body: Record<string, Array<{ id: string }>>, key: string) => body[key].map((entry) => entry.id);
    const projectsOfB = await ctx.inject(w.clientB, { method: 'GET', url: '/api/projects' });
    expect(ids(projectsOfB.json(), 'projects')).not.toContain(w.reviewed.id);
    const projectsOfMakerB = await ctx.inject(w.makerB, { method: 'GET', url: '/api/projects' });
    expect(ids(projectsOfMakerB.json(), 'projects')).toEqual([]);
    const projectsOfA = await ctx.inject(w.clientA, { method: 'GET', url: '/api/projects' });
    expect(ids(projectsOfA.json(), 'projects')).toContain(w.reviewed.id);
    const requestsOfB = await ctx.inject(w.clientB, { method: 'GET', url: '/api/white-glove/requests' });
    expect(ids(requestsOfB.json(), 'requests')).toEqual([]);
    const requestsOfA = await ctx.inject(w.clientA, { method: 'GET', url: '/api/white-glove/requests' });
    expect(ids(requestsOfA.json(), 'requests')).toEqual([w.whiteGloveId]);
    const portfolioOfB = await ctx.inject(w.makerB, { method: 'GET', url: '/api/portfolio' });
    expect(ids(portfolioOfB.json(), 'items')).toEqual([]);
    const portfolioOfA = await ctx.inject(w.makerA, { method: 'GET', url: '/api/portfolio' });
    expect(ids(portfolioOfA.json(), 'items')).toEqual([w.portfolioItemId]);
  });

  it('refuses callers with no part in a record (404) and serves its owner', async () => {
    const failures: string[] = [];
    let calls = 0;
    let address = 0;
    const covered = new Set<string>();
    for (const testCase of cases()) {
      covered.add(testCase.route);
      const before = await testCase.snapshot?.();
      for (const [phase, list] of [['denied', testCase.denied], ['allowed', testCase.allowed]] as const) {
        if (phase === 'allowed' && testCase.snapshot && JSON.stringify(await testCase.snapshot()) !== JSON.stringify(before)) {
          failures.push(`${testCase.route}: a refused caller changed the record`);
        }
        for (const [label, user, status] of list) {
          const request = await testCase.request();
          // A fresh address per call: the per-IP rate limits must not decide these answers.
          const response = await ctx.inject(user, { ...request, remoteAddress: `10.7.${Math.floor(address / 250)}.${(address % 250) + 1}` });
          address += 1;
          calls += 1;
          if (response.statusCode !== status) failures.push(`${testCase.route} (${request.url}) as ${label}: ${response.statusCode}, expected ${status} ${response.body.slice(0, 160)}`);
        }
      }
    }
    const recordRoutes = ctx.app.routeCatalog.filter((route) => route.url.includes('/:')).map((route) => `${route.method} ${route.url}`);
    const uncovered = recordRoutes.filter((route) => !covered.has(route));
    console.log(`ownership matrix: ${recordRoutes.length} record routes + the private file route, ${calls} route × caller cases on real records`);
    expect(uncovered, 'record routes without an ownership case').toEqual([]);
    expect(failures).toEqual([]);
  }, 300_000);

});
