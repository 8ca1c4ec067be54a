import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { maskedAccountSummary } from '../../../domain/bank-details-schemas';
import type { InvoiceView } from '../../../domain/payment-schemas';
import { payments, payouts } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { readPlatformSettings } from '../admin-settings/service';
import { recordAudit } from '../audit/service';
import { recordPaymentReceived } from './funding';
import { renderInvoicePdf, renderReceiptPdf } from './pdf';
import { openPayTo } from './payout-details';
import { toInvoiceView } from './views';

export const INVOICE_NOT_FOUND = 'Invoice not found';
export const RECEIPT_NOT_FOUND = 'Receipt not found';

/** The admin's 'Payment received' for a manual (bank transfer) payment, audited with the reference. */
export const recordManualPayment = async (app: FastifyInstance, auth: AuthContext, paymentId: string, reference: string): Promise<InvoiceView> =>
  app.db.transaction(async (tx) => {
    const paid = await recordPaymentReceived(app, tx, paymentId, { reference, provider: 'manual', actorId: auth.userId });
    await recordAudit(tx, auth, {
      action: 'payment.received',
      targetType: 'payment',
      targetId: paymentId,
      reason: reference,
      metadata: { invoiceNumber: paid.invoiceNumber, amountCents: paid.amountCents, projectId: paid.projectId, milestoneId: paid.milestoneId },
    });
    return toInvoiceView(paid);
  });

/** An invoice's PDF: its client and admins only; anyone else is told it does not exist. */
export const getInvoicePdf = async (app: FastifyInstance, auth: AuthContext, paymentId: string) => {
  const [row] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || (row.clientId !== auth.userId && auth.role !== 'admin')) throw notFound(INVOICE_NOT_FOUND);
  const bytes = await renderInvoicePdf({
    site: app.config.SITE_NAME,
    number: row.invoiceNumber,
    issuedAt: row.issuedAt,
    status: row.status,
    paidAt: row.paidAt,
    reference: row.reference,
    // As issued (decision 177): a later change of the client's company does not change the invoice.
    client: { name: row.clientName, company: row.clientCompany, email: row.clientEmail },
    dueDate: row.dueDate,
    creatorName: row.creatorName,
    projectTitle: row.projectTitle,
    milestone: `milestone ${row.milestonePosition}, ${row.milestoneTitle}`,
    amountCents: row.amountCents,
    // The account as it stands now: if the platform changes bank, an open invoice points to the account in use.
    payment: row.provider === 'manual' ? { method: 'bank_transfer', payTo: (await readPlatformSettings(app)).bankDetails } : { method: 'checkout' },
  });
  return { filename: `${row.invoiceNumber}.pdf`, bytes };
};

/** A paid payout's receipt: its creator and admins only. */
export const getReceiptPdf = async (app: FastifyInstance, auth: AuthContext, payoutId: string) => {
  const [row] = await app.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!row || (row.creatorId !== auth.userId && auth.role !== 'admin') || row.status !== 'paid' || !row.receiptNumber || !row.paidAt) throw notFound(RECEIPT_NOT_FOUND);
  const bytes = await renderReceiptPdf({
    site: app.config.SITE_NAME,
    number: row.receiptNumber,
    paidAt: row.paidAt,
    reference: row.reference ?? '',
    creator: { name: row.creatorName, email: row.creatorEmail },
    // The account it was sent to, masked as the creator sees it on screen (decision 173).
    account: row.payTo ? maskedAccountSummary(openPayTo(app.accountCipher, row.id, row.payTo)) : null,
    amountCents: row.amountCents,
    // As issued (decision 228): read when the payout was paid, so later releases do not change the receipt.
    earnedCents: row.receiptEarnedCents ?? 0,
    feesCents: row.receiptFeesCents ?? 0,
  });
  return { filename: `${row.receiptNumber}.pdf`, bytes };
};
