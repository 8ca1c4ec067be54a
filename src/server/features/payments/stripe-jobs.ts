import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { payments, stripeOperations } from '../../db/schema';
import { stripeClientFor } from './stripe-client';
import { readyAccountOf } from './stripe-connect';
import { recordStripePayout } from './stripe-ledger';

export const JOB_STRIPE_TRANSFER = 'stripe.transfer';
export const JOB_STRIPE_REFUND = 'stripe.refund';

export const transferPayload = z.object({
  ledgerTransactionId: z.string(),
  creatorId: z.string(),
  amountCents: z.number().int().positive(),
  paymentId: z.string(),
  milestoneId: z.string(),
});
export type TransferJobPayload = z.infer<typeof transferPayload>;

export const refundPayload = z.object({ ledgerTransactionId: z.string(), paymentId: z.string(), amountCents: z.number().int().positive() });
export type RefundJobPayload = z.infer<typeof refundPayload>;

/** Thrown while a creator has not finished Stripe onboarding: the scheduler retries, and account.updated wakes it. */
export class AwaitingConnectedAccount extends Error {
  constructor(creatorId: string) {
    super(`creator ${creatorId} has no connected account ready for transfers yet`);
    this.name = 'AwaitingConnectedAccount';
  }
}

/**
 * A job's call runs inside its transaction, which holds a connection (on the embedded database, the only one) until
 * Stripe answers: a short wait and one quick retry, and the scheduler's back-off does the rest.
 */
const IN_TRANSACTION = { timeout: 10_000, maxNetworkRetries: 1 } as const;

/**
 * The Stripe jobs (decision 171), run by the durable scheduler: the call to Stripe and the record of its result share
 * the job's transaction. If that transaction fails after Stripe answered, the next attempt repeats the call with the
 * same idempotency key and Stripe answers with the same object instead of moving the money again. Stripe forgets a
 * key after 24 hours, so a retry first looks for the transfer by its group before creating one.
 */
export const registerStripeJobs = (app: FastifyInstance): void => {
  app.jobs.handle(JOB_STRIPE_TRANSFER, async ({ tx, job, now }) => {
    const payload = transferPayload.parse(job.payload);
    const key = `transfer:${payload.ledgerTransactionId}`;
    const [done] = await tx.select().from(stripeOperations).where(eq(stripeOperations.idempotencyKey, key));
    if (done) return;
    const destination = await readyAccountOf(tx, payload.creatorId);
    if (!destination) throw new AwaitingConnectedAccount(payload.creatorId);

    const stripe = stripeClientFor(app.config);
    const group = `release:${payload.ledgerTransactionId}`;
    const earlier = job.attempts > 0 ? (await stripe.transfers.list({ transfer_group: group, limit: 1 }, IN_TRANSACTION)).data[0] : undefined;
    const transfer =
      earlier ??
      (await stripe.transfers.create(
        {
          amount: payload.amountCents,
          currency: app.config.STRIPE_CURRENCY,
          destination,
          transfer_group: group,
          metadata: { ledgerTransactionId: payload.ledgerTransactionId, creatorId: payload.creatorId, paymentId: payload.paymentId, milestoneId: payload.milestoneId },
        },
        { ...IN_TRANSACTION, idempotencyKey: key },
      ));
    await tx.insert(stripeOperations).values({
      idempotencyKey: key,
      kind: 'transfer',
      ledgerTransactionId: payload.ledgerTransactionId,
      stripeId: transfer.id,
      amountCents: payload.amountCents,
      createdAt: now,
    });
    await recordStripePayout(tx, { creatorId: payload.creatorId, amountCents: payload.amountCents, transferId: transfer.id, ledgerTransactionId: payload.ledgerTransactionId, now });
  });

  app.jobs.handle(JOB_STRIPE_REFUND, async ({ tx, job, now }) => {
    const payload = refundPayload.parse(job.payload);
    const key = `refund:${payload.ledgerTransactionId}`;
    const [done] = await tx.select().from(stripeOperations).where(eq(stripeOperations.idempotencyKey, key));
    if (done) return;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, payload.paymentId));
    if (!payment || payment.provider !== 'stripe' || !payment.providerRef) throw new Error(`payment ${payload.paymentId} was not paid through Stripe Checkout`);
    const stripe = stripeClientFor(app.config);
    // The webhook recorded the PaymentIntent as the payment's reference; the session names it otherwise.
    const paymentIntent = payment.reference?.startsWith('pi_') ? payment.reference : (await stripe.checkout.sessions.retrieve(payment.providerRef, {}, IN_TRANSACTION)).payment_intent;
    const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
    if (!paymentIntentId) throw new Error(`checkout ${payment.providerRef} has not been paid`);
    const refund = await stripe.refunds.create(
      { payment_intent: paymentIntentId, amount: payload.amountCents, metadata: { ledgerTransactionId: payload.ledgerTransactionId, paymentId: payload.paymentId } },
      { ...IN_TRANSACTION, idempotencyKey: key },
    );
    await tx.insert(stripeOperations).values({
      idempotencyKey: key,
      kind: 'refund',
      ledgerTransactionId: payload.ledgerTransactionId,
      stripeId: refund.id,
      amountCents: payload.amountCents,
      createdAt: now,
    });
  });
};
