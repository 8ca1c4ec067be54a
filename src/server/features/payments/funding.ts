import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { formatCents } from '../../../domain/milestones';
import { PAYMENT_MESSAGES, platformFeeCents, type DisputeOutcome, type MilestoneFunding, type PaymentProviderName } from '../../../domain/payment-schemas';
import type { Transaction } from '../../db/client';
import { payments, profiles, projectMilestones, projects, user } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { creatorOf } from '../projects/access';
import type { MilestoneRow } from '../projects/milestones';
import type { ProjectRow } from '../projects/views';
import { nextDocumentNumber } from './documents';
import { accounts, post } from './ledger';
import type { PaymentRow } from './provider';
import { tellMoneyEvent } from './tell';
import { loadMilestoneFunding } from './views';

/**
 * A milestone's money (decision 170): the client funds it once it is active, the money waits in the project's
 * escrow, and it is settled exactly once: released on approval (less the platform fee), refunded on cancellation, or
 * divided by an admin's dispute decision. Work is never blocked on funding; an approval that finds no money records
 * none, and the release follows when the money arrives.
 */

const FUNDABLE: ReadonlyArray<MilestoneRow['status']> = ['active', 'submitted', 'revision_requested', 'approved'];
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

const milestoneName = (milestone: Pick<MilestoneRow, 'position' | 'title'>) => `milestone ${milestone.position} (“${milestone.title}”)`;

const nameOf = async (tx: Transaction, userId: string | null): Promise<{ name: string; email: string }> => {
  if (!userId) return { name: 'Unknown', email: '' };
  const [row] = await tx
    .select({ name: profiles.name, fallback: user.name, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return { name: row?.name ?? row?.fallback ?? 'Unknown', email: row?.email ?? '' };
};

/**
 * The client asks to fund a milestone: an invoice (and, with Stripe, a checkout) for its amount. Asking again
 * returns the same open payment. The provider is called after the payment committed, never inside the transaction.
 */
export const fundMilestone = async (app: FastifyInstance, auth: AuthContext, milestoneId: string): Promise<MilestoneFunding> => {
  const { payment, projectId } = await app.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ milestone: projectMilestones, project: projects })
      .from(projectMilestones)
      .innerJoin(projects, eq(projects.id, projectMilestones.projectId))
      .where(eq(projectMilestones.id, milestoneId));
    if (!found || found.project.clientId !== auth.userId) throw notFound(PAYMENT_MESSAGES.notYourMilestone);
    // The project's row lock orders two 'fund' calls: the second finds the first's payment.
    const [project] = await tx.select().from(projects).where(eq(projects.id, found.project.id)).for('update');
    const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, milestoneId));
    if (!project || !milestone) throw notFound(PAYMENT_MESSAGES.notYourMilestone);
    const live = await livePaymentOf(tx, milestoneId);
    if (live?.status === 'paid') throw conflict(PAYMENT_MESSAGES.alreadyFunded);
    if (live) return { payment: live, projectId: project.id };
    if (project.status === 'cancelled' || !FUNDABLE.includes(milestone.status) || milestone.amountCents <= 0) throw conflict(PAYMENT_MESSAGES.notFundable);
    const now = new Date();
    const client = await nameOf(tx, project.clientId);
    const creator = await nameOf(tx, creatorOf(project)?.id ?? null);
    const [created] = await tx
      .insert(payments)
      .values({
        milestoneId,
        projectId: project.id,
        clientId: project.clientId,
        amountCents: milestone.amountCents,
        provider: app.payments.provider.name,
        invoiceNumber: await nextDocumentNumber(tx, 'invoice', now),
        projectTitle: project.title,
        milestoneTitle: milestone.title,
        milestonePosition: milestone.position,
        clientName: client.name,
        clientEmail: client.email,
        creatorName: creator.name,
        issuedAt: now,
      })
      .returning();
    await tellMoneyEvent(app, tx, 'funding_requested', {
      project,
      only: 'client',
      detail: `invoice ${created.invoiceNumber}, ${formatCents(created.amountCents)} for ${milestoneName(milestone)}`,
    });
    return { payment: created, projectId: project.id };
  });
  if (payment.status === 'awaiting_payment' && !payment.checkoutUrl && app.payments.provider.name !== 'manual') {
    const started = await app.payments.provider.startFunding(payment);
    await app.db
      .update(payments)
      .set({ checkoutUrl: started.checkoutUrl, providerRef: started.providerRef })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'awaiting_payment')));
  }
  const view = (await loadMilestoneFunding(app, auth, projectId)).find((item) => item.milestoneId === milestoneId);
  if (!view) throw notFound(PAYMENT_MESSAGES.notYourMilestone);
  return view;
};

const lockProject = async (tx: Transaction, projectId: string | null): Promise<ProjectRow | null> => {
  if (!projectId) return null;
  const [row] = await tx.select().from(projects).where(eq(projects.id, projectId)).for('update');
  return row ?? null;
};

/**
 * Money arrived for a payment (the admin's 'Payment received', or a provider's webhook): the client's funding moves
 * into the project's escrow. A milestone already approved is released in the same transaction. Call it inside the
 * caller's transaction; a payment no longer open answers 409.
 */
export const recordPaymentReceived = async (
  app: FastifyInstance,
  tx: Transaction,
  paymentId: string,
  input: { reference: string; provider: PaymentProviderName; actorId?: string | null },
): Promise<PaymentRow> => {
  const [found] = await tx.select({ projectId: payments.projectId }).from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound('Payment not found');
  // Project first, then payment: the same order as fund, approval and cancellation, so none of them deadlock.
  const project = await lockProject(tx, found.projectId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.status !== 'awaiting_payment' || !project || !payment.clientId || !payment.milestoneId) throw conflict(PAYMENT_MESSAGES.paymentNotOpen);
  const now = new Date();
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', paidAt: now, reference: input.reference })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'awaiting_payment')))
    .returning();
  await post(tx, {
    kind: 'funding',
    idempotencyKey: `funding:${paymentId}`,
    entries: [
      { account: accounts.funding(payment.clientId), amountCents: -payment.amountCents },
      { account: accounts.escrow(project.id), amountCents: payment.amountCents },
    ],
    projectId: project.id,
    milestoneId: payment.milestoneId,
    paymentId,
    memo: `${input.provider} ${input.reference}`,
    createdBy: input.actorId ?? null,
  });
  const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, payment.milestoneId));
  await tellMoneyEvent(app, tx, 'payment_received', {
    project,
    detail: `${formatCents(payment.amountCents)} for ${milestone ? milestoneName(milestone) : payment.milestoneTitle} (invoice ${payment.invoiceNumber})`,
  });
  if (milestone?.status === 'approved') await releaseIfFunded(app, tx, project, milestone);
  return paid;
};

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
  if (refund > 0) await provider.afterRefund?.(tx, { transactionId, paymentId: payment.id, milestoneId: milestone.id, clientId, refundCents: refund });
  const name = milestoneName(milestone);
  if (how.kind === 'release') await tellMoneyEvent(app, tx, 'funds_released', { project, detail: `${formatCents(gross - fee)} to the creator for ${name}, after the ${formatCents(fee)} platform fee` });
  else if (how.kind === 'refund') await tellMoneyEvent(app, tx, 'funds_refunded', { project, detail: `${formatCents(refund)} back to the client for ${name}` });
  else {
    await tellMoneyEvent(app, tx, 'funds_split', {
      project,
      detail: `of the ${formatCents(amount)} held for ${name}, ${formatCents(gross - fee)} to the creator (after the ${formatCents(fee)} fee) and ${formatCents(refund)} back to the client`,
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
