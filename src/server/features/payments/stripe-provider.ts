import type { FastifyInstance } from 'fastify';
import type { Transaction } from '../../db/client';
import { stripeCheckouts } from '../../db/schema';
import { scheduleJob } from '../../jobs/scheduler';
import { stripeClientFor } from './stripe-client';
import { JOB_STRIPE_REFUND, JOB_STRIPE_TRANSFER, type RefundJobPayload, type TransferJobPayload } from './stripe-jobs';

export interface FundingRequest {
  id: string;
  amountCents: number;
  clientId: string | null;
  projectTitle: string;
  milestoneTitle: string;
  invoiceNumber: string | null;
}

/**
 * The Stripe provider (decision 171). Funding is a Checkout Session; releases and refunds only schedule durable jobs
 * in the transaction that moved the money in the ledger, so the network is never called while that transaction is
 * open and a job exists exactly when the ledger says the money is owed.
 */
export const createStripeProvider = (app: FastifyInstance) => ({
  name: 'stripe' as const,

  /**
   * One Checkout Session per payment: the idempotency key is the payment's, so asking again (a double click, a retry
   * after a timeout) returns the same session instead of charging the client twice.
   */
  startFunding: async (payment: FundingRequest): Promise<{ checkoutUrl: string | null; providerRef: string | null }> => {
    const back = `${app.config.PUBLIC_URL}/dashboard-client`;
    const label = [payment.projectTitle, payment.milestoneTitle].filter(Boolean).join(' — ');
    const session = await stripeClientFor(app.config).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: payment.id,
        metadata: { paymentId: payment.id, ...(payment.invoiceNumber ? { invoiceNumber: payment.invoiceNumber } : {}) },
        payment_intent_data: { metadata: { paymentId: payment.id } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: app.config.STRIPE_CURRENCY, unit_amount: payment.amountCents, product_data: { name: label.slice(0, 250) || 'Milestone' } },
          },
        ],
        success_url: `${back}?funded=${encodeURIComponent(payment.id)}`,
        cancel_url: `${back}?funding=cancelled`,
      },
      { idempotencyKey: `fund:${payment.id}` },
    );
    await app.db
      .insert(stripeCheckouts)
      .values({ paymentId: payment.id, sessionId: session.id })
      .onConflictDoUpdate({ target: stripeCheckouts.paymentId, set: { sessionId: session.id, updatedAt: new Date() } });
    return { checkoutUrl: session.url ?? null, providerRef: session.id };
  },

  /** Pays the creator's share to their connected account, later, from the job (stripe-jobs.ts). */
  afterRelease: async (tx: Transaction, release: TransferJobPayload): Promise<void> => {
    await scheduleJob(tx, { kind: JOB_STRIPE_TRANSFER, key: `stripe.transfer:${release.ledgerTransactionId}`, runAt: new Date(), payload: { ...release } });
  },

  /** Returns the client's money through the PaymentIntent that paid it, later, from the job. */
  afterRefund: async (tx: Transaction, refund: RefundJobPayload): Promise<void> => {
    await scheduleJob(tx, { kind: JOB_STRIPE_REFUND, key: `stripe.refund:${refund.ledgerTransactionId}`, runAt: new Date(), payload: { ...refund } });
  },
});

export type StripeProvider = ReturnType<typeof createStripeProvider>;
