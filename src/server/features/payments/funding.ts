import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAYMENT_MESSAGES, type MilestoneFunding, type PaymentProviderName, formatDueDate, formatMoneyCents, invoiceDueDate } from '../../../domain/payment-schemas';
import type { Transaction } from '../../db/client';
import { clientProfiles, payments, profiles, projectMilestones, projects, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { creatorOf } from '../projects/access';
import type { MilestoneRow } from '../projects/milestones';
import type { ProjectRow } from '../projects/views';
import { nextDocumentNumber } from './documents';
import { accounts, post } from './ledger';
import { scheduleOverdueReminder } from './overdue';
import { livePaymentOf, milestoneName, releaseIfFunded } from './settlement';
import type { PaymentRow } from './provider';
import { tellMoneyEvent } from './tell';
import { loadMilestoneFunding } from './views';

/**
 * A milestone's funding (decision 170): the client funds it once it is active, and the money waits in the project's
 * escrow until it is settled (settlement.ts). Work is never blocked on funding; an approval that finds no money records
 * none, and the release follows when the money arrives.
 */

const FUNDABLE: ReadonlyArray<MilestoneRow['status']> = ['active', 'submitted', 'revision_requested', 'approved'];

const nameOf = async (tx: Transaction, userId: string | null): Promise<{ name: string; email: string }> => {
  if (!userId) return { name: 'Unknown', email: '' };
  const [row] = await tx
    .select({ name: profiles.name, fallback: user.name, email: user.email })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return { name: row?.name ?? row?.fallback ?? 'Unknown', email: row?.email ?? '' };
};

/** The client's company as their profile names it now, or null; a blank name is none. */
const companyOf = async (tx: Transaction, clientId: string): Promise<string | null> => {
  const [row] = await tx.select({ companyName: clientProfiles.companyName }).from(clientProfiles).where(eq(clientProfiles.userId, clientId));
  return row?.companyName?.trim() || null;
};

/**
 * Issues the invoice for a milestone's funding (a numbered payment, awaiting payment) and tells the client. What the
 * invoice says is copied onto it, the client's company and the due date by the terms of the day included (decision 177).
 */
export const issueInvoice = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, milestone: MilestoneRow, now: Date): Promise<PaymentRow> => {
  const client = await nameOf(tx, project.clientId);
  const creator = await nameOf(tx, creatorOf(project)?.id ?? null);
  const dueDate = invoiceDueDate(now);
  const [created] = await tx
    .insert(payments)
    .values({
      milestoneId: milestone.id,
      projectId: project.id,
      clientId: project.clientId,
      payerId: project.clientId,
      amountCents: milestone.amountCents,
      provider: app.payments.provider.name,
      invoiceNumber: await nextDocumentNumber(tx, 'invoice', now),
      projectTitle: project.title,
      milestoneTitle: milestone.title,
      milestonePosition: milestone.position,
      clientName: client.name,
      clientEmail: client.email,
      clientCompany: await companyOf(tx, project.clientId),
      creatorName: creator.name,
      issuedAt: now,
      dueDate,
    })
    .returning();
  await scheduleOverdueReminder(tx, created);
  await tellMoneyEvent(app, tx, 'funding_requested', {
    project,
    only: 'client',
    detail: `invoice ${created.invoiceNumber}, ${formatMoneyCents(created.amountCents)} due by ${formatDueDate(dueDate)} for ${milestoneName(milestone)}`,
  });
  return created;
};

/**
 * On approval (by the client or by time): funded work is released to the creator; work approved before any money
 * was asked for is invoiced there and then (decision 185), so what the client owes is a numbered invoice with a due
 * date and an overdue reminder, and its payment releases the money in the same transaction.
 */
export const releaseOrInvoiceApproved = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, milestone: MilestoneRow): Promise<void> => {
  const live = await livePaymentOf(tx, milestone.id, { lock: true });
  if (live?.status === 'paid') {
    await releaseIfFunded(app, tx, project, milestone);
    return;
  }
  if (!live && milestone.amountCents > 0) await issueInvoice(app, tx, project, milestone, new Date());
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
    // Approved work stays payable, even on a project cancelled later; anything else of a cancelled project is not.
    const isCancelled = project.status === 'cancelled' && milestone.status !== 'approved';
    if (isCancelled || !FUNDABLE.includes(milestone.status) || milestone.amountCents <= 0) throw conflict(PAYMENT_MESSAGES.notFundable);
    const created = await issueInvoice(app, tx, project, milestone, new Date());
    return { payment: created, projectId: project.id };
  });
  // A card invoice without an open checkout (its session expired, or the work was approved unfunded) gets one now; a
  // bank-transfer invoice never does, whatever provider is set today.
  if (payment.status === 'awaiting_payment' && !payment.checkoutUrl && payment.provider !== 'manual' && app.payments.provider.name === payment.provider) {
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
  input: { reference: string; provider: PaymentProviderName; actorId?: string | null; at?: Date },
): Promise<PaymentRow> => {
  const [found] = await tx.select({ projectId: payments.projectId }).from(payments).where(eq(payments.id, paymentId));
  if (!found) throw notFound('Payment not found');
  // Project first, then payment: the same order as fund, approval and cancellation, so none of them deadlock.
  const project = await lockProject(tx, found.projectId);
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!payment || payment.status !== 'awaiting_payment' || !project || !payment.clientId || !payment.milestoneId) throw conflict(PAYMENT_MESSAGES.paymentNotOpen);
  // An admin records bank transfers only: a card payment marked by hand would leave Stripe's own charge unrecorded.
  if (input.provider === 'manual' && payment.provider !== 'manual') throw conflict(PAYMENT_MESSAGES.paidByCard);
  const now = input.at ?? new Date();
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
    at: input.at,
  });
  const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.id, payment.milestoneId));
  await tellMoneyEvent(app, tx, 'payment_received', {
    project,
    detail: `${formatMoneyCents(payment.amountCents)} for ${milestone ? milestoneName(milestone) : payment.milestoneTitle} (invoice ${payment.invoiceNumber})`,
  });
  if (milestone?.status === 'approved') await releaseIfFunded(app, tx, project, milestone);
  return paid;
};

