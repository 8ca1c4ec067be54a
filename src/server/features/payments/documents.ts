import { sql } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { documentCounters } from '../../db/schema';

/**
 * Invoice and receipt numbers, without gaps per year (decision 170). The counter row is taken with an UPDATE in the
 * document's own transaction: it is locked until that commits, and a rollback gives the number back, so a number
 * is used exactly when its document exists.
 */

export type DocumentKind = 'invoice' | 'receipt';
const PREFIX: Record<DocumentKind, string> = { invoice: 'HM-INV', receipt: 'HM-RCT' };

export const formatDocumentNumber = (kind: DocumentKind, year: number, n: number): string => `${PREFIX[kind]}-${year}-${String(n).padStart(6, '0')}`;

export const nextDocumentNumber = async (tx: Transaction, kind: DocumentKind, now: Date): Promise<string> => {
  const year = now.getUTCFullYear();
  const [row] = await tx
    .insert(documentCounters)
    .values({ kind, year, last: 1 })
    .onConflictDoUpdate({ target: [documentCounters.kind, documentCounters.year], set: { last: sql`${documentCounters.last} + 1` } })
    .returning({ last: documentCounters.last });
  return formatDocumentNumber(kind, year, row.last);
};
