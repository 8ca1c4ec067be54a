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

/**
 * Where a creator is paid (decision 173). Scoped to the caller: there is no route that names another creator's
 * details, so nobody but the creator reads them here; admins see the snapshot each payout request keeps.
 */

type PayoutDetailsRow = typeof payoutDetails.$inferSelect;

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
export const findPayoutDetails = async (db: DbExecutor, userId: string): Promise<BankDetails | null> => {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, userId));
  return row ? toBankDetails(row) : null;
};

export const getPayoutDetailsView = async (db: DbExecutor, auth: AuthContext): Promise<PayoutDetailsView | null> => {
  const [row] = await db.select().from(payoutDetails).where(eq(payoutDetails.userId, auth.userId));
  return row ? toView(row) : null;
};

/**
 * Saves where the creator is paid, and emails them that it changed, in one transaction: a session taken over could
 * otherwise redirect their next payout without them knowing.
 */
export const savePayoutDetails = async (app: FastifyInstance, auth: AuthContext, input: BankDetails): Promise<PayoutDetailsView> =>
  app.db.transaction(async (tx) => {
    const details = normalizeBankDetails(input);
    const values = {
      accountHolder: details.accountHolder,
      accountNumber: details.accountNumber,
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
      composeEmail({ type: 'payout-details-changed', to: contact?.email ?? auth.email, subject: 'Your payout details were changed', siteName: app.config.SITE_NAME }, [
        `Hello ${contact?.name ?? auth.name},`,
        `Your payouts now go to ${maskedAccountSummary(details)}.`,
        'If you did not make this change, sign in at once, change your password and set your payout details again.',
      ]),
      tx,
    );
    return toView(row);
  });
