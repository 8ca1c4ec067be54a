import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES, platformFeeCents, type DisputeOutcome, formatMoneyCents } from '../../../domain/payment-schemas';
import type { Transaction } from '../../db/client';
import { payments, projectMilestones } from '../../db/schema';
import { badRequest, conflict } from '../../http/errors';
import { creatorOf } from '../projects/access';
import type { MilestoneRow } from '../projects/milestones';
import type { ProjectRow } from '../projects/views';
import { accounts, post } from './ledger';
import type { PaymentRow } from './provider';
import { requestManualRefund } from './refunds';
import { tellMoneyEvent } from './tell';

/**
 * Settling a milestone's escrow (decision 170), exactly once: released on approval (less the platform fee), refunded
 * on cancellation, or divided by an admin's dispute decision. Each is one ledger transaction keyed
 * `settle:<milestone>`, in the transaction of the event that settles it.
 */

const LIVE: ReadonlyArray<PaymentRow['status']> = ['awaiting_payment', 'paid'];

/** The milestone's open or paid payment, if any (there is at most one: a partial unique index). */
export const livePaymentOf = async (tx: Transaction, milestoneId: string, options: { lock?: boolean } = {}): Promise<PaymentRow | null> => {
  const query = tx
    .select()
    .from(payments)
    .where(and(eq(payments.milestoneId, milestoneId), inArray(payments.status, [...LIVE])));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
};

export const milestoneName = (milestone: Pick<MilestoneRow, 'position' | 'title'>) => `milestone ${milestone.position} (“${milestone.title}”)`;

const paidPaymentOf = async (tx: Transaction, milestoneId: string): Promise<PaymentRow | null> => {
  const [row] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.milestoneId, milestoneId), eq(payments.status, 'paid')))
    .for('update');
  return row ?? null;
};

type Settlement = { kind: 'release' | 'refund' | 'split'; creatorGrossCents: number };

/** Moves a paid milestone's escrow once: to the creator (less the fee), back to the client, or divided. */
const settle = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, milestone: MilestoneRow, payment: PaymentRow, how: Settlement) => {
  const amount = payment.amountCents;
  const gross = how.kind === 'release' ? amount : how.kind === 'refund' ? 0 : how.creatorGrossCents;
  const fee = platformFeeCents(gross, app.config.PLATFORM_FEE_PERCENT);
  const creator = creatorOf(project);
  if (gross > 0 && !creator) return null;
  const refund = amount - gross;
  const clientId = payment.clientId ?? project.clientId;
  const transactionId = await post(tx, {
    kind: how.kind,
    idempotencyKey: `settle:${milestone.id}`,
    entries: [
      { account: accounts.escrow(project.id), amountCents: -amount },
      ...(creator ? [{ account: accounts.payable(creator.id), amountCents: gross - fee }] : []),
      { account: accounts.fees(), amountCents: fee },
      { account: accounts.refunded(clientId), amountCents: refund },
    ],
    projectId: project.id,
    milestoneId: milestone.id,
    paymentId: payment.id,
    memo: `${how.kind} of ${milestoneName(milestone)}`,
  });
  if (!transactionId) return null;
  const provider = app.payments.provider;
  if (creator && gross > 0) await provider.afterRelease?.(tx, { transactionId, paymentId: payment.id, milestoneId: milestone.id, creatorId: creator.id, creatorCents: gross - fee });
  if (refund > 0) {
    // A card payment goes back through Stripe while Stripe is the provider; anything else is sent back by hand, from
    // the admin's 'Refunds to send' (decision 216), whatever provider is set today.
    if (payment.provider === 'stripe' && provider.name === 'stripe' && provider.afterRefund) {
      await provider.afterRefund(tx, { transactionId, paymentId: payment.id, milestoneId: milestone.id, clientId, refundCents: refund });
    } else {
      await requestManualRefund(tx, { transactionId, payment, clientId, refundCents: refund });
    }
  }
  const name = milestoneName(milestone);
  if (how.kind === 'release') await tellMoneyEvent(app, tx, 'funds_released', { project, detail: `${formatMoneyCents(gross - fee)} to the creator for ${name}, after the ${formatMoneyCents(fee)} platform fee` });
  else if (how.kind === 'refund') await tellMoneyEvent(app, tx, 'funds_refunded', { project, detail: `${formatMoneyCents(refund)} back to the client for ${name}` });
  else {
    await tellMoneyEvent(app, tx, 'funds_split', {
      project,
      detail: `of the ${formatMoneyCents(amount)} held for ${name}, ${formatMoneyCents(gross - fee)} to the creator (after the ${formatMoneyCents(fee)} fee) and ${formatMoneyCents(refund)} back to the client`,
    });
  }
  return { transactionId, amountCents: amount, creatorCents: gross - fee, feeCents: fee, refundCents: refund };
};

