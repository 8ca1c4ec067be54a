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

/** The creator's connected account at Stripe, ready or not; null before their first onboarding click. */
export const connectedAccountIdOf = async (db: DbExecutor, userId: string): Promise<string | null> => {
  const [row] = await db.select({ accountId: stripeAccounts.accountId }).from(stripeAccounts).where(eq(stripeAccounts.userId, userId));
  return row?.accountId ?? null;
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
  // Back on the Earnings tab, whose balance panel asks the server to read the account from Stripe (refreshConnectStatus).
  const back = `${app.config.PUBLIC_URL}${dashboardPath(auth.role)}?tab=earnings`;
  const link = await (await stripeClientFor(app.config)).accountLinks.create(
    { account: accountId, type: 'account_onboarding', refresh_url: `${back}&connect=refresh`, return_url: `${back}&connect=return` },
    { idempotencyKey: `account-link:${accountId}:${randomUUID()}` },
  );
  return { url: link.url };
};

/**
 * Ready once Stripe accepts our transfers to the account: its `transfers` capability is active (decision 220). The
 * account asks for that capability alone (separate charges and transfers: the platform charges, the creator is only
 * paid), so `charges_enabled` is no test of it: an account under Stripe's recipient agreement never gets it, and
 * would have waited for ever. Payouts from the creator's Stripe balance to their bank are Stripe's business and follow.
 * Details alone, or a capability pending, inactive or disabled, leave it pending.
 */
export const isReady = (account: Pick<Stripe.Account, 'capabilities'>): boolean => account.capabilities?.transfers === 'active';

/**
 * The creator's connected account as Stripe has it now (decision 220): the webhook's account.updated is not the only
 * way to learn that onboarding finished, since an event can be missed (an endpoint not subscribed, an outage), and
 * money must not wait on it. `options` are the SDK's request options (a job's short timeout).
 */
export const retrieveConnectedAccount = async (app: FastifyInstance, accountId: string, options?: Stripe.RequestOptions): Promise<Stripe.Account> =>
  (await stripeClientFor(app.config)).accounts.retrieve(accountId, {}, options);

/**
 * The creator came back from Stripe's onboarding (the link's return or refresh address): their account is read from
 * Stripe and stored as an account.updated would store it, waking their waiting transfers when it is ready. The call
 * is made outside any transaction. If Stripe cannot be reached, the stored state is answered and the webhook or the
 * transfer job's own look-up (stripe-jobs.ts) brings it up to date later.
 */
export const refreshConnectStatus = async (app: FastifyInstance, auth: AuthContext): Promise<ConnectStatus> => {
  const accountId = await connectedAccountIdOf(app.db, auth.userId);
  if (!accountId) return 'not_started';
  let account: Stripe.Account;
  try {
    // The creator's Earnings tab waits on this: a short wait and one retry, not the SDK's minute.
    account = await retrieveConnectedAccount(app, accountId, { timeout: 8_000, maxNetworkRetries: 1 });
  } catch (error) {
    app.log.warn({ err: error, accountId }, 'stripe account could not be read after onboarding; keeping the stored state');
    return connectStatusOf(app.db, auth.userId);
  }
  await app.db.transaction((tx) => applyAccountUpdate(tx, account, new Date()));
  return connectStatusOf(app.db, auth.userId);
};

/**
 * Applies an account's state (an account.updated event, or the account read from Stripe) in the caller's
 * transaction. An account that becomes ready wakes the transfers that waited for it (decision 171): they run at once
 * instead of after their back-off, and a transfer that had used up its attempts waiting is pending again, so no
 * release is lost to a slow onboarding. Only the change to ready wakes them: reading a ready account again (each
 * return from Stripe, each later account.updated) leaves a transfer that failed for another reason to the admins'
 * retry. The attempts are kept: the job looks for an earlier transfer of its own at Stripe whenever it has tried before.
 */
export const applyAccountUpdate = async (tx: Transaction, account: Stripe.Account, now: Date): Promise<void> => {
  const [before] = await tx.select({ state: stripeAccounts.state }).from(stripeAccounts).where(eq(stripeAccounts.accountId, account.id)).for('update');
  if (!before) return;
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
  if (!row || row.state !== 'ready' || before.state === 'ready') return;
  await tx
    .update(jobs)
    .set({ status: 'pending', runAt: now, doneAt: null })
    .where(and(eq(jobs.kind, 'stripe.transfer'), sql`${jobs.status} in ('pending', 'failed')`, sql`${jobs.payload}->>'creatorId' = ${row.userId}`));
};
