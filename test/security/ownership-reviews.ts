// Test support: the review records of the ownership matrix (client A × maker A with both reviews published, client A ×
// mind A with the client's review still waiting, and a report), and their cases.
import { and, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { reviews } from '../../src/server/db/schema';
import type { TestContext, TestUser } from '../support/harness';
import { clientReview, completedProject, creatorReview, writeReview } from '../support/review-fixtures';
import type { OwnershipWorld } from './ownership-records';

type Call = readonly [label: string, user: TestUser | null, status: number];

export interface ReviewWorld {
  publishedProject: string;
  waitingProject: string;
  /** Client A's published review of maker A, and maker A's of client A. */
  ofMaker: string;
  ofClient: string;
  waitingReview: string;
  reportId: string;
}

export const arrangeReviewWorld = async (ctx: TestContext, w: OwnershipWorld): Promise<ReviewWorld> => {
  const publishedProject = await completedProject(ctx, w.clientA, w.makerA, 'Reviewed both ways');
  await writeReview(ctx, w.clientA, publishedProject, clientReview());
  await writeReview(ctx, w.makerA, publishedProject, creatorReview());
  const waitingProject = await completedProject(ctx, w.clientA, w.mindA, 'Half reviewed');
  await writeReview(ctx, w.clientA, waitingProject, clientReview());
  const idOf = async (projectId: string, direction: 'client_to_creator' | 'creator_to_client') =>
    (await ctx.db.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.projectId, projectId), eq(reviews.direction, direction))))[0].id;
  const ofClient = await idOf(publishedProject, 'creator_to_client');
  await ctx.inject(w.makerB, { method: 'POST', url: `/api/reviews/${ofClient}/report`, payload: { reason: 'Unfair' } });
  const listed = (await ctx.inject(w.admin, { method: 'GET', url: '/api/admin/reports/reviews' })).json() as { reports: Array<{ id: string }> };
  return {
    publishedProject,
    waitingProject,
    ofMaker: await idOf(publishedProject, 'client_to_creator'),
    ofClient,
    waitingReview: await idOf(waitingProject, 'client_to_creator'),
    reportId: listed.reports[0].id,
  };
};

export interface ReviewCase {
  route: string;
  request: () => InjectOptions;
  denied: Call[];
  allowed: Call[];
}

export const reviewCases = (w: OwnershipWorld, r: ReviewWorld): ReviewCase[] => {
  const { clientA, clientB, makerA, makerB, mindA, mindB, admin } = w;
  const outsiders: Call[] = [['anonymous', null, 401], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404], ['admin', admin, 404]];
  const nonAdmins: Call[] = [['anonymous', null, 401], ['client A', clientA, 403], ['maker A', makerA, 403]];
  const post = (url: string, payload: Record<string, unknown> = {}): InjectOptions => ({ method: 'POST', url, payload });
  return [
    {
      route: 'GET /api/reviews/projects/:projectId',
      request: () => ({ method: 'GET', url: `/api/reviews/projects/${r.waitingProject}` }),
      denied: outsiders,
      allowed: [['client A', clientA, 200], ['mind A', mindA, 200]],
    },
    {
      route: 'PUT /api/reviews/projects/:projectId',
      request: () => ({ method: 'PUT', url: `/api/reviews/projects/${r.waitingProject}`, payload: clientReview({ body: 'Written again, kinder still.' }) }),
      denied: [...outsiders, ['maker A, not on this project', makerA, 404]],
      allowed: [['client A', clientA, 200]],
    },
    {
      route: 'GET /api/reviews/creators/:userId',
      // A client has no studio, so no public reviews either: the same 404 as an unknown id.
      request: () => ({ method: 'GET', url: `/api/reviews/creators/${clientA.id}` }),
      denied: [['anonymous, about a client', null, 404], ['client A, about themself', clientA, 404]],
      allowed: [],
    },
    {
      route: 'GET /api/reviews/creators/:userId',
      request: () => ({ method: 'GET', url: `/api/reviews/creators/${makerA.id}` }),
      denied: [],
      allowed: [['anonymous', null, 200]],
    },
    {
      route: 'GET /api/reviews/creators/:userId/mine',
      // Like the public pages: a client has no studio, so no reviews to be the author of.
      request: () => ({ method: 'GET', url: `/api/reviews/creators/${clientA.id}/mine` }),
      denied: [['anonymous, about a client', null, 404], ['client A, about themself', clientA, 404]],
      allowed: [],
    },
    {
      route: 'GET /api/reviews/creators/:userId/mine',
      // Each reader hears only of their own reviews (none for anyone but client A), never of another's.
      request: () => ({ method: 'GET', url: `/api/reviews/creators/${makerA.id}/mine` }),
      denied: [],
      allowed: [['anonymous', null, 200], ['client A', clientA, 200], ['client B', clientB, 200], ['maker A', makerA, 200]],
    },
    {
      route: 'GET /api/reviews/clients/:clientId/record',
      request: () => ({ method: 'GET', url: `/api/reviews/clients/${clientA.id}/record` }),
      denied: [['anonymous', null, 401], ['client B', clientB, 403], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 200], ['mind A', mindA, 200], ['admin', admin, 200]],
    },
    {
      route: 'POST /api/reviews/:reviewId/reply',
      request: () => post(`/api/reviews/${r.ofMaker}/reply`, { body: 'Thank you.' }),
      denied: [['anonymous', null, 401], ['client B', clientB, 403], ['maker B', makerB, 403], ['client A, its author', clientA, 403]],
      allowed: [['maker A', makerA, 204]],
    },
    {
      route: 'POST /api/reviews/:reviewId/report',
      request: () => post(`/api/reviews/${r.waitingReview}/report`),
      denied: [['anonymous', null, 401], ['client B, before publication', clientB, 404], ['mind A, before publication', mindA, 404]],
      allowed: [],
    },
    {
      route: 'POST /api/reviews/:reviewId/report',
      // Maker A replied above: its author may now report it, for the reply (decision 206); anyone else signed in may.
      request: () => post(`/api/reviews/${r.ofMaker}/report`),
      denied: [],
      allowed: [['mind B', mindB, 200], ['client A, its author, for the reply under it', clientA, 200]],
    },
    {
      route: 'POST /api/reviews/:reviewId/report',
      // Maker A's review of client A has no reply: its author may not report their own words.
      request: () => post(`/api/reviews/${r.ofClient}/report`),
      denied: [['maker A, its author', makerA, 409]],
      allowed: [],
    },
    {
      route: 'POST /api/admin/reports/reviews/:id/hide',
      request: () => post(`/api/admin/reports/reviews/${r.ofMaker}/hide`, { reason: 'Private details' }),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
    },
    {
      route: 'POST /api/admin/reports/reviews/:id/restore',
      request: () => post(`/api/admin/reports/reviews/${r.ofMaker}/restore`),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
    },
    {
      route: 'POST /api/admin/reports/reviews/:id/hide-reply',
      request: () => post(`/api/admin/reports/reviews/${r.ofMaker}/hide-reply`, { reason: 'Insulting' }),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
    },
    {
      route: 'POST /api/admin/reports/reviews/:id/restore-reply',
      request: () => post(`/api/admin/reports/reviews/${r.ofMaker}/restore-reply`),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
    },
    {
      route: 'POST /api/admin/reports/reviews/reports/:id/dismiss',
      request: () => post(`/api/admin/reports/reviews/reports/${r.reportId}/dismiss`),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
    },
  ];
};
