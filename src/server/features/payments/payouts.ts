import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BANK_DETAILS_MESSAGES } from '../../../domain/bank-details-schemas';
import { PAYMENT_MESSAGES, type PayoutView, formatMoneyCents } from '../../../domain/payment-schemas';
import { payouts, userRoles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { notifyAdmins } from '../notifications/service';
import { findContacts } from '../projects/creators';
import { nextDocumentNumber } from './documents';
import { accounts, creatorLedger, getOrCreateAccount, post, receiptFigures } from './ledger';
import { findPayoutDetails, sealPayTo } from './payout-details';
import { tellPayoutPaid } from './tell';
import { toPayoutView } from './views';

/**
 * Payouts (decision 170): a creator asks for part of their available balance; an admin records the transfer as paid,
 * which moves it from payable to paid out in the ledger and issues a numbered receipt. A request moves no money in the
 * ledger (available = payable − requested), so the creator's cancelling it while it waits posts nothing (decision 228).
 */

export const PAYOUT_NOT_FOUND = 'Payout not found';

/** Shown to a creator who asks for a payout under the Stripe provider. */
export const STRIPE_PAYS_AUTOMATICALLY = 'Your earnings are sent to your Stripe account when each milestone is released.';

export const requestPayout = async (app: FastifyInstance, auth: AuthContext, amountCents: number): Promise<PayoutView> =>
  app.db.transaction(async (tx) => {
    // With Stripe every release is transferred to the creator's connected account by a job (decision 171): a request
    // paid by hand as well would pay the same money twice.
    if (app.payments.provider.name === 'stripe') throw conflict(STRIPE_PAYS_AUTOMATICALLY);
    // The payable account's row lock: two requests at once are decided one after the other, against the same balance.
    await getOrCreateAccount(tx, accounts.payable(auth.userId), { lock: true });
    const { availableCents } = await creatorLedger(tx, auth.userId);
    if (availableCents < 100) throw conflict(PAYMENT_MESSAGES.nothingAvailable);
    if (amountCents > availableCents) throw badRequest(PAYMENT_MESSAGES.payoutTooLarge, { amountCents: PAYMENT_MESSAGES.payoutTooLarge });
    // Copied onto the request: a later edit of the details does not redirect money already asked for.
    const payTo = await findPayoutDetails(app.accountCipher, tx, auth.userId);
    if (!payTo) throw conflict(BANK_DETAILS_MESSAGES.payoutDetailsMissing);
    const contact = (await findContacts(tx, [auth.userId])).get(auth.userId);
    // The id is chosen here: the snapshot's account number is encrypted for this row (decision 174).
    const id = randomUUID();
    const [created] = await tx
      .insert(payouts)
      .values({
        id,
        creatorId: auth.userId,
        amountCents,
        provider: app.payments.provider.name,
        creatorName: auth.name || contact?.name || 'Creator',
        creatorEmail: contact?.email ?? auth.email,
        payTo: sealPayTo(app.accountCipher, id, payTo),
      })
      .returning();
    // The admins are the ones who pay it: they hear of it in the notification centre, with the request, rather than
    // only when one happens to open Payments.
    await notifyAdmins(tx, {
      kind: 'project',
      subjectKey: `payout:${id}`,
      title: `Payout requested: ${formatMoneyCents(amountCents)}`,
      body: `${created.creatorName} asked to be paid. Send the transfer, then record it in Payments.`,
      link: '/dashboard-admin?tab=payments',
    });
    return toPayoutView(app.accountCipher, created);
  });

/** The admin records a requested payout as sent, with the transfer's reference. */
export const recordPayoutPaid = async (app: FastifyInstance, auth: Pick<AuthContext, 'userId' | 'email'> | { userId: null; email: string }, payoutId: string, reference: string): Promise<PayoutView> =>
  app.db.transaction(async (tx) => {
    const [found] = await tx.select({ creatorId: payouts.creatorId }).from(payouts).where(eq(payouts.id, payoutId));
    if (!found) throw notFound(PAYOUT_NOT_FOUND);
    if (found.creatorId) await getOrCreateAccount(tx, accounts.payable(found.creatorId), { lock: true });
    const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
    if (!payout || payout.status !== 'requested' || !payout.creatorId) throw conflict(PAYMENT_MESSAGES.payoutNotOpen);
    const now = new Date();
    const receiptNumber = await nextDocumentNumber(tx, 'receipt', now);
    // The receipt's context lines as they stand now, under the payable account's lock; kept with it (decision 228).
    const figures = await receiptFigures(tx, payout.creatorId);
    const [paid] = await tx
      .update(payouts)
      .set({ status: 'paid', paidAt: now, reference, receiptNumber, receiptEarnedCents: figures.earnedCents, receiptFeesCents: figures.feesCents })
      .where(and(eq(payouts.id, payoutId), eq(payouts.status, 'requested')))
      .returning();
    await post(tx, {
      kind: 'payout',
      idempotencyKey: `payout:${payoutId}`,
      entries: [
        { account: accounts.payable(payout.creatorId), amountCents: -payout.amountCents },
        { account: accounts.paidOut(payout.creatorId), amountCents: payout.amountCents },
      ],
      payoutId,
      memo: `${payout.provider} ${reference}`,
      createdBy: auth.userId,
    });
    const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, payout.creatorId));
    await tellPayoutPaid(app, tx, {
      id: payoutId,
      creatorId: payout.creatorId,
      role: role?.role === 'mind' ? 'mind' : 'maker',
      amount: formatMoneyCents(payout.amountCents),
      receiptNumber,
      reference,
    });
    await recordAudit(tx, auth, {
      action: 'payout.paid',
      targetType: 'payout',
      targetId: payoutId,
      reason: reference,
      metadata: { creatorId: payout.creatorId, amountCents: payout.amountCents, receiptNumber, ...(payout.payTo ? { payee: payout.payTo.accountHolder } : {}) },
    });
    return toPayoutView(app.accountCipher, paid);
  });

