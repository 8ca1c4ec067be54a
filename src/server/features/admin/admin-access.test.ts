import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { addProject, addWhiteGloveRequest, onboardClient, submitMaker, submitMind } from '../../../../test/support/admin';

/**
 * Every admin endpoint refuses anonymous visitors (401) and every other role (403), whatever the target.
 * The admin goes last on real targets, so its success also proves the refused calls changed nothing.
 */
let ctx: TestContext;
let callers: { maker: TestUser; mind: TestUser; client: TestUser; admin: TestUser };
let endpoints: Array<{ request: InjectOptions; adminStatus: number }>;

withTestContext(async (created) => {
  ctx = created;
  callers = { maker: await ctx.signUp('maker'), mind: await ctx.signUp('mind'), client: await ctx.signUp('client'), admin: await ctx.createAdmin() };

  const pendingMaker = await ctx.signUp('maker');
  await submitMaker(ctx, pendingMaker);
  const pendingMind = await ctx.signUp('mind');
  await submitMind(ctx, pendingMind);
  const buyer = await ctx.signUp('client');
  await onboardClient(ctx, buyer);
  const sealMaker = await ctx.signUp('maker');
  await submitMaker(ctx, sealMaker, { status: 'approved' });
  for (let index = 0; index < 3; index += 1) await addProject(ctx, { clientId: buyer.id, makerId: sealMaker.id, withDoc: true });
  const creators: TestUser[] = [];
  for (let index = 0; index < 3; index += 1) {
    const creator = await ctx.signUp('maker');
    await submitMaker(ctx, creator, { status: 'approved', categories: ['logo_design'] });
    creators.push(creator);
  }
  const doomed = await ctx.signUp('client');
  const flaggedOne = await addProject(ctx, { clientId: buyer.id, makerId: creators[0].id, status: 'in_review', flagged: true });
  const flaggedTwo = await addProject(ctx, { clientId: buyer.id, makerId: creators[1].id, status: 'in_review', flagged: true });
  const underWay = await addProject(ctx, { clientId: buyer.id, makerId: creators[2].id, status: 'active' });
  const request = await addWhiteGloveRequest(ctx, buyer.id);
  const future = new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString();

  endpoints = [
    { request: { method: 'GET', url: '/api/admin/overview' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/applications' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/applications/maker/${pendingMaker.id}/approve` }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/applications/mind/${pendingMind.id}/reject`, payload: { reason: 'Portfolio missing' } }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/seal' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/seal/${sealMaker.id}/assign` }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/seal/${sealMaker.id}/revoke`, payload: {} }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/users' }, adminStatus: 200 },
    { request: { method: 'DELETE', url: `/api/admin/users/${doomed.id}` }, adminStatus: 204 },
    { request: { method: 'GET', url: '/api/admin/projects' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/projects/${flaggedOne.id}/clear-flag`, payload: {} }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/projects/${flaggedTwo.id}/cancel`, payload: {} }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/projects/${underWay.id}/cancel-active`, payload: { reason: 'The creator asked us to end it' } }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/white-glove' }, adminStatus: 200 },
    { request: { method: 'GET', url: `/api/admin/white-glove/${request.id}/candidates` }, adminStatus: 200 },
    {
      request: { method: 'POST', url: `/api/admin/white-glove/${request.id}/curate`, payload: { creatorIds: creators.map((c) => c.id) } },
      adminStatus: 200,
    },
    { request: { method: 'GET', url: '/api/admin/workshops' }, adminStatus: 200 },
    {
      request: { method: 'POST', url: '/api/admin/workshops', payload: { title: 'Critique night', date: future, maxParticipants: 20 } },
      adminStatus: 201,
    },
    { request: { method: 'GET', url: '/api/admin/contact' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/audit' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/settings' }, adminStatus: 200 },
    { request: { method: 'PATCH', url: '/api/admin/settings', payload: { aiTrainingOptOut: true } }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/provenance' }, adminStatus: 200 },
    // No image is held: an unknown item is 404 for the admin, and refused for everyone else before that.
    { request: { method: 'POST', url: `/api/admin/provenance/${randomUUID()}/approve` }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/provenance/${randomUUID()}/remove`, payload: {} }, adminStatus: 404 },
    { request: { method: 'GET', url: '/api/admin/reports' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/reports/${randomUUID()}/dismiss`, payload: {} }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/reports/${randomUUID()}/remove`, payload: {} }, adminStatus: 404 },
    { request: { method: 'GET', url: '/api/admin/reports/reviews' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/reports/reviews/hidden' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/reports/reviews/${randomUUID()}/hide`, payload: { reason: 'Private details' } }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/reports/reviews/${randomUUID()}/restore`, payload: {} }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/reports/reviews/${randomUUID()}/hide-reply`, payload: { reason: 'Insulting' } }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/reports/reviews/${randomUUID()}/restore-reply`, payload: {} }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/reports/reviews/reports/${randomUUID()}/dismiss`, payload: {} }, adminStatus: 404 },
    { request: { method: 'GET', url: '/api/admin/provenance/project-files' }, adminStatus: 200 },
    { request: { method: 'POST', url: `/api/admin/provenance/project-files/${randomUUID()}/clear`, payload: {} }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/provenance/project-files/${randomUUID()}/remove`, payload: {} }, adminStatus: 404 },
    { request: { method: 'GET', url: '/api/admin/payments' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/payments/reconciliation' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/payments/reconciliation.csv' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/payments/history' }, adminStatus: 200 },
    { request: { method: 'GET', url: '/api/admin/payouts/history' }, adminStatus: 200 },
    // No invoice or payout exists: unknown ones are 404 for the admin, and refused for everyone else before that.
    { request: { method: 'POST', url: `/api/admin/payments/${randomUUID()}/received`, payload: { reference: 'BANK-1' } }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/payouts/${randomUUID()}/paid`, payload: { reference: 'BANK-2' } }, adminStatus: 404 },
    { request: { method: 'POST', url: `/api/admin/refunds/${randomUUID()}/sent`, payload: { reference: 'BANK-3' } }, adminStatus: 404 },
    { request: { method: 'GET', url: '/api/admin/payments/stripe-jobs' }, adminStatus: 200 },
    // No failed Stripe job exists: an unknown one is 404 for the admin.
    { request: { method: 'POST', url: `/api/admin/payments/stripe-jobs/${randomUUID()}/retry` }, adminStatus: 404 },
  ];
});

describe('admin endpoints', () => {
  it('each refuses anonymous (401) and maker, mind and client (403), and serves the admin', async () => {
    for (const { request, adminStatus } of endpoints) {
      await expectAccess(ctx, request, [
        ['anonymous', null, 401],
        ['maker', callers.maker, 403],
        ['mind', callers.mind, 403],
        ['client', callers.client, 403],
        ['admin', callers.admin, adminStatus],
      ]);
    }
  });

  it('the list above covers every /api/admin route the app serves', () => {
    const documented = Object.entries((ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths)
      .filter(([path]) => path.startsWith('/api/admin'))
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`));
    const tested = new Set(
      endpoints.map(({ request }) => `${request.method} ${String(request.url).replace(/[0-9a-f]{8}-[0-9a-f-]{27}|[0-9a-zA-Z-]{30,}/g, '{id}')}`),
    );
    const normalized = [...new Set(documented.map((route) => route.replace(/\{[^}]+\}/g, '{id}').replace(/\/(maker|mind)\//, '/{id}/')))];
    const testedNormalized = new Set([...tested].map((route) => route.replace(/\/(maker|mind)\//, '/{id}/')));
    expect(normalized.filter((route) => !testedNormalized.has(route))).toEqual([]);
    expect(normalized.length).toBeGreaterThanOrEqual(19);
  });
});

describe('GET /api/workshops/upcoming', () => {
  it('serves makers, minds and admins, and refuses anonymous visitors and clients', async () => {
    await expectAccess(ctx, { method: 'GET', url: '/api/workshops/upcoming' }, [
      ['anonymous', null, 401],
      ['client', callers.client, 403],
      ['maker', callers.maker, 200],
      ['mind', callers.mind, 200],
      ['admin', callers.admin, 200],
    ]);
  });
});
