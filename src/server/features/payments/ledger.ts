import { and, eq, gt, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerAccountKind } from '../../../domain/payment-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payouts, projects, type LedgerTransactionKind } from '../../db/schema';

/**
 * The double-entry ledger (decision 170). Every money move is one `post`: a transaction of entries in integer cents
 * that sum to zero. The database refuses an unbalanced transaction at commit and any change to a posted one
 * (migration 0016), so this module is the only writer and a correction is always a new transaction.
 *
 * Signs: money entering from outside leaves a client's `funding` account (negative); every other account holds a
 * positive balance: `escrow` per project, `creator_payable` and `paid_out` per creator, `refunded` per client and
 * the one `platform_fees`. Hence sum(funded) = escrow + payable + fees + paid out + refunded, always.
 */

export interface AccountRef {
  kind: LedgerAccountKind;
  ownerId: string | null;
  projectId: string | null;
}

export const accounts = {
  funding: (clientId: string): AccountRef => ({ kind: 'funding', ownerId: clientId, projectId: null }),
  escrow: (projectId: string): AccountRef => ({ kind: 'escrow', ownerId: null, projectId }),
  payable: (creatorId: string): AccountRef => ({ kind: 'creator_payable', ownerId: creatorId, projectId: null }),
  paidOut: (creatorId: string): AccountRef => ({ kind: 'paid_out', ownerId: creatorId, projectId: null }),
  refunded: (clientId: string): AccountRef => ({ kind: 'refunded', ownerId: clientId, projectId: null }),
  fees: (): AccountRef => ({ kind: 'platform_fees', ownerId: null, projectId: null }),
};

const matches = (ref: AccountRef) =>
  and(
    eq(ledgerAccounts.kind, ref.kind),
    ref.ownerId === null ? sql`${ledgerAccounts.ownerId} IS NULL` : eq(ledgerAccounts.ownerId, ref.ownerId),
    ref.projectId === null ? sql`${ledgerAccounts.projectId} IS NULL` : eq(ledgerAccounts.projectId, ref.projectId),
  );

/** The account's id, created on first use; safe under concurrency (the triple is unique, nulls included). */
export const getOrCreateAccount = async (tx: DbExecutor, ref: AccountRef, options: { lock?: boolean } = {}): Promise<string> => {
  await tx.insert(ledgerAccounts).values(ref).onConflictDoNothing();
  const query = tx.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(matches(ref));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw new Error(`ledger account ${ref.kind} vanished while it was being created`);
  return row.id;
};

export interface PostInput {
  kind: LedgerTransactionKind;
  /** Names the move; posting the same key twice posts once (the second call returns null). */
  idempotencyKey: string;
  entries: ReadonlyArray<{ account: AccountRef; amountCents: number }>;
  projectId?: string | null;
  milestoneId?: string | null;
  paymentId?: string | null;
  payoutId?: string | null;
  memo?: string | null;
  createdBy?: string | null;
  /** When the move happened; now unless given (the demo seed records past work at its own dates). */
  at?: Date;
}

export class LedgerError extends Error {}

/**
 * Posts one balanced transaction in the caller's database transaction. Zero entries (a 0% fee) are left out.
 * Returns the new transaction's id, or null when this key was already posted.
 */