/**
 * The creator withdraws their own payout request while it still waits to be paid (decision 228). The request held no
 * money in the ledger, only a claim on the payable balance (available = payable − requested), so ending it returns the
 * amount to their available balance and posts nothing. The update is conditional on the status: an admin who recorded
 * it paid in the meantime, or a second cancel, answers 409. Someone else's payout is not found.
 */
export const cancelPayout = async (app: FastifyInstance, auth: AuthContext, payoutId: string): Promise<PayoutView> =>
  app.db.transaction(async (tx) => {
    const own = and(eq(payouts.id, payoutId), eq(payouts.creatorId, auth.userId));
    const [found] = await tx.select({ id: payouts.id }).from(payouts).where(own);
    if (!found) throw notFound(PAYOUT_NOT_FOUND);
    const [cancelled] = await tx
      .update(payouts)
      .set({ status: 'cancelled', cancelledAt: new Date() })
      .where(and(own, eq(payouts.status, 'requested')))
      .returning();
    if (!cancelled) throw conflict(PAYMENT_MESSAGES.payoutNotOpen);
    // The admins' item about the request says so now: whoever was about to send the transfer sees there is nothing to send.
    await notifyAdmins(tx, {
      kind: 'project',
      subjectKey: `payout:${payoutId}`,
      title: `Payout request cancelled: ${formatMoneyCents(cancelled.amountCents)}`,
      body: `${cancelled.creatorName} cancelled their request. Nothing is to be sent.`,
      link: '/dashboard-admin?tab=payments',
    });
    await recordAudit(tx, auth, {
      action: 'payout.cancelled',
      targetType: 'payout',
      targetId: payoutId,
      metadata: { creatorId: auth.userId, amountCents: cancelled.amountCents },
    });
    return toPayoutView(app.accountCipher, cancelled);
  });
