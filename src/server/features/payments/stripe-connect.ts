import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { dashboardPath } from '../../../domain/routes';
import type { DbExecutor, Transaction } from '../../db/client';
import { jobs, stripeAccounts } from '../../db/schema';
import type { AuthContext } from '../../types';
import { stripeClientFor } from './stripe-client';

export type ConnectStatus = 'not_started' | 'pending' | 'ready';

/** What creatorBalanceSchema.connect reports for a creator under the Stripe provider. */
export const connectStatusOf = async (db: DbExecutor, userId: string): Promise<ConnectStatus> => {
  const [row] = await db.select({ state: stripeAccounts.state }).from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row ? row.state : 'not_started';
};

/** The creator's connected account, if onboarding reached Stripe and it can receive transfers. */
export const readyAccountOf = async (db: DbExecutor, userId: string): Promise<string | null> => {
  const [row] = await db.select().from(stripeAccounts).where(and(eq(stripeAccounts.userId, userId), eq(stripeAccounts.state, 'ready')));
  return row?.accountId ?? null;
};

/**
 * The creator's Express account, created at Stripe the first time. The idempotency key is the user's, so two clicks
 * (or two instances) asking at once get the same account from Stripe, and the insert keeps the first row.
 */
const ensureAccount = async (app: FastifyInstance, auth: AuthContext): Promise<string> => {
  const [existing] = await app.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, auth.userId));
  if (existing) return existing.accountId;
  const account = await (await stripeClientFor(app.config)).accounts.create(
    {
      type: 'express',
      email: auth.email,
      capabilities: { transfers: { requested: true } },
      metadata: { userId: auth.userId },
    },
    { idempotencyKey: `account:${auth.userId}` },
  );
  await app.db.insert(stripeAccounts).values({ userId: auth.userId, accountId: account.id }).onConflictDoNothing({ target: stripeAccounts.userId });
  const [row] = await app.db.select().from(stripeAccounts).where(eq(stripeAccounts.userId, auth.userId));
  return row.accountId;
};

/**
 * A one-time onboarding link for the creator's connected account. A link expires after a few minutes and is used
 * once, so each click gets a fresh one; the random idempotency key still makes the SDK's own retries safe.
 */
export const startOnboarding = async (app: FastifyInstance, auth: AuthContext): Promise<{ url: string }> => {
  const accountId = await ensureAccount(app, auth);
  const back = `${app.config.PUBLIC_URL}${dashboardPath(auth.role)}`;
  const link = await (await stripeClientFor(app.config)).accountLinks.create(
    { account: accountId, type: 'account_onboarding', refresh_url: `${back}?connect=refresh`, return_url: `${back}?connect=return` },
    { idempotencyKey: `account-link:${accountId}:${randomUUID()}` },
  );
  return { url: link.url };
};

/** Ready once Stripe lets the account be paid: charges and payouts enabled. Details alone leave it pending. */
const isReady = (account: Stripe.Account): boolean => Boolean(account.charges_enabled && account.payouts_enabled);

/**
 * Applies an account.updated event in the webhook's transaction. An account that becomes ready wakes the transfers
 * that waited for it (decision 171): they run at once instead of after their back-off, and a transfer that had used
 * up its attempts waiting is pending again, so no release is lost to a slow onboarding. The attempts are kept: the
 * job looks for an earlier transfer of its own at Stripe whenever it has tried before.
 */
export const applyAccountUpdate = async (tx: Transaction, account: Stripe.Account, now: Date): Promise<void> => {
  const [row] = await tx
    .update(stripeAccounts)
    .set({
      state: isReady(account) ? 'ready' : 'pending',
      chargesEnabled: Boolean(account.charges_enabled),
      payoutsEnabled: Boolean(account.payouts_enabled),
      detailsSubmitted: Boolean(account.details_submitted),
      updatedAt: now,
    })
    .where(eq(stripeAccounts.accountId, account.id))
    .returning();
  if (!row || row.state !== 'ready') return;
  await tx
    .update(jobs)
    .set({ status: 'pending', runAt: now, doneAt: null })
    .where(and(eq(jobs.kind, 'stripe.transfer'), sql`${jobs.status} in ('pending', 'failed')`, sql`${jobs.payload}->>'creatorId' = ${row.userId}`));
};
