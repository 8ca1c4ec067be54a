import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { App } from '../../src/server/app';
import { projectMilestones, projects } from '../../src/server/db/schema';
import { startMilestones } from '../../src/server/features/projects/milestones';
import type { AuthContext } from '../../src/server/types';
import type { TestUser } from './harness';

/** Helpers for the Stripe provider's tests (decision 171): the Stripe environment, signed events and a funded project. */

export const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_humanmade_test_secret';
/** The Connect endpoint's own signing secret: Stripe sends connected accounts' events (account.updated) there. */
export const STRIPE_TEST_CONNECT_WEBHOOK_SECRET = 'whsec_humanmade_test_connect_secret';

/**
 * Stripe's test mode when STRIPE_TEST_SECRET_KEY is set (the outgoing calls then reach api.stripe.com), and the local
 * stand-in at `standInUrl` otherwise. Webhooks are signed here either way: Stripe cannot reach a test's app.
 */
export const stripeEnv = (standInUrl: string | null): Record<string, string> => {
  const live = process.env.STRIPE_TEST_SECRET_KEY;
  return {
    STRIPE_SECRET_KEY: live ?? 'sk_test_humanmade_stand_in',
    STRIPE_WEBHOOK_SECRET: STRIPE_TEST_WEBHOOK_SECRET,
    STRIPE_CONNECT_WEBHOOK_SECRET: STRIPE_TEST_CONNECT_WEBHOOK_SECRET,
    ...(live || !standInUrl ? {} : { STRIPE_API_BASE: standInUrl }),
  };
};

const signer = new Stripe('sk_test_signer_only');

/**
 * An event as Stripe sends it: the JSON body and its Stripe-Signature header, made by the SDK's own test helper.
 * `account` names the connected account a Connect endpoint's event comes from.
 */
export const signedEvent = (type: string, object: Record<string, unknown>, options: { id?: string; secret?: string; account?: string } = {}) => {
  const payload = JSON.stringify({
    id: options.id ?? `evt_test_${randomBytes(12).toString('hex')}`,
    object: 'event',
    ...(options.account ? { account: options.account } : {}),
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_TEST_WEBHOOK_SECRET });
  return { payload, signature };
};

export const webhookRequest = (event: { payload: string; signature: string }) => ({
  method: 'POST' as const,
  url: '/api/payments/stripe/webhook',
  headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
  payload: event.payload,
});

export const authOf = (user: TestUser): AuthContext => ({
  userId: user.id,
  sessionId: 'test-session',
  role: user.role,
  name: user.name,
  email: user.email,
  emailVerified: true,
  image: null,
});

/** An active project between a client and a maker, its first milestone active and awaiting funding. */
export const activeProject = async (app: App, client: TestUser, maker: TestUser, amountCents = 50_000) =>
  app.db.transaction(async (tx) => {
    const [project] = await tx
      .insert(projects)
      .values({ clientId: client.id, makerId: maker.id, title: 'A hand-lettered wordmark', description: 'Paid through Stripe', deliverableType: 'logo_design', budget: amountCents / 100, status: 'active' })
      .returning();
    await startMilestones(tx, project.id, [{ title: 'Sketches', amountCents, dueDate: null }], new Date());
    const [milestone] = await tx.select().from(projectMilestones).where(eq(projectMilestones.projectId, project.id));
    return { project, milestone };
  });
