import { and, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import type { Transaction } from '../../db/client';
import { payments, stripeEvents } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { stripeClientFor } from './stripe-client';
import { applyAccountUpdate } from './stripe-connect';
import type { PaymentRow } from './provider';
import { recordCheckoutPaid } from './stripe-ledger';
import { tellCheckoutFailed } from './tell';

export const STRIPE_WEBHOOK_MESSAGES = {
  badSignature: 'The Stripe signature does not match this payload.',
} as const;

/**
 * Checks the signature over the exact bytes Stripe sent; anything else is refused before it is read. Stripe signs
 * each dashboard endpoint with its own secret, and sends connected accounts' events (account.updated) only to a
 * Connect endpoint: an event is accepted when it verifies with the account endpoint's secret or, when set, the
 * Connect endpoint's (decision 220). Both endpoints may point at this one address.
 */
export const verifyStripeEvent = async (app: FastifyInstance, rawBody: Buffer, signature: string | string[] | undefined): Promise<Stripe.Event> => {
  if (typeof signature !== 'string' || signature === '') throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
  const stripe = await stripeClientFor(app.config);
  const secrets = [app.config.STRIPE_WEBHOOK_SECRET, app.config.STRIPE_CONNECT_WEBHOOK_SECRET].filter((secret): secret is string => Boolean(secret));
  for (const secret of secrets) {
    try {
      return stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch {
      // Not signed with this endpoint's secret: perhaps with the other's.
    }
  }
  throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
};

/** Our payment's id on a session we made; anything else (another integration's session) is not ours. */
const paymentIdOf = (session: Stripe.Checkout.Session): string | null => {
  const candidate = session.metadata?.paymentId ?? session.client_reference_id;
  return candidate && z.uuid().safeParse(candidate).success ? candidate : null;
};

/**
 * Clears a spent checkout from its payment, once: only while the payment is open, the session is still the payment's
 * (a newer one is left alone) and its address is still there, so the same news twice changes nothing. Returns the
 * payment when it was cleared now.
 */
const forgetCheckout = async (tx: Transaction, paymentId: string, sessionId: string): Promise<PaymentRow | null> => {
  const [cleared] = await tx
    .update(payments)
    .set({ checkoutUrl: null })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'awaiting_payment'), eq(payments.providerRef, sessionId), isNotNull(payments.checkoutUrl)))
    .returning();
  return cleared ?? null;
};

const idOf = (value: string | { id: string } | null): string | null => (value === null ? null : typeof value === 'string' ? value : value.id);

/**
 * Applies a verified event exactly once (decision 171). The event id is inserted in the transaction of the event's
 * effect: a concurrent delivery of the same event (another instance, a Stripe retry) waits on that row and then
 * finds it, so it does nothing; an effect that fails rolls the id back with it, and Stripe's next retry applies it.
 */
export const processStripeEvent = async (app: FastifyInstance, event: Stripe.Event): Promise<{ duplicate: boolean }> =>
  app.db.transaction(async (tx) => {
    const now = new Date();
    const inserted = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, receivedAt: now })
      .onConflictDoNothing({ target: stripeEvents.id })
      .returning({ id: stripeEvents.id });
    if (inserted.length === 0) return { duplicate: true };

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A connected account's own session (the Connect endpoint can carry them) never pays one of our invoices.
        const paymentId = event.account === undefined ? paymentIdOf(session) : null;
        // An unpaid completion (a delayed method) is settled by its async_payment_succeeded event.
        const paymentIntentId = idOf(session.payment_intent);
        if (paymentId && paymentIntentId && session.payment_status === 'paid') {
          const outcome = await recordCheckoutPaid(app, tx, { paymentId, paymentIntentId });
          if (outcome === 'not_open') app.log.warn({ stripeEvent: event.id, paymentId }, 'stripe checkout paid for a payment that is not open');
          if (outcome === 'refunding') app.log.info({ stripeEvent: event.id, paymentId }, 'stripe checkout paid after its invoice was voided: refund scheduled');
        }
        break;
      }
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed': {
        // The client's checkout is spent (expired unpaid, or its delayed payment failed): the next 'fund' opens a new
        // session ('Pay by card'; stripe-provider.ts names the spent one in its key). A failure is news to the client.
        const session = event.data.object;
        const paymentId = paymentIdOf(session);
        if (paymentId && event.account === undefined) {
          const forgotten = await forgetCheckout(tx, paymentId, session.id);
          if (forgotten && event.type === 'checkout.session.async_payment_failed') await tellCheckoutFailed(app, tx, forgotten);
        }
        break;
      }
      case 'account.updated':
        await applyAccountUpdate(tx, event.data.object, now);
        break;
      default:
        // Refunds and transfers are recorded when our jobs make them; their events are kept for reference only.
        break;
    }
    await tx.update(stripeEvents).set({ processedAt: new Date() }).where(eq(stripeEvents.id, event.id));
    return { duplicate: false };
  });
