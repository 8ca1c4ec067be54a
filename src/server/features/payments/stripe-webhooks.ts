import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { z } from 'zod';
import { payments, stripeEvents } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { stripeClientFor } from './stripe-client';
import { applyAccountUpdate } from './stripe-connect';
import { recordCheckoutPaid } from './stripe-ledger';

export const STRIPE_WEBHOOK_MESSAGES = {
  badSignature: 'The Stripe signature does not match this payload.',
} as const;

/** Checks the signature over the exact bytes Stripe sent; anything else is refused before it is read. */
export const verifyStripeEvent = async (app: FastifyInstance, rawBody: Buffer, signature: string | string[] | undefined): Promise<Stripe.Event> => {
  if (typeof signature !== 'string' || signature === '') throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
  const stripe = await stripeClientFor(app.config);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, app.config.STRIPE_WEBHOOK_SECRET!);
  } catch {
    throw badRequest(STRIPE_WEBHOOK_MESSAGES.badSignature);
  }
};

/** Our payment's id on a session we made; anything else (another integration's session) is not ours. */
const paymentIdOf = (session: Stripe.Checkout.Session): string | null => {
  const candidate = session.metadata?.paymentId ?? session.client_reference_id;
  return candidate && z.uuid().safeParse(candidate).success ? candidate : null;
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
        const paymentId = paymentIdOf(session);
        // An unpaid completion (a delayed method) is settled by its async_payment_succeeded event.
        const paymentIntentId = idOf(session.payment_intent);
        if (paymentId && paymentIntentId && session.payment_status === 'paid') {
          const outcome = await recordCheckoutPaid(app, tx, { paymentId, paymentIntentId });
          if (outcome === 'not_open') app.log.warn({ stripeEvent: event.id, paymentId }, 'stripe checkout paid for a payment that is not open');
          if (outcome === 'refunding') app.log.info({ stripeEvent: event.id, paymentId }, 'stripe checkout paid after its invoice was voided: refund scheduled');
        }
        break;
      }
      case 'checkout.session.expired': {
        // The client's link is dead: the next 'fund' opens a new session (stripe-provider.ts names the expired one).
        const session = event.data.object;
        const paymentId = paymentIdOf(session);
        if (paymentId) {
          await tx
            .update(payments)
            .set({ checkoutUrl: null })
            .where(and(eq(payments.id, paymentId), eq(payments.status, 'awaiting_payment'), eq(payments.providerRef, session.id)));
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