export const post = async (tx: Transaction, input: PostInput): Promise<string | null> => {
  const entries = input.entries.filter((entry) => entry.amountCents !== 0);
  if (entries.some((entry) => !Number.isSafeInteger(entry.amountCents))) throw new LedgerError(`${input.kind}: amounts must be whole cents`);
  const total = entries.reduce((sum, entry) => sum + entry.amountCents, 0);
  if (total !== 0 || entries.length < 2) throw new LedgerError(`${input.kind}: entries must be at least two and sum to zero (sum ${total})`);
  const [created] = await tx
    .insert(ledgerTransactions)
    .values({
      kind: input.kind,
      idempotencyKey: input.idempotencyKey,
      projectId: input.projectId ?? null,
      milestoneId: input.milestoneId ?? null,
      paymentId: input.paymentId ?? null,
      payoutId: input.payoutId ?? null,
      memo: input.memo ?? null,
      createdBy: input.createdBy ?? null,
      ...(input.at ? { createdAt: input.at } : {}),
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  if (!created) return null;
  for (const entry of entries) {
    const accountId = await getOrCreateAccount(tx, entry.account);
    await tx.insert(ledgerEntries).values({ transactionId: created.id, accountId, amountCents: entry.amountCents });
  }
  return created.id;
};

/** The balance of one account (0 when it does not exist yet). */
export const balanceOf = async (db: DbExecutor, ref: AccountRef): Promise<number> => {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(matches(ref));
  return Number(row?.balance ?? 0);
};

export interface CreatorLedger {
  payableCents: number;
  pendingPayoutCents: number;
  /** Payable less payouts already requested: what a new request may take. */
  availableCents: number;
  inEscrowCents: number;
  paidOutCents: number;
  /** Every credit ever made to the creator's payable account: the earnings total. */
  earnedCents: number;
}

/** A creator's figures, all read from the ledger (and the open payout requests). */
export const creatorLedger = async (db: DbExecutor, creatorId: string): Promise<CreatorLedger> => {
  const [own] = await db
    .select({
      payable: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerAccounts.kind} = 'creator_payable'), 0)`,
      earned: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerAccounts.kind} = 'creator_payable' and ${ledgerEntries.amountCents} > 0), 0)`,
      paidOut: sql<string>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerAccounts.kind} = 'paid_out'), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(eq(ledgerAccounts.ownerId, creatorId), inArray(ledgerAccounts.kind, ['creator_payable', 'paid_out'])));
  const [escrow] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(projects, eq(projects.id, ledgerAccounts.projectId))
    .where(and(eq(ledgerAccounts.kind, 'escrow'), isNotNull(ledgerAccounts.projectId), or(eq(projects.makerId, creatorId), eq(projects.mindId, creatorId))));
  const [pending] = await db
    .select({ total: sql<string>`coalesce(sum(${payouts.amountCents}), 0)` })
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'requested'), gt(payouts.amountCents, 0)));
  const payableCents = Number(own?.payable ?? 0);
  const pendingPayoutCents = Number(pending?.total ?? 0);
  return {
    payableCents,
    pendingPayoutCents,
    availableCents: payableCents - pendingPayoutCents,
    inEscrowCents: Number(escrow?.total ?? 0),
    paidOutCents: Number(own?.paidOut ?? 0),
    earnedCents: Number(own?.earned ?? 0),
  };
};

/**
 * A creator's earnings in cents, as a scalar subquery on `creatorId` (SQL): every credit ever made to their payable
 * account, as creatorLedger's `earnedCents`. For statements that read it beside other figures in one round trip.
 */
export const earnedCentsOf = (creatorId: SQL): SQL<string> => sql<string>`(select coalesce(sum(e.amount_cents) filter (where e.amount_cents > 0), 0)
  from ${ledgerEntries} e join ${ledgerAccounts} a on a.id = e.account_id
  where a.kind = 'creator_payable' and a.owner_id = ${creatorId})`;

/** A creator's earnings in cents (one read; creatorLedger reads every figure). */
export const earnedCents = async (db: DbExecutor, creatorId: string): Promise<number> => {
  const [row] = await db.select({ earned: earnedCentsOf(sql`${creatorId}`) }).from(sql`(select 1) as one`);
  return Number(row?.earned ?? 0);
};

/**
 * A payout receipt's context lines (decision 228): every credit made to the creator's payable account so far (after
 * fees) and the platform fees withheld on those same releases. Read in the transaction that pays the payout, under its
 * lock on the payable account, and stored with the receipt, so that the receipt never changes afterwards.
 */
export const receiptFigures = async (db: DbExecutor, creatorId: string): Promise<{ earnedCents: number; feesCents: number }> => {
  const credits = sql`select e.transaction_id from ${ledgerEntries} e join ${ledgerAccounts} a on a.id = e.account_id
    where a.kind = 'creator_payable' and a.owner_id = ${creatorId} and e.amount_cents > 0`;
  const [row] = await db
    .select({
      earned: earnedCentsOf(sql`${creatorId}`),
      fees: sql<string>`(select coalesce(sum(f.amount_cents), 0) from ${ledgerEntries} f join ${ledgerAccounts} fa on fa.id = f.account_id
        where fa.kind = 'platform_fees' and f.transaction_id in (${credits}))`,
    })
    .from(sql`(select 1) as one`);
  return { earnedCents: Number(row?.earned ?? 0), feesCents: Number(row?.fees ?? 0) };
};

/** Every account with its balance, for the reconciliation. */
export const allBalances = async (db: DbExecutor) => {
  const rows = await db
    .select({
      id: ledgerAccounts.id,
      kind: ledgerAccounts.kind,
      ownerId: ledgerAccounts.ownerId,
      projectId: ledgerAccounts.projectId,
      balance: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)`,
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
    .orderBy(ledgerAccounts.kind, ledgerAccounts.createdAt, ledgerAccounts.id);
  return rows.map((row) => ({ ...row, balanceCents: Number(row.balance) }));
};
