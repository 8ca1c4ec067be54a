import type { AppConfig } from '../../config';
import type { Transaction } from '../../db/client';
import { scheduleJob } from '../../jobs/scheduler';
import { stripeClientFor } from './stripe-client';
import { JOB_STRIPE_REFUND, JOB_STRIPE_TRANSFER, type RefundJobPayload, type TransferJobPayload } from './stripe-jobs';

/** What funding needs of a payment row (payments in db/schema.ts). */
export interface StripeFundingRequest {
  id: string;
  amountCents: number;
  clientId: string | null;
  projectTitle: string;
  milestoneTitle: string;
  invoiceNumber: string | null;
  /** The payment's earlier Checkout Session, when one expired unpaid (stripe-webhooks.ts). */
  providerRef: string | null;
}

/**
 * The Stripe provider (decision 171). Funding is a Checkout Session; releases and refunds only schedule durable jobs
 * in the transaction that moved the money in the ledger, so the network is never called while that transaction is
 * open and a job exists exactly when the ledger says the money is owed.
 */
export const createStripeProvider = (config: AppConfig) => ({
  name: 'stripe' as const,

  /**
   * One Checkout Session per payment: the idempotency key is the payment's, so asking again (a double click, a retry
   * after a timeout) returns the same session instead of opening a second one. After a session expired unpaid, the
   * key names the expired one, so the client gets a fresh session rather than Stripe's replay of the dead one.
   */
  startFunding: async (payment: StripeFundingRequest): Promise<{ checkoutUrl: string | null; providerRef: string | null }> => {
    const back = `${config.PUBLIC_URL}/dashboard-client`;
    const label = [payment.projectTitle, payment.milestoneTitle].filter(Boolean).join(' — ');
    const session = await (await stripeClientFor(config)).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: payment.id,
        metadata: { paymentId: payment.id, ...(payment.invoiceNumber ? { invoiceNumber: payment.invoiceNumber } : {}) },
        payment_intent_data: { metadata: { paymentId: payment.id } },
        line_items: [
          {
            quantity: 1,
            price_data: { currency: config.STRIPE_CURRENCY, unit_amount: payment.amountCents, product_data: { name: label.slice(0, 250) || 'Milestone' } },
          },
        ],
        success_url: `${back}?funded=${encodeURIComponent(payment.id)}`,
        cancel_url: `${back}?funding=cancelled`,
      },
      { idempotencyKey: payment.providerRef ? `fund:${payment.id}:after:${payment.providerRef}` : `fund:${payment.id}` },
    );
    return { checkoutUrl: session.url ?? null, providerRef: session.id };
  },

  /** Pays the creator's share to their connected account, later, from the job (stripe-jobs.ts). */
  afterRelease: async (tx: Transaction, release: { transactionId: string; paymentId: string; milestoneId: string; creatorId: string; creatorCents: number }) => {
    const payload: TransferJobPayload = {
      ledgerTransactionId: release.transactionId,
      creatorId: release.creatorId,
      amountCents: release.creatorCents,
      paymentId: release.paymentId,
      milestoneId: release.milestoneId,
    };
    await scheduleJob(tx, { kind: JOB_STRIPE_TRANSFER, key: `stripe.transfer:${release.transactionId}`, runAt: new Date(), payload });
  },

  /** Returns the client's money through the PaymentIntent that paid it, later, from the job. */
  afterRefund: async (tx: Transaction, refund: { transactionId: string; paymentId: string; refundCents: number }) => {
    const payload: RefundJobPayload = { ledgerTransactionId: refund.transactionId, paymentId: refund.paymentId, amountCents: refund.refundCents };
    await scheduleJob(tx, { kind: JOB_STRIPE_REFUND, key: `stripe.refund:${refund.transactionId}`, runAt: new Date(), payload });
  },
});

export type StripeProvider = ReturnType<typeof createStripeProvider>;
