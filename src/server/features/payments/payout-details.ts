import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  accountNumberLabel,
  maskAccountNumber,
  maskedAccountSummary,
  normalizeBankDetails,
  type BankDetails,
  type PayoutDetailsView,
} from '../../../domain/bank-details-schemas';
import type { DbExecutor } from '../../db/client';
import { payoutDetails } from '../../db/schema';
import { composeEmail } from '../../mail/templates';
import type { AuthContext } from '../../types';
import { findContacts } from '../projects/creators';
import { cipherContext, type AccountCipher } from './account-cipher';

/**
 * Where a creator is paid (decision 173). Scoped to the caller: there is no route that names another creator's
 * details, so nobody but the creator reads them here; admins see the snapshot each payout request keeps.
 */

type PayoutDetailsRow = typeof payoutDetails.$inferSelect;

/** The row with its account number decrypted (decision 174). */
const opened = (cipher: AccountCipher, row: PayoutDetailsRow): PayoutDetailsRow => ({
  ...row,
  accountNumber: cipher.open(row.accountNumber, cipherContext.payoutDetails(row.userId)),
});

const toBankDetails = (row: PayoutDetailsRow): BankDetails => ({
  accountHolder: row.accountHolder,
  accountNumber: row.accountNumber,
  ...(row.routingCode ? { routingCode: row.routingCode } : {}),
  ...(row.bankName ? { bankName: row.bankName } : {}),
  ...(row.country ? { country: row.country } : {}),
});

/** What the creator sees once saved: never the whole account number. */
const toView = (row: PayoutDetailsRow): PayoutDetailsView => ({
  accountHolder: row.accountHolder,
  accountNumberMasked: maskAccountNumber(row.accountNumber),
  accountNumberLabel: accountNumberLabel(row.accountNumber),
  routingCode: row.routingCode,
  bankName: row.bankName,
  country: row.country,
  updatedAt: row.updatedAt.toISOString(),
});

/** The creator's saved details in full, for the payout request's snapshot; null when none are saved. */
export const findPayoutDetails = async (cipher: AccountCipher, db: DbExecutor, userId: string): Promise<BankDetails | null> => {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  return row ? toBankDetails(opened(cipher, row)) : null;
};

export const getPayoutDetailsView = async (cipher: AccountCipher, db: DbExecutor, auth: AuthContext): Promise<PayoutDetailsView | null> => {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, auth.userId));
  return row ? toView(opened(cipher, row)) : null;
};

/** A payout's snapshot as stored: the account number encrypted for that payout's row. */
export const sealPayTo = (cipher: AccountCipher, payoutId: string, details: BankDetails): BankDetails => ({
  ...details,
  accountNumber: cipher.seal(details.accountNumber, cipherContext.payout(payoutId)),
});

/** A payout's snapshot as read: the account number decrypted. */
export const openPayTo = (cipher: AccountCipher, payoutId: string, payTo: BankDetails): BankDetails => ({
  ...payTo,
  accountNumber: cipher.open(payTo.accountNumber, cipherContext.payout(payoutId)),
});

/**
 * Saves where the creator is paid, and emails them that it changed, in one transaction: a session taken over could
 * otherwise redirect their next payout without them knowing.
 */
export const savePayoutDetails = async (app: FastifyInstance, auth: AuthContext, input: BankDetails): Promise<PayoutDetailsView> =>
  app.db.transaction(async (tx) => {
    const details = normalizeBankDetails(input);
    // The first account a creator gives is added, not changed: the email says which, so "changed" stays alarming.
    const [before] = await tx.select({ userId: payoutDetails.userId }).from(payoutDetails).where(eq(payoutDetails.userId, auth.userId));
    const values = {
      accountHolder: details.accountHolder,
      accountNumber: app.accountCipher.seal(details.accountNumber, cipherContext.payoutDetails(auth.userId)),
      routingCode: details.routingCode ?? null,
      bankName: details.bankName ?? null,
      country: details.country ?? null,
      updatedAt: new Date(),
    };
    const [row] = await tx
      .insert(payoutDetails)
      .values({ userId: auth.userId, ...values })
      .onConflictDoUpdate({ target: payoutDetails.userId, set: values })
      .returning();
    const contact = (await findContacts(tx, [auth.userId])).get(auth.userId);
    await app.mailer.enqueue(
      composeEmail(
        {
          type: 'payout-details-changed',
          to: contact?.email ?? auth.email,
          subject: before ? 'Your payout details were changed' : 'Your payout details were added',
          siteName: app.config.SITE_NAME,
        },
        [
          `Hello ${contact?.name ?? auth.name},`,
          before ? `Your payouts now go to ${maskedAccountSummary(details)}.` : `Your payouts will go to ${maskedAccountSummary(details)}.`,
          before
            ? 'If you did not make this change, sign in at once, change your password and set your payout details again.'
            : 'If you did not add this account, sign in at once, change your password and set your payout details again.',
        ],
      ),
      tx,
    );
    return toView(opened(app.accountCipher, row));
  });
