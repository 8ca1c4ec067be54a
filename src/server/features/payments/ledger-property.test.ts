import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditLog, ledgerAccounts, ledgerEntries, ledgerTransactions, payments, payouts, projectMilestones, projects } from '../../db/schema';
import { HttpError } from '../../http/errors';
import type { AuthContext } from '../../types';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, onboardedClient, putInReview } from '../../../../test/support/project-fixtures';
import { givePayoutDetails } from '../../../../test/support/money-fixtures';
import { resolveFlag } from '../admin-projects/service';
import { cancelActiveProject, withdrawFromProject } from '../projects/ending';
import { startMilestones } from '../projects/milestones';
import { approveProject, flagProject, requestProjectRevision } from '../projects/service';
import { fundMilestone } from './funding';
import { creatorLedger } from './ledger';
import { recordPayoutPaid, requestPayout } from './payouts';
import { recordManualPayment } from './service';

/**
 * The ledger's promises under any sequence of what people do (decision 170), through the real service functions on
 * the test database: every transaction balances, no held balance goes negative, and everything funded is accounted
 * for as paid out, refunded, fees, or still held in escrow or a creator's balance.
 */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;
const auth = (user: TestUser): AuthContext => ({ userId: user.id, sessionId: 'test', role: user.role, name: user.name, email: user.email, emailVerified: true, image: null });

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Property Maker' });
  admin = await ctx.createAdmin();
  await givePayoutDetails(ctx, maker);
});

const ACTIONS = ['fund', 'receive', 'submit', 'approve', 'revise', 'cancel', 'payout'] as const;
/** Ending work under way, which refunds a funded milestone not yet submitted: the creator withdraws, or an admin cancels. */
const ENDINGS = ['withdraw', 'end'] as const;
type Step = { action: (typeof ACTIONS)[number] | (typeof ENDINGS)[number]; outcome: 'refund' | 'release' | 'split'; share: number };
// Weighted towards the steps that move money, so that short walks reach releases, refunds and splits.
const stepArb: fc.Arbitrary<Step> = fc.record({
  action: fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom('fund' as const, 'receive' as const, 'submit' as const) },
    { weight: 2, arbitrary: fc.constantFrom(...ACTIONS) },
    // Rarer: either ends the walk's project, so most walks still reach approvals and disputes.
    { weight: 1, arbitrary: fc.constantFrom(...ENDINGS) },
  ),
  outcome: fc.constantFrom('refund' as const, 'release' as const, 'split' as const),
  share: fc.integer({ min: 0, max: 100 }),
});

const step = (action: Step['action'], outcome: Step['outcome'] = 'refund', share = 50): Step => ({ action, outcome, share });

/** An accepted project of client × maker with the given milestone amounts (the first active). */
const startProject = async (amounts: number[]) =>
  ctx.db.transaction(async (tx) => {
    const total = amounts.reduce((sum, cents) => sum + cents, 0);
    const [row] = await tx
      .insert(projects)
      .values({ clientId: client.id, makerId: maker.id, title: 'Property', description: 'Random walk', deliverableType: 'logo_design', budget: total / 100, status: 'active', revisionRounds: 1 })
      .returning();
    await startMilestones(tx, row.id, amounts.map((amountCents, i) => ({ title: `Part ${i + 1}`, amountCents, dueDate: null })), new Date());
    return row.id;
  });

const currentMilestone = async (projectId: string) => {
  const rows = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId)).orderBy(projectMilestones.position);
  return rows.find((row) => row.status !== 'approved' && row.status !== 'pending') ?? rows.filter((row) => row.status === 'approved').at(-1) ?? null;
};

/** A refused step (409, 404, 400) is part of the walk: the rules said no, and nothing may have moved. */
const attempt = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  }
};