/** On approval (by the client or by time): a funded milestone's escrow goes to the creator, less the platform fee. */
export const releaseIfFunded = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, milestone: MilestoneRow) => {
  const payment = await paidPaymentOf(tx, milestone.id);
  if (!payment) return null;
  return settle(app, tx, project, milestone, payment, { kind: 'release', creatorGrossCents: payment.amountCents });
};

export interface CancellationMoney {
  outcome: DisputeOutcome;
  milestoneId: string | null;
  fundedCents: number;
  creatorCents: number;
  feeCents: number;
  refundCents: number;
  invoicesVoided: string[];
}

/**
 * An admin's release or split pays the creator from the money held for the milestone under review. When none is held
 * (the client never funded it), either would settle nothing and void the open invoice: the creator would be told
 * their work was paid for when nothing moved. Such a decision is refused; a refund (which moves nothing either) stands.
 */
export const requireHeldForDispute = async (tx: Transaction, projectId: string, outcome: DisputeOutcome): Promise<void> => {
  if (outcome === 'refund') return;
  const [underReview] = await tx
    .select({ id: projectMilestones.id })
    .from(projectMilestones)
    .where(and(eq(projectMilestones.projectId, projectId), eq(projectMilestones.status, 'submitted')));
  if (!underReview || !(await paidPaymentOf(tx, underReview.id))) throw conflict(PAYMENT_MESSAGES.nothingHeld);
};

/**
 * The money side of a project's cancellation, in its transaction: the milestone under review is settled as the admin
 * decided (refund by default), a funded milestone not yet submitted is refunded, and open invoices of unapproved
 * milestones are voided (an approved milestone's invoice stays due: the work was accepted).
 */
export const settleCancelledProject = async (
  app: FastifyInstance,
  tx: Transaction,
  project: ProjectRow,
  decision: { outcome: DisputeOutcome; creatorCents?: number },
): Promise<CancellationMoney> => {
  const milestones = await tx.select().from(projectMilestones).where(eq(projectMilestones.projectId, project.id)).orderBy(asc(projectMilestones.position));
  const underReview = milestones.find((milestone) => milestone.status === 'submitted') ?? null;
  const summary: CancellationMoney = { outcome: decision.outcome, milestoneId: underReview?.id ?? null, fundedCents: 0, creatorCents: 0, feeCents: 0, refundCents: 0, invoicesVoided: [] };
  if (decision.outcome === 'split') {
    const limit = underReview ? ((await paidPaymentOf(tx, underReview.id))?.amountCents ?? underReview.amountCents) : 0;
    if (decision.creatorCents === undefined || decision.creatorCents > limit) {
      throw badRequest(PAYMENT_MESSAGES.splitOutOfRange, { creatorCents: PAYMENT_MESSAGES.splitOutOfRange });
    }
  }
  for (const milestone of milestones) {
    if (milestone.status === 'approved' || milestone.status === 'pending') continue;
    const live = await livePaymentOf(tx, milestone.id, { lock: true });
    if (!live) continue;
    if (live.status === 'awaiting_payment') {
      await tx.update(payments).set({ status: 'cancelled', cancelledAt: new Date() }).where(and(eq(payments.id, live.id), eq(payments.status, 'awaiting_payment')));
      summary.invoicesVoided.push(live.invoiceNumber);
      continue;
    }
    const isDisputed = milestone.id === underReview?.id;
    const how: Settlement = !isDisputed
      ? { kind: 'refund', creatorGrossCents: 0 }
      : decision.outcome === 'split'
        ? { kind: 'split', creatorGrossCents: decision.creatorCents ?? 0 }
        : { kind: decision.outcome, creatorGrossCents: live.amountCents };
    const settled = await settle(app, tx, project, milestone, live, how);
    if (!settled) continue;
    summary.fundedCents += settled.amountCents;
    summary.creatorCents += settled.creatorCents;
    summary.feeCents += settled.feeCents;
    summary.refundCents += settled.refundCents;
  }
  return summary;
};
