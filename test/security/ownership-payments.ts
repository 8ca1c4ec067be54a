// Test support: the money records of the ownership matrix (decision 170) and their cases. Client A × maker A: one
// project funded, approved and released (its invoice paid), one with an invoice still open; maker A with one payout
// requested, to be paid by the admin, whose receipt then exists, and one to be cancelled by maker A; a Stripe transfer for
// the release whose attempts ran out.
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { jobs, ledgerTransactions, payments, payouts, refundRequests } from '../../src/server/db/schema';
import { JOB_STRIPE_TRANSFER } from '../../src/server/features/payments/stripe-jobs';
import type { TestContext, TestUser } from '../support/harness';
import { fundMilestoneThroughRoutes, givePayoutDetails } from '../support/money-fixtures';
import { projectPayload, putInReview } from '../support/project-fixtures';
import type { OwnershipWorld } from './ownership-records';

type Call = readonly [label: string, user: TestUser | null, status: number];

export interface PaymentWorld {
  releasedProject: string;
  paidPayment: string;
  openMilestone: string;
  openPayment: string;
  payout: string;
  cancellablePayout: string;
  failedTransferJob: string;
  refund: string;
}

export const arrangePaymentWorld = async (ctx: TestContext, w: OwnershipWorld): Promise<PaymentWorld> => {
  const ok = (response: { statusCode: number; body: string }, status = 200) => expect(response.statusCode, response.body).toBe(status);
  const started = async () => {
    const created = await ctx.inject(w.clientA, { method: 'POST', url: '/api/projects', payload: projectPayload({ creatorId: w.makerA.id, budget: 800, title: 'Paid for' }) });
    ok(created, 201);
    const accepted = await ctx.inject(w.makerA, { method: 'POST', url: `/api/projects/${created.json().id}/accept` });
    ok(accepted);
    return { id: created.json().id as string, milestoneId: accepted.json().milestones[0].id as string };
  };
  const released = await started();
  const paidPayment = await fundMilestoneThroughRoutes(ctx, w.clientA, w.admin, released.milestoneId);
  await putInReview(ctx.db, released.id);
  ok(await ctx.inject(w.clientA, { method: 'POST', url: `/api/projects/${released.id}/approve` }));
  const open = await started();
  const funded = await ctx.inject(w.clientA, { method: 'POST', url: `/api/payments/milestones/${open.milestoneId}/fund` });
  ok(funded);
  await givePayoutDetails(ctx, w.makerA);
  const payout = await ctx.inject(w.makerA, { method: 'POST', url: '/api/payments/payouts', payload: { amountCents: 10000 } });
  ok(payout, 201);
  const cancellable = await ctx.inject(w.makerA, { method: 'POST', url: '/api/payments/payouts', payload: { amountCents: 5000 } });
  ok(cancellable, 201);
  // As a Stripe transfer for the release would stand once its attempts ran out.
  const [failedJob] = await ctx.db
    .insert(jobs)
    .values({
      kind: JOB_STRIPE_TRANSFER,
      key: `stripe.transfer:ownership-${paidPayment}`,
      runAt: new Date(),
      status: 'failed',
      attempts: 8,
      lastError: 'Insufficient funds in the platform balance',
      payload: { ledgerTransactionId: `ownership-${paidPayment}`, creatorId: w.makerA.id, amountCents: 72_000, paymentId: paidPayment, milestoneId: released.milestoneId },
    })
    .returning({ id: jobs.id });
  // A bank refund owed to client A, as a settlement leaves one (decision 216), on the released payment's transaction.
  const [releaseTransaction] = await ctx.db.select({ id: ledgerTransactions.id }).from(ledgerTransactions).where(eq(ledgerTransactions.paymentId, paidPayment)).limit(1);
  const [refund] = await ctx.db
    .insert(refundRequests)
    .values({ ledgerTransactionId: releaseTransaction.id, paymentId: paidPayment, clientId: w.clientA.id, clientName: 'Client A', clientEmail: w.clientA.email, amountCents: 5000 })
    .returning({ id: refundRequests.id });
  return {
    releasedProject: released.id,
    paidPayment,
    openMilestone: open.milestoneId,
    openPayment: funded.json().payment.id,
    payout: payout.json().id,
    cancellablePayout: cancellable.json().id,
    failedTransferJob: failedJob.id,
    refund: refund.id,
  };
};