const runStep = async (projectId: string, step: Step) => {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  const milestone = await currentMilestone(projectId);
  switch (step.action) {
    case 'fund':
      if (milestone) await attempt(() => fundMilestone(ctx.app, auth(client), milestone.id));
      return;
    case 'receive': {
      const open = await ctx.db.select().from(payments).where(and(eq(payments.projectId, projectId), eq(payments.status, 'awaiting_payment')));
      for (const payment of open.slice(0, 1)) await attempt(() => recordManualPayment(ctx.app, auth(admin), payment.id, 'BANK'));
      return;
    }
    case 'submit':
      if (project.status === 'active') await putInReview(ctx.db, projectId);
      return;
    case 'approve':
      await attempt(() => approveProject(ctx.app, auth(client), projectId));
      return;
    case 'revise':
      await attempt(() => requestProjectRevision(ctx.app, auth(client), projectId, 'Once more, please.'));
      return;
    case 'cancel': {
      if (project.status !== 'in_review') return;
      if (!project.flagged) await attempt(() => flagProject(ctx.app, auth(client), projectId));
      const held = milestone ? ((await ctx.db.select().from(payments).where(and(eq(payments.milestoneId, milestone.id), eq(payments.status, 'paid'))))[0]?.amountCents ?? milestone.amountCents) : 0;
      const creatorCents = step.outcome === 'split' ? Math.floor((held * step.share) / 100) : undefined;
      await attempt(() => resolveFlag(ctx.app, auth(admin), projectId, 'cancel', 'Decided', { outcome: step.outcome, creatorCents }));
      return;
    }
    case 'payout': {
      const { availableCents } = await creatorLedger(ctx.db, maker.id);
      if (availableCents >= 100) await attempt(() => requestPayout(ctx.app, auth(maker), Math.max(100, Math.floor((availableCents * step.share) / 100))));
      const [requested] = await ctx.db.select().from(payouts).where(and(eq(payouts.creatorId, maker.id), eq(payouts.status, 'requested')));
      if (requested && step.share % 2 === 0) await attempt(() => recordPayoutPaid(ctx.app, auth(admin), requested.id, 'WIRE'));
      return;
    }
    case 'withdraw':
      await attempt(() => withdrawFromProject(ctx.app, auth(maker), projectId, 'I cannot finish this one.'));
      return;
    case 'end':
      await attempt(() => cancelActiveProject(ctx.app, auth(admin), projectId, 'Ended by the platform.'));
  }
};

const expectLedgerHolds = async () => {
  const unbalanced = await ctx.db
    .select({ id: ledgerEntries.transactionId })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amountCents}) <> 0`);
  expect(unbalanced).toEqual([]);
  const balances = await ctx.db
    .select({ kind: ledgerAccounts.kind, owner: ledgerAccounts.ownerId, balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id);
  for (const row of balances) {
    if (row.kind === 'funding') expect(Number(row.balance)).toBeLessThanOrEqual(0);
    else expect(Number(row.balance), `${row.kind} of ${row.owner}`).toBeGreaterThanOrEqual(0);
  }
  const byKind = (kind: string) => balances.filter((row) => row.kind === kind).reduce((sum, row) => sum + Number(row.balance), 0);
  const [received] = await ctx.db.select({ total: sql<string>`coalesce(sum(${payments.amountCents}), 0)` }).from(payments).where(eq(payments.status, 'paid'));
  const funded = 0 - byKind('funding');
  expect(funded).toBe(Number(received.total));
  expect(byKind('paid_out') + byKind('refunded') + byKind('platform_fees') + byKind('escrow') + byKind('creator_payable')).toBe(funded);
  expect((await creatorLedger(ctx.db, maker.id)).availableCents).toBeGreaterThanOrEqual(0);
};

describe('the ledger under any sequence of fund, approve, revise, cancel and dispute outcomes (property)', () => {
  it('stays balanced, never negative, and accounts for every cent funded', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 100, max: 250_000 }), { minLength: 1, maxLength: 3 }),
        fc.array(stepArb, { minLength: 6, maxLength: 16 }),
        async (amounts, steps) => {
          const projectId = await startProject(amounts);
          for (const step of steps) await runStep(projectId, step);
          await expectLedgerHolds();
          // A settled project holds nothing: a cancelled one's escrow was refunded or released.
          const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
          if (project.status === 'cancelled') {
            const escrow = await ctx.db
              .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
              .from(ledgerEntries)
              .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
              .where(and(eq(ledgerAccounts.kind, 'escrow'), inArray(ledgerAccounts.projectId, [projectId])));
            expect(Number(escrow[0].balance)).toBe(0);
          }
        },
      ),
      {
        numRuns: 25,
        // Walks known to reach each kind of money move, run besides the random ones.
        examples: [
          [[50000], [step('fund'), step('receive'), step('submit'), step('cancel', 'refund')]],
          [[50000], [step('fund'), step('receive'), step('submit'), step('cancel', 'split', 60)]],
          [[50000, 20000], [step('fund'), step('receive'), step('submit'), step('approve'), step('payout', 'refund', 50), step('payout', 'refund', 40)]],
          // A funded milestone not yet submitted, refunded when the creator withdraws, or after an approved one when an admin ends the project.
          [[50000, 20000], [step('fund'), step('receive'), step('withdraw')]],
          [[50000, 20000], [step('fund'), step('receive'), step('submit'), step('approve'), step('fund'), step('receive'), step('end')]],
        ],
      },
    );
    // The walks reached every kind of money move, so the property was tested on each.
    const kinds = await ctx.db.selectDistinct({ kind: ledgerTransactions.kind }).from(ledgerTransactions);
    expect(kinds.map((row) => row.kind).sort()).toEqual(['funding', 'payout', 'refund', 'release', 'split']);
    // And the walks ended work under way both ways, refunding what was held (the examples above do each).
    const endings = await ctx.db.selectDistinct({ action: auditLog.action }).from(auditLog).where(inArray(auditLog.action, ['project.withdraw', 'project.cancel_active']));
    expect(endings.map((row) => row.action).sort()).toEqual(['project.cancel_active', 'project.withdraw']);
  }, 120_000);
});
