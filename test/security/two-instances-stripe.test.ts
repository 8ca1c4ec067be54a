import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerTransactions, payments, stripeEvents } from '../../src/server/db/schema';
import { fundMilestone } from '../../src/server/features/payments/funding';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { approveMaker, onboardedClient } from '../support/project-fixtures';
import { activeProject, authOf, signedEvent, stripeEnv, webhookRequest } from '../support/stripe-fixtures';
import { startStripeStandIn, type StripeStandIn } from '../support/stripe-stand-in';

/**
 * Two app instances behind one load balancer receive the same Stripe webhook at the same moment (Stripe retries a
 * delivery it thinks timed out, or two endpoints are configured). The event must move money once. On PostgreSQL
 * (TEST_DATABASE_URL) each instance has its own connection pool, so the two transactions really race; on PGlite
 * they share the embedded database, which still checks that the second delivery finds the first's row.
 */
const liveKey = process.env.STRIPE_TEST_SECRET_KEY;
if (liveKey) console.log('STRIPE_TEST_SECRET_KEY is set: the two-instance webhook test reads the local stand-in, so it is skipped against Stripe test mode.');

describe.skipIf(Boolean(liveKey))('one Stripe webhook delivered to two instances at once', () => {
  let standIn: StripeStandIn;
  let ctx: TestContext;
  let second: Awaited<ReturnType<TestContext['secondInstance']>>;
  let client: TestUser;
  let maker: TestUser;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    ctx = await createTestContext({ env: stripeEnv(standIn.url) });
    second = await ctx.secondInstance();
    client = await onboardedClient(ctx);
    maker = await approveMaker(ctx);
  });
  afterAll(async () => {
    await second?.close();
    await ctx?.close();
    await standIn?.close();
  });

  const openPayment = async (amountCents: number) => {
    const { milestone } = await activeProject(ctx.app, client, maker, amountCents);
    await fundMilestone(ctx.app, authOf(client), milestone.id);
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.milestoneId, milestone.id));
    return { payment, session: standIn.paySession(payment.providerRef!) };
  };
  const fundings = (paymentId: string) =>
    ctx.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.paymentId, paymentId), eq(ledgerTransactions.kind, 'funding')));

  it('applies the same event once: one funding in the ledger, one stored event', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { payment, session } = await openPayment(10_000 + round * 100);
      const event = signedEvent('checkout.session.completed', session);
      const answers = await Promise.all([ctx.inject(null, webhookRequest(event)), second.inject(null, webhookRequest(event)), second.inject(null, webhookRequest(event))]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      expect(answers.map((answer) => answer.json().duplicate).sort()).toEqual([false, true, true]);
      expect(await fundings(payment.id)).toHaveLength(1);
      expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, JSON.parse(event.payload).id))).toHaveLength(1);
      const [paid] = await second.app.db.select().from(payments).where(eq(payments.id, payment.id));
      expect(paid).toMatchObject({ status: 'paid', reference: session.payment_intent });
    }
  });

  it('funds once when the two events Stripe sends for one payment arrive at both instances together', async () => {
    const { payment, session } = await openPayment(12_300);
    const completed = signedEvent('checkout.session.completed', session);
    const succeeded = signedEvent('checkout.session.async_payment_succeeded', session);
    const answers = await Promise.all([
      ctx.inject(null, webhookRequest(completed)),
      second.inject(null, webhookRequest(succeeded)),
      second.inject(null, webhookRequest(completed)),
      ctx.inject(null, webhookRequest(succeeded)),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    expect(await fundings(payment.id)).toHaveLength(1);
    const ids = [completed, succeeded].map((event) => JSON.parse(event.payload).id as string);
    for (const id of ids) expect(await ctx.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).toHaveLength(1);
  });
});
