import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { App } from '../../src/server/app';
import type { Transaction } from '../../src/server/db/client';
import { payments, projectMilestones, projects } from '../../src/server/db/schema';
import { nextDocumentNumber } from '../../src/server/features/payments/documents';
import { recordPaymentReceived } from '../../src/server/features/payments/funding';
import { accounts, post } from '../../src/server/features/payments/ledger';
import type { TestContext, TestUser } from './harness';

/** Money for tests (decision 170): funding through the real routes, and the earnings the ledger gives. */

/** The client funds a milestone and an admin records the payment as received: the money is then in escrow. */
export const fundMilestoneThroughRoutes = async (ctx: TestContext, client: TestUser, admin: TestUser, milestoneId: string): Promise<string> => {
  const funded = await ctx.inject(client, { method: 'POST', url: `/api/payments/milestones/${milestoneId}/fund` });
  expect(funded.statusCode, funded.body).toBe(200);
  const paymentId = funded.json().payment.id as string;
  const received = await ctx.inject(admin, { method: 'POST', url: `/api/admin/payments/${paymentId}/received`, payload: { reference: 'TEST-BANK' } });
  expect(received.statusCode, received.body).toBe(200);
  return paymentId;
};

/** Funds the project's current milestone (the first not approved) through the routes. */
export const fundCurrentMilestone = async (ctx: TestContext, client: TestUser, admin: TestUser, projectId: string): Promise<string> => {
  const rows = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId)).orderBy(projectMilestones.position);
  const current = rows.find((row) => row.status !== 'approved' && row.status !== 'pending');
  if (!current) throw new Error('the project has no current milestone to fund');
  return fundMilestoneThroughRoutes(ctx, client, admin, current.id);
};

/** A creator's earnings total in dollars, as their dashboard reads it from the ledger. */
export const earnedDollars = async (ctx: TestContext, creator: TestUser): Promise<number> =>
  (await ctx.inject(creator, { method: 'GET', url: '/api/payments/balance' })).json().earnedCents / 100;

/** For tests that build rows directly: issues and settles a milestone's invoice inside the caller's transaction. */
export const fundInTransaction = async (app: App, tx: Transaction, milestoneId: string): Promise<void> => {
  const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, milestoneId));
  const [project] = await tx.select().from(projects).where(eq(projects.id, milestone.projectId));
  const [payment] = await tx
    .insert(payments)
    .values({
      milestoneId,
      projectId: project.id,
      clientId: project.clientId,
      amountCents: milestone.amountCents,
      provider: 'manual',
      invoiceNumber: await nextDocumentNumber(tx, 'invoice', new Date()),
      projectTitle: project.title,
      milestoneTitle: milestone.title,
      milestonePosition: milestone.position,
      clientName: 'Test client',
      clientEmail: 'client@example.test',
      creatorName: 'Test creator',
    })
    .returning();
  await recordPaymentReceived(app, tx, payment.id, { reference: 'TEST-BANK', provider: 'manual' });
};

/**
 * Credits a creator's earnings through the ledger, for dashboard figures: the client's money funds the project's
 * escrow, then all of it is released to the creator (no fee), as two balanced transactions.
 */
export const creditEarnings = async (db: TestContext['db'], input: { clientId: string; creatorId: string; projectId: string; cents: number }) =>
  db.transaction(async (tx) => {
    const key = `fixture:${input.projectId}:${input.creatorId}:${Date.now()}:${Math.random()}`;
    await post(tx, {
      kind: 'funding',
      idempotencyKey: `${key}:funding`,
      projectId: input.projectId,
      entries: [
        { account: accounts.funding(input.clientId), amountCents: -input.cents },
        { account: accounts.escrow(input.projectId), amountCents: input.cents },
      ],
    });
    await post(tx, {
      kind: 'release',
      idempotencyKey: `${key}:release`,
      projectId: input.projectId,
      entries: [
        { account: accounts.escrow(input.projectId), amountCents: -input.cents },
        { account: accounts.payable(input.creatorId), amountCents: input.cents },
      ],
    });
  });

/** Documented test IBAN (German banking association's example): where a creator is paid in tests (decision 173). */
export const TEST_PAYOUT_DETAILS = { accountHolder: 'Test Creator', accountNumber: 'DE89 3704 0044 0532 0130 00' } as const;

/** Saves the creator's payout details through the route, as a payout request needs them. */
export const givePayoutDetails = async (ctx: TestContext, creator: TestUser): Promise<void> => {
  const saved = await ctx.inject(creator, { method: 'PUT', url: '/api/payments/payout-details', payload: { ...TEST_PAYOUT_DETAILS, accountHolder: creator.name || TEST_PAYOUT_DETAILS.accountHolder } });
  expect(saved.statusCode, saved.body).toBe(200);
};
