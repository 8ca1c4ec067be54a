import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_HISTORY_PAGE_SIZE, type AdminPaymentHistory, type AdminPayoutHistory } from '../../../domain/payment-schemas';
import { payments, payouts } from '../../db/schema';
import { toAdminPaymentRow, toPayoutView } from '../payments/views';

/**
 * The admin's money history (decision 177): payments recorded as received (by an admin, or by the provider's webhook)
 * and payouts recorded as paid, newest first, a keyset page at a time. The key is the moment it was recorded (to the
 * millisecond, as the cursor carries it), then the id: following the cursors never shows a row twice nor skips one, and
 * a row recorded meanwhile is newer than every cursor, so it appears at the top on the next read of the first page.
 */

interface Cursor {
  at: Date;
  id: string;
}

const encodeCursor = (row: { paidAt: Date | null; id: string }): string => `${row.paidAt?.getTime() ?? 0}_${row.id}`;
const decodeCursor = (cursor: string | undefined): Cursor | null => {
  if (!cursor) return null;
  const [time, id] = cursor.split('_');
  return { at: new Date(Number(time)), id };
};

/** `paid_at` to the millisecond, as the cursor holds it, so that the order and the page boundary agree. */
const recordedAt = (column: typeof payments.paidAt | typeof payouts.paidAt) => sql`date_trunc('milliseconds', ${column})`;
const olderThan = (column: typeof payments.paidAt | typeof payouts.paidAt, id: typeof payments.id | typeof payouts.id, after: Cursor | null) =>
  after ? sql`(${recordedAt(column)}, ${id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)` : undefined;

const page = <T extends { paidAt: Date | null; id: string }>(rows: T[]) => ({
  rows: rows.slice(0, ADMIN_HISTORY_PAGE_SIZE),
  nextCursor: rows.length > ADMIN_HISTORY_PAGE_SIZE ? encodeCursor(rows[ADMIN_HISTORY_PAGE_SIZE - 1]) : null,
});

export const listRecordedPayments = async (app: FastifyInstance, cursor?: string): Promise<AdminPaymentHistory> => {
  const rows = await app.db
    .select()
    .from(payments)
    .where(and(eq(payments.status, 'paid'), isNotNull(payments.paidAt), olderThan(payments.paidAt, payments.id, decodeCursor(cursor))))
    .orderBy(desc(recordedAt(payments.paidAt)), desc(payments.id))
    .limit(ADMIN_HISTORY_PAGE_SIZE + 1);
  const { rows: shown, nextCursor } = page(rows);
  return { payments: shown.map((row) => ({ ...toAdminPaymentRow(row), reference: row.reference })), nextCursor };
};

export const listPaidPayouts = async (app: FastifyInstance, cursor?: string): Promise<AdminPayoutHistory> => {
  const rows = await app.db
    .select()
    .from(payouts)
    .where(and(eq(payouts.status, 'paid'), isNotNull(payouts.paidAt), olderThan(payouts.paidAt, payouts.id, decodeCursor(cursor))))
    .orderBy(desc(recordedAt(payouts.paidAt)), desc(payouts.id))
    .limit(ADMIN_HISTORY_PAGE_SIZE + 1);
  const { rows: shown, nextCursor } = page(rows);
  return {
    payouts: shown.map((row) => ({ ...toPayoutView(app.accountCipher, row), creatorName: row.creatorName, creatorEmail: row.creatorEmail })),
    nextCursor,
  };
};