export interface PaymentCase {
  route: string;
  request: () => InjectOptions;
  denied: Call[];
  allowed: Call[];
  snapshot?: () => Promise<unknown>;
}

export const paymentCases = (ctx: TestContext, w: OwnershipWorld, p: PaymentWorld): PaymentCase[] => {
  const { clientA, clientB, makerA, makerB, mindA, mindB, admin } = w;
  const nonAdmins: Call[] = [['anonymous', null, 401], ['client A', clientA, 403], ['maker A', makerA, 403], ['mind A', mindA, 403]];
  const payment = (id: string) => async () => (await ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
  const payoutRow = (id: string) => async () => (await ctx.db.select().from(payouts).where(eq(payouts.id, id)))[0];
  return [
    {
      route: 'GET /api/payments/projects/:projectId',
      request: () => ({ method: 'GET', url: `/api/payments/projects/${p.releasedProject}` }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['client A', clientA, 200], ['maker A', makerA, 200], ['admin', admin, 200]],
    },
    {
      route: 'POST /api/payments/milestones/:milestoneId/fund',
      request: () => ({ method: 'POST', url: `/api/payments/milestones/${p.openMilestone}/fund` }),
      denied: [['anonymous', null, 401], ['client B', clientB, 404], ['maker A', makerA, 403], ['admin', admin, 403]],
      // Asking again returns the same open invoice.
      allowed: [['client A', clientA, 200]],
      snapshot: payment(p.openPayment),
    },
    {
      route: 'GET /api/payments/invoices/:paymentId/pdf',
      request: () => ({ method: 'GET', url: `/api/payments/invoices/${p.paidPayment}/pdf` }),
      // The creator sees the funding status, never the client's invoice.
      denied: [['anonymous', null, 401], ['client B', clientB, 404], ['maker A, the creator', makerA, 404], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['client A', clientA, 200], ['admin', admin, 200]],
    },
    {
      route: 'POST /api/admin/payments/:paymentId/received',
      request: () => ({ method: 'POST', url: `/api/admin/payments/${p.openPayment}/received`, payload: { reference: 'BANK-42' } }),
      denied: nonAdmins,
      allowed: [['admin', admin, 200]],
      snapshot: payment(p.openPayment),
    },
    {
      route: 'POST /api/admin/payouts/:payoutId/paid',
      request: () => ({ method: 'POST', url: `/api/admin/payouts/${p.payout}/paid`, payload: { reference: 'WIRE-42' } }),
      denied: nonAdmins,
      allowed: [['admin', admin, 200]],
      snapshot: payoutRow(p.payout),
    },
    {
      // The creator's own request only: other creators are told it does not exist; clients and admins may not use it.
      route: 'POST /api/payments/payouts/:payoutId/cancel',
      request: () => ({ method: 'POST', url: `/api/payments/payouts/${p.cancellablePayout}/cancel` }),
      denied: [['anonymous', null, 401], ['client A', clientA, 403], ['admin', admin, 403], ['maker B', makerB, 404], ['mind A', mindA, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 200]],
      snapshot: payoutRow(p.cancellablePayout),
    },
    {
      route: 'POST /api/admin/refunds/:refundId/sent',
      request: () => ({ method: 'POST', url: `/api/admin/refunds/${p.refund}/sent`, payload: { reference: 'RETURN-42' } }),
      denied: nonAdmins,
      allowed: [['admin', admin, 204]],
      snapshot: async () => (await ctx.db.select().from(refundRequests).where(eq(refundRequests.id, p.refund)))[0],
    },
    {
      route: 'POST /api/admin/payments/stripe-jobs/:jobId/retry',
      request: () => ({ method: 'POST', url: `/api/admin/payments/stripe-jobs/${p.failedTransferJob}/retry` }),
      denied: nonAdmins,
      allowed: [['admin', admin, 200]],
      snapshot: async () => (await ctx.db.select().from(jobs).where(eq(jobs.id, p.failedTransferJob)))[0],
    },
    {
      // After the admin's 'paid' above: the receipt exists.
      route: 'GET /api/payments/payouts/:payoutId/receipt',
      request: () => ({ method: 'GET', url: `/api/payments/payouts/${p.payout}/receipt` }),
      denied: [['anonymous', null, 401], ['client A', clientA, 404], ['maker B', makerB, 404], ['mind B', mindB, 404]],
      allowed: [['maker A', makerA, 200], ['admin', admin, 200]],
    },
  ];
};
