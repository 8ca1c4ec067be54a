import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { payments, stripeOperations } from '../../db/schema';
import { stripeClientFor } from './stripe-client';
import { applyAccountUpdate, connectedAccountIdOf, isReady, readyAccountOf, retrieveConnectedAccount } from './stripe-connect';
import { recordStripePayout } from './stripe-ledger';

export const JOB_STRIPE_TRANSFER = 'stripe.transfer';
export const JOB_STRIPE_REFUND = 'stripe.refund';

/** How many times an admin retried the job after its attempts ran out (stripe-job-admin.ts); absent at first. */
const round = z.number().int().min(0).optional();

export const transferPayload = z.object({
  ledgerTransactionId: z.string(),
  round,
  creatorId: z.string(),
  amountCents: z.number().int().positive(),
  paymentId: z.string(),
  milestoneId: z.string(),
});
export type TransferJobPayload = z.infer<typeof transferPayload>;

export const refundPayload = z.object({ ledgerTransactionId: z.string(), paymentId: z.string(), amountCents: z.number().int().positive(), round });
export type RefundJobPayload = z.infer<typeof refundPayload>;

/**
 * Thrown while a creator has not finished Stripe onboarding (their account, read from Stripe, cannot take transfers
 * yet): the scheduler retries, and account.updated or the creator's return from onboarding wakes it.
 */
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
 * The idempotency keys of a job's calls, by round: the first is `<base>`, and each admin retry adds one. Stripe keeps
 * the answer to a keyed call for 24 hours, refusals included (an insufficient balance is answered again and again), so
 * an admin's retry must ask under a new key; the look-up before each call after the first keeps it from moving the
 * money twice. Returns the current key and every key used so far.
 */
const keysOf = (base: string, payloadRound: number | undefined) => {
  const rounds = payloadRound ?? 0;
  const all = [base, ...Array.from({ length: rounds }, (_, index) => `${base}:round-${index + 1}`)];
  return { key: all.at(-1)!, all };
};

/**
 * A creator whose stored account is not ready yet may have finished onboarding without our hearing of it (a missed
 * account.updated, decision 220): before a transfer waits, the account is read from Stripe and stored in the job's
 * transaction, which also wakes the creator's other waiting transfers. A creator who never started onboarding has no
 * account to read. Returns the account when Stripe says it can take transfers.
 */
const readyAtStripe = async (app: FastifyInstance, tx: Transaction, creatorId: string, now: Date): Promise<string | null> => {
  const accountId = await connectedAccountIdOf(tx, creatorId);
  if (!accountId) return null;
  const account = await retrieveConnectedAccount(app, accountId, IN_TRANSACTION);
  if (!isReady(account)) return null;
  await applyAccountUpdate(tx, account, now);
  return account.id;
};

/**
 * The Stripe jobs (decision 171), run by the durable scheduler: the call to Stripe and the record of its result share
 * the job's transaction. If that transaction fails after Stripe answered, the next attempt repeats the call with the
 * same idempotency key and Stripe answers with the same object instead of moving the money again. Stripe forgets a
 * key after 24 hours, and an admin's retry asks under a new one, so any attempt after the first looks for the transfer
 * (by its group) or the refund (by its PaymentIntent and ledger transaction) before making one.
 */
export const registerStripeJobs = (app: FastifyInstance): void => {
  app.jobs.handle(JOB_STRIPE_TRANSFER, async ({ tx, job, now }) => {
    const payload = transferPayload.parse(job.payload);
    const { key, all } = keysOf(`transfer:${payload.ledgerTransactionId}`, payload.round);
    const [done] = await tx.select().from(stripeOperations).where(inArray(stripeOperations.idempotencyKey, all));
    if (done) return;
    const destination = (await readyAccountOf(tx, payload.creatorId)) ?? (await readyAtStripe(app, tx, payload.creatorId, now));
    if (!destination) throw new AwaitingConnectedAccount(payload.creatorId);

    const stripe = await stripeClientFor(app.config);
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
    const { key, all } = keysOf(`refund:${payload.ledgerTransactionId}`, payload.round);
    const [done] = await tx.select().from(stripeOperations).where(inArray(stripeOperations.idempotencyKey, all));
    if (done) return;
    const [payment] = await tx.select().from(payments).where(eq(payments.id, payload.paymentId));
    if (!payment || payment.provider !== 'stripe' || !payment.providerRef) throw new Error(`payment ${payload.paymentId} was not paid through Stripe Checkout`);
    const stripe = await stripeClientFor(app.config);
    // The webhook recorded the PaymentIntent as the payment's reference; the session names it otherwise.
    const paymentIntent = payment.reference?.startsWith('pi_') ? payment.reference : (await stripe.checkout.sessions.retrieve(payment.providerRef, {}, IN_TRANSACTION)).payment_intent;
    const paymentIntentId = typeof paymentIntent === 'string' ? paymentIntent : paymentIntent?.id;
    if (!paymentIntentId) throw new Error(`checkout ${payment.providerRef} has not been paid`);
    // After a first attempt, the refund it may have made (its transaction failed, or its key is past Stripe's 24 hours).
    const earlier =
      job.attempts > 0
        ? (await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, IN_TRANSACTION)).data.find((made) => made.metadata?.ledgerTransactionId === payload.ledgerTransactionId)
        : undefined;
    const refund =
      earlier ??
      (await stripe.refunds.create(
        { payment_intent: paymentIntentId, amount: payload.amountCents, metadata: { ledgerTransactionId: payload.ledgerTransactionId, paymentId: payload.paymentId } },
        { ...IN_TRANSACTION, idempotencyKey: key },
      ));
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
