import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { payoutDetails, payouts } from '../../db/schema';
import { cipherContext, type AccountCipher } from './account-cipher';

/**
 * Brings every stored account number under the current key (decision 174): values written before encryption, and
 * values under a retired key. A value under a key this instance does not hold is left as it is (another instance's
 * key, or a key to be configured); reading it fails with a message that names the missing key. Run at start; each row
 * is updated on its own and only if it still holds the value read, so a change saved meanwhile is never overwritten.
 */
export const reencryptAccountNumbers = async (db: Database, cipher: AccountCipher): Promise<number> => {
  let moved = 0;
  const details = await db.select({ userId: payoutDetails.userId, accountNumber: payoutDetails.accountNumber }).from(payoutDetails);
  for (const row of details) {
    if (cipher.isCurrent(row.accountNumber) || !cipher.canOpen(row.accountNumber)) continue;
    const context = cipherContext.payoutDetails(row.userId);
    const sealed = cipher.seal(cipher.open(row.accountNumber, context), context);
    await db.update(payoutDetails).set({ accountNumber: sealed }).where(and(eq(payoutDetails.userId, row.userId), eq(payoutDetails.accountNumber, row.accountNumber)));
    moved += 1;
  }
  const snapshots = await db.select({ id: payouts.id, payTo: payouts.payTo }).from(payouts).where(isNotNull(payouts.payTo));
  for (const row of snapshots) {
    if (!row.payTo || cipher.isCurrent(row.payTo.accountNumber) || !cipher.canOpen(row.payTo.accountNumber)) continue;
    const context = cipherContext.payout(row.id);
    const payTo = { ...row.payTo, accountNumber: cipher.seal(cipher.open(row.payTo.accountNumber, context), context) };
    await db.update(payouts).set({ payTo }).where(and(eq(payouts.id, row.id), sql`${payouts.payTo}->>'accountNumber' = ${row.payTo.accountNumber}`));
    moved += 1;
  }
  return moved;
};
