import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dashboardPath } from '../../../domain/routes';
import { PAYMENT_MESSAGES, formatMoneyCents, type AdminRefundRow } from '../../../domain/payment-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { refundRequests, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { composeEmail } from '../../mail/templates';
import { notify } from '../notifications/service';
import type { PaymentRow } from './provider';

/**
 * A refund owed by bank transfer (decision 216): the settlement that moved the money to the client's `refunded`
 * account writes it, in its own transaction, so an admin is asked to send it exactly when the ledger says it is owed.
 */
export const requestManualRefund = async (tx: Transaction, input: { transactionId: string; payment: PaymentRow; clientId: string; refundCents: number }) => {
  await tx
    .insert(refundRequests)
    .values({
      ledgerTransactionId: input.transactionId,
      paymentId: input.payment.id,
      clientId: input.clientId,
      clientName: input.payment.clientName,
      clientEmail: input.payment.clientEmail,
      invoiceNumber: input.payment.invoiceNumber,
      amountCents: input.refundCents,
    })
    .onConflictDoNothing({ target: refundRequests.ledgerTransactionId });
};

const toRow = (row: typeof refundRequests.$inferSelect): AdminRefundRow => ({
  id: row.id,
  amountCents: row.amountCents,
  clientName: row.clientName,
  clientEmail: row.clientEmail,
  invoiceNumber: row.invoiceNumber,
  requestedAt: row.requestedAt.toISOString(),
});

/** The refunds waiting for an admin to send them, oldest first. */
export const refundsToSend = async (db: DbExecutor): Promise<AdminRefundRow[]> =>
  (await db.select().from(refundRequests).where(eq(refundRequests.status, 'requested')).orderBy(asc(refundRequests.requestedAt)).limit(200)).map(toRow);

/** The admin sent the money back: recorded with the transfer's reference, audited, and the client told. */
export const recordRefundSent = async (app: FastifyInstance, auth: AuthContext, refundId: string, reference: string): Promise<void> =>
  app.db.transaction(async (tx) => {
    const [found] = await tx.select().from(refundRequests).where(eq(refundRequests.id, refundId)).for('update');
    if (!found) throw notFound(PAYMENT_MESSAGES.refundNotFound);
    const [sent] = await tx
      .update(refundRequests)
      .set({ status: 'sent', reference, sentAt: new Date(), sentBy: auth.userId })
      .where(and(eq(refundRequests.id, refundId), eq(refundRequests.status, 'requested')))
      .returning();
    if (!sent) throw conflict(PAYMENT_MESSAGES.refundNotOpen);
    const amount = formatMoneyCents(sent.amountCents);
    await recordAudit(tx, auth, {
      action: 'refund.sent',
      targetType: 'refund',
      targetId: refundId,
      reason: reference,
      metadata: { clientId: sent.clientId, amountCents: sent.amountCents, invoiceNumber: sent.invoiceNumber },
    });
    const invoices = `${dashboardPath('client')}?tab=invoices`;
    // A client whose account was deleted meanwhile is still told, at the address the invoice was issued to.
    const [account] = await tx.select({ id: user.id }).from(user).where(eq(user.id, sent.clientId));
    if (account) await notify(tx, {
      userId: sent.clientId,
      kind: 'account',
      subjectKey: `refund:${refundId}:sent`,
      title: `Refund sent: ${amount}`,
      body: sent.invoiceNumber ? `For invoice ${sent.invoiceNumber}` : 'From Humanmade',
      link: invoices,
    });
    await app.mailer.enqueue(
      composeEmail({ type: 'refund-sent', to: sent.clientEmail, subject: `Your refund of ${amount} was sent`, siteName: app.config.SITE_NAME }, [
        `Hello ${sent.clientName},`,
        `We sent your refund of ${amount}${sent.invoiceNumber ? ` for invoice ${sent.invoiceNumber}` : ''} by bank transfer (reference ${reference}).`,
        `Your invoices show what came back to you:`,
        `${app.config.PUBLIC_URL}${invoices}`,
      ]),
      tx,
    );
  });
