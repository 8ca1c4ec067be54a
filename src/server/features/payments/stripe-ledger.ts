import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';
import { payments, payouts, projects, user } from '../../db/schema';
import { nextDocumentNumber } from './documents';
import { recordPaymentReceived } from './funding';
import { accounts, post } from './ledger';

/**
 * Where the Stripe provider meets the money core's ledger: a paid checkout funds the milestone's escrow, and a
 * transfer to a creator's connected account moves their payable to paid out. Both run in the transaction of the
 * webhook or job that learned of them.
 */
export const recordCheckoutPaid = async (
  app: FastifyInstance,
  tx: Transaction,
  paid: { paymentId: string; paymentIntentId: string },
): Promise<'recorded' | 'not_open'> => {
  const [found] = await tx.select({ projectId: payments.projectId }).from(payments).where(eq(payments.id, paid.paymentId));
  // The project's row first, as every money move takes it: a second event for this payment (or an admin's 'Payment
  // received') waits here, then reads the payment as it was left.
  if (found?.projectId) await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, found.projectId)).for('update');
  const [payment] = await tx.select({ status: payments.status }).from(payments).where(eq(payments.id, paid.paymentId));
  // Paid already, cancelled, or unknown: nothing to move. Answering 200 stops Stripe's retries; the event stays in
  // stripe_events for reference.
  if (payment?.status !== 'awaiting_payment') return 'not_open';
  await recordPaymentReceived(app, tx, paid.paymentId, { reference: paid.paymentIntentId, provider: 'stripe' });
  return 'recorded';
};

/** Payouts below this are not documents of their own (payouts_amount_min); the ledger still records the move. */
const MIN_RECEIPT_CENTS = 100;

/**
 * A transfer Stripe made: a paid payout with its receipt, and the ledger's payable → paid out, keyed by the release
 * it pays so that it is posted once. Returns the ledger transaction's id (null when it was already posted).
 */
export const recordStripePayout = async (
  tx: Transaction,
  payout: { creatorId: string; amountCents: number; transferId: string; ledgerTransactionId: string; now: Date },
): Promise<string | null> => {
  let payoutId: string | null = null;
  if (payout.amountCents >= MIN_RECEIPT_CENTS) {
    const [creator] = await tx.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, payout.creatorId));
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
      })
      .returning({ id: payouts.id });
    payoutId = row.id;
  }
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
