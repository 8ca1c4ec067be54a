import { formatMoneyCents } from '../../../domain/payment-schemas';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { accountNumberLabel, formatAccountNumber, routingCodeLabel, type BankDetails } from '../../../domain/bank-details-schemas';
import type { DbExecutor } from '../../db/client';
import { payments } from '../../db/schema';
import { composeEmail } from '../../mail/templates';
import { findContacts } from '../projects/creators';

/** The account as lines of an email, in the order the invoice PDF prints them. */
const accountLines = (payTo: BankDetails): string[] => [
  `Account holder: ${payTo.accountHolder}`,
  `${accountNumberLabel(payTo.accountNumber)}: ${formatAccountNumber(payTo.accountNumber)}`,
  ...(payTo.routingCode ? [`${routingCodeLabel(payTo.routingCode)}: ${payTo.routingCode}`] : []),
  ...(payTo.bankName ? [`Bank: ${payTo.bankName}`] : []),
  ...(payTo.country ? [`Country: ${payTo.country}`] : []),
];

/**
 * Keeps the promise an open invoice made (decision 173): until an admin sets the platform's account, a manual invoice
 * says "Humanmade will email you the bank details". When the account is set, or changed, every client with an open
 * manual invoice gets one email with the account and, per invoice, the amount and the reference to quote. Written in
 * the caller's transaction, so it goes out if and only if the setting is saved.
 */
export const emailBankDetailsToOpenInvoices = async (
  app: FastifyInstance,
  tx: DbExecutor,
  payTo: BankDetails,
  change: 'set' | 'changed',
): Promise<number> => {
  const open = await tx
    .select({
      clientId: payments.clientId,
      invoiceNumber: payments.invoiceNumber,
      amountCents: payments.amountCents,
      projectTitle: payments.projectTitle,
      milestonePosition: payments.milestonePosition,
      milestoneTitle: payments.milestoneTitle,
    })
    .from(payments)
    .where(and(eq(payments.status, 'awaiting_payment'), eq(payments.provider, 'manual'), isNotNull(payments.clientId)))
    .orderBy(asc(payments.issuedAt));
  const byClient = new Map<string, typeof open>();
  for (const row of open) {
    if (!row.clientId) continue;
    byClient.set(row.clientId, [...(byClient.get(row.clientId) ?? []), row]);
  }
  const contacts = await findContacts(tx, [...byClient.keys()]);
  for (const [clientId, invoices] of byClient) {
    const contact = contacts.get(clientId);
    if (!contact) continue;
    const several = invoices.length > 1;
    await app.mailer.enqueue(
      composeEmail(
        {
          type: 'invoice-bank-details',
          to: contact.email,
          subject: change === 'set' ? (several ? 'How to pay your open invoices' : `How to pay invoice ${invoices[0].invoiceNumber}`) : 'Our bank details have changed',
          siteName: app.config.SITE_NAME,
        },
        [
          `Hello ${contact.name},`,
          change === 'set'
            ? `As promised, here are the bank details for ${several ? 'your open invoices' : 'your open invoice'}.`
            : `${app.config.SITE_NAME}'s bank account has changed. Please send ${several ? 'your open invoices' : 'your open invoice'} to this account from now on.`,
          accountLines(payTo).join('\n'),
          ...invoices.map(
            (invoice) =>
              `${invoice.projectTitle}, milestone ${invoice.milestonePosition} (${invoice.milestoneTitle}): ${formatMoneyCents(invoice.amountCents)}, reference ${invoice.invoiceNumber}`,
          ),
          'Quote the reference exactly, so that we can match your transfer to its invoice. The money is held in escrow and released to the creator only when you approve the work.',
          `${app.config.PUBLIC_URL}/dashboard-client?tab=invoices`,
        ],
      ),
      tx,
    );
  }
  return byClient.size;
};
