import { formatMoneyCents } from '../../../domain/payment-schemas';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';
import { payments, payouts, projects, user } from '../../db/schema';
import { nextDocumentNumber } from './documents';
import { recordPaymentReceived } from './funding';
import { composeEmail } from '../../mail/templates';
import { accounts, post, receiptFigures } from './ledger';
import type { PaymentRow } from './provider';
import { tellMoneyEvent } from './tell';

/**
 * Where the Stripe provider meets the money core's ledger: a paid checkout funds the milestone's escrow (or, when its
 * invoice was voided meanwhile, is refunded), and a transfer to a creator's connected account moves their payable to
 * paid out. All run in the transaction of the webhook or job that learned of them.
 */
export const recordCheckoutPaid = async (
  app: FastifyInstance,
  tx: Transaction,
  paid: { paymentId: string; paymentIntentId: string },
): Promise<'recorded' | 'refunding' | 'not_open'> => {
  const [found] = await tx.select({ projectId: payments.projectId }).from(payments).where(eq(payments.id, paid.paymentId));
  // The project's row first, as every money move takes it: a second event for this payment (or an admin's 'Payment
  // received', or the project's cancellation) waits here, then reads the payment as it was left.
  if (found?.projectId) await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, found.projectId)).for('update');
  const [payment] = await tx.select().from(payments).where(eq(payments.id, paid.paymentId)).for('update');
  if (payment?.status === 'cancelled' && payment.provider === 'stripe') return (await refundLateCheckout(app, tx, payment, paid.paymentIntentId)) ? 'refunding' : 'not_open';
  // Paid already or unknown: nothing to move. Answering 200 stops Stripe's retries; the event stays in stripe_events.
  if (payment?.status !== 'awaiting_payment') return 'not_open';
  await recordPaymentReceived(app, tx, paid.paymentId, { reference: paid.paymentIntentId, provider: 'stripe' });
  return 'recorded';
};

/**
 * The client paid a checkout whose invoice had been voided (the project was cancelled while Stripe's page was open).
 * The money is at Stripe and is not the platform's to hold: one ledger transaction says it came in from the client
 * and is owed back (funding → refunded, no escrow: no milestone holds it), and the provider's refund job returns it
 * through the PaymentIntent that paid. Keyed by the payment, so Stripe's second event for it refunds nothing more.
 * A client whose account was deleted meanwhile is still owed it: the payment keeps their bare id (`payer_id`), as
 * the ledger does, and the notice goes to the address the invoice was issued to. False only for a payment that
 * names no payer at all (none is issued so).
 */
const refundLateCheckout = async (app: FastifyInstance, tx: Transaction, payment: PaymentRow, paymentIntentId: string): Promise<boolean> => {
  const payerId = payment.clientId ?? payment.payerId;
  if (!payerId) return false;
  const transactionId = await post(tx, {
    kind: 'refund',
    idempotencyKey: `late-checkout:${payment.id}`,
    entries: [
      { account: accounts.funding(payerId), amountCents: -payment.amountCents },
      { account: accounts.refunded(payerId), amountCents: payment.amountCents },
    ],
    projectId: payment.projectId,
    milestoneId: payment.milestoneId,
    paymentId: payment.id,
    memo: `stripe ${paymentIntentId}: paid after invoice ${payment.invoiceNumber} was voided; refunded`,
  });
  if (!transactionId) return true;
  // The refund job reads the PaymentIntent from the payment's reference; the invoice itself stays void.
  await tx.update(payments).set({ reference: paymentIntentId }).where(eq(payments.id, payment.id));
  await app.payments.provider.afterRefund?.(tx, {
    transactionId,
    paymentId: payment.id,
    milestoneId: payment.milestoneId ?? '',
    clientId: payerId,
    refundCents: payment.amountCents,
  });
  const detail = `the ${formatMoneyCents(payment.amountCents)} you paid on invoice ${payment.invoiceNumber} after it was voided goes back to the card you paid with; nothing is due`;
  const [project] = payment.projectId ? await tx.select().from(projects).where(eq(projects.id, payment.projectId)) : [];
  if (!payment.clientId) {
    // No account to notify: the person still hears where their money went, at the address they were invoiced at.
    await app.mailer.enqueue(
      composeEmail({ type: 'late-checkout-refund', to: payment.clientEmail, subject: `Payment refunded: ${formatMoneyCents(payment.amountCents)}`, siteName: app.config.SITE_NAME }, [
        `Hello ${payment.clientName},`,
        `You paid invoice ${payment.invoiceNumber} (${payment.projectTitle}) after it was voided, when your account had already been closed.`,
        `${formatMoneyCents(payment.amountCents)} goes back to the card you paid with. Nothing is due.`,
      ]),
      tx,
    );
  } else if (project) {
    await tellMoneyEvent(app, tx, 'funds_refunded', {
      project,
      only: 'client',
      thread: false,
      detail,
    });
  }
  return true;
};

/**
 * A transfer Stripe made: a paid payout with its receipt, and the ledger's payable → paid out, keyed by the release
 * it pays so that it is posted once. Returns the ledger transaction's id (null when it was already posted).
 */
export const recordStripePayout = async (
  tx: Transaction,
  payout: { creatorId: string; amountCents: number; transferId: string; ledgerTransactionId: string; now: Date },
): Promise<string | null> => {
  // Every transfer is a payout with its receipt, whatever its size (a small release, a split's share).
  const [creator] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, payout.creatorId));
  // The receipt's context lines as issued (decision 228): the release this transfer pays has committed before it.
  const figures = await receiptFigures(tx, payout.creatorId);
  const [row] = await tx
    .insert(payouts)
    .values({
      creatorId: payout.creatorId,
      amountCents: payout.amountCents,
      status: 'paid',
      provider: 'stripe',
      providerRef: payout.transferId,
      reference: payout.transferId,
      receiptNumber: await nextDocumentNumber(tx, 'receipt', payout.now),
      creatorName: creator?.name ?? 'Former member',
      creatorEmail: creator?.email ?? '',
      requestedAt: payout.now,
      paidAt: payout.now,
      receiptEarnedCents: figures.earnedCents,
      receiptFeesCents: figures.feesCents,
    })
    .returning({ id: payouts.id });
  const payoutId = row.id;
  return post(tx, {
    kind: 'payout',
    idempotencyKey: `stripe-payout:${payout.ledgerTransactionId}`,
    payoutId,
    memo: `Stripe transfer ${payout.transferId}`,
    entries: [
      { account: accounts.payable(payout.creatorId), amountCents: -payout.amountCents },
      { account: accounts.paidOut(payout.creatorId), amountCents: payout.amountCents },
    ],
  });
};
