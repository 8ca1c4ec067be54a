import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  LEDGER_ACCOUNT_KINDS,
  type AdminPaymentRow,
  type AdminPayments,
  type CreatorBalance,
  type FundingStatus,
  type InvoiceView,
  type LedgerAccountKind,
  type MilestoneFunding,
  type PayoutView,
  type ProjectFunding,
  type Reconciliation,
} from '../../../domain/payment-schemas';
import { maskedAccountSummary } from '../../../domain/bank-details-schemas';
import type { AccountCipher } from './account-cipher';
import { openPayTo } from './payout-details';
import type { DbExecutor } from '../../db/client';
import { ledgerAccounts, ledgerEntries, ledgerTransactions, payments, payouts, profiles, projectMilestones, projects, user } from '../../db/schema';
import type { AuthContext } from '../../types';
import { readPlatformSettings, readPlatformSettingsFresh } from '../admin-settings/service';
import { requireVisibleProject } from '../projects/access';
import { allBalances, creatorLedger } from './ledger';
import { refundsToSend } from './refunds';
import type { PaymentRow } from './provider';
import { connectStatusOf } from './stripe-connect';

type PayoutRow = typeof payouts.$inferSelect;
type MilestoneLike = { id: string; status: (typeof projectMilestones.$inferSelect)['status'] };

export const invoicePdfUrl = (paymentId: string) => `/api/payments/invoices/${paymentId}/pdf`;
export const receiptPdfUrl = (payoutId: string) => `/api/payments/payouts/${payoutId}/receipt`;

interface MilestoneMoney {
  payment: PaymentRow | null;
  settlement: 'release' | 'refund' | 'split' | null;
  releasedCents: number;
  refundedCents: number;
}

/** The ledger entries that settled these milestones' escrow: released, refunded or split. */
const loadSettlements = (db: DbExecutor, milestoneIds: string[]) =>
  db
    .select({ milestoneId: ledgerTransactions.milestoneId, kind: ledgerTransactions.kind, accountKind: ledgerAccounts.kind, amount: ledgerEntries.amountCents })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(and(inArray(ledgerTransactions.milestoneId, milestoneIds), inArray(ledgerTransactions.kind, ['release', 'refund', 'split'])));

/** Per milestone: its live (or last) payment and how its escrow was settled, read from the ledger. */
const loadMilestoneMoney = async (db: DbExecutor, milestoneIds: string[]): Promise<Map<string, MilestoneMoney>> => {
  const money = new Map<string, MilestoneMoney>(milestoneIds.map((id) => [id, { payment: null, settlement: null, releasedCents: 0, refundedCents: 0 }]));
  if (milestoneIds.length === 0) return money;
  const [paymentRows, settled] = await Promise.all([
    db.select().from(payments).where(inArray(payments.milestoneId, milestoneIds)).orderBy(asc(payments.issuedAt)),
    loadSettlements(db, milestoneIds),
  ]);
  for (const row of paymentRows) {
    const entry = money.get(row.milestoneId ?? '');
    // The live payment wins over a voided one; among voided ones, the latest.
    if (entry && (entry.payment === null || entry.payment.status === 'cancelled')) entry.payment = row;
  }
  for (const row of settled) {
    const entry = money.get(row.milestoneId ?? '');
    if (!entry) continue;
    entry.settlement = row.kind as MilestoneMoney['settlement'];
    if (row.accountKind === 'creator_payable') entry.releasedCents += row.amount;
    if (row.accountKind === 'refunded') entry.refundedCents += row.amount;
  }
  return money;
};

const statusOf = (milestone: MilestoneLike, projectCancelled: boolean, money: MilestoneMoney | undefined): FundingStatus => {
  if (money?.settlement === 'release') return 'released';
  if (money?.settlement === 'refund') return 'refunded';
  if (money?.settlement === 'split') return 'split';
  if (money?.payment?.status === 'paid') return 'funded';
  if (money?.payment?.status === 'awaiting_payment') return 'awaiting_payment';
  if (milestone.status === 'pending' || (projectCancelled && milestone.status !== 'approved')) return 'not_due';
  return 'awaiting_funding';
};

/** The funding status of each milestone, for the project views' cards. */
export const fundingStatuses = async (db: DbExecutor, milestones: Array<MilestoneLike & { projectCancelled: boolean }>): Promise<Map<string, FundingStatus>> => {
  const money = await loadMilestoneMoney(db, milestones.map((milestone) => milestone.id));
  return new Map(milestones.map((milestone) => [milestone.id, statusOf(milestone, milestone.projectCancelled, money.get(milestone.id))]));
};

/** A project's milestones with their money; the invoice and checkout links only for the client and admins. */
export const loadMilestoneFunding = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<MilestoneFunding[]> => {
  const { row } = await requireVisibleProject(app.db, auth, projectId);
  const milestones = await app.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId)).orderBy(asc(projectMilestones.position));
  const money = await loadMilestoneMoney(app.db, milestones.map((milestone) => milestone.id));
  const isPayer = auth.userId === row.clientId || auth.role === 'admin';
  // The platform's account goes only to whoever pays (or confirms) an open manual invoice, with its number to quote.
  const { bankDetails } = isPayer ? await readPlatformSettings(app) : { bankDetails: null };
  return milestones.map((milestone) => {
    const entry = money.get(milestone.id);
    const payment = entry?.payment ?? null;
    return {
      milestoneId: milestone.id,
      position: milestone.position,
      title: milestone.title,
      amountCents: milestone.amountCents,
      status: statusOf(milestone, row.status === 'cancelled', entry),
      payment: payment
        ? {
            id: payment.id,
            status: payment.status,
            provider: payment.provider,
            invoiceNumber: payment.invoiceNumber,
            dueDate: payment.dueDate,
            invoiceUrl: isPayer ? invoicePdfUrl(payment.id) : null,
            checkoutUrl: isPayer && payment.status === 'awaiting_payment' ? payment.checkoutUrl : null,
            bankTransfer:
              isPayer && payment.status === 'awaiting_payment' && payment.provider === 'manual' && payment.invoiceNumber
                ? { reference: payment.invoiceNumber, payTo: bankDetails }
                : null,
          }
        : null,
      releasedCents: entry?.releasedCents ?? 0,
      refundedCents: entry?.refundedCents ?? 0,
    };
  });
};

export const getProjectFunding = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<ProjectFunding> => ({
  provider: app.payments.provider.name,
  feePercent: app.config.PLATFORM_FEE_PERCENT,
  milestones: await loadMilestoneFunding(app, auth, projectId),
});

export const toInvoiceView = (row: PaymentRow, refundedCents = 0): InvoiceView => ({
  id: row.id,
  number: row.invoiceNumber,
  projectId: row.projectId ?? '',
  projectTitle: row.projectTitle,
  milestoneTitle: row.milestoneTitle,
  amountCents: row.amountCents,
  status: row.status,
  provider: row.provider,
  issuedAt: row.issuedAt.toISOString(),
  dueDate: row.dueDate,
  paidAt: row.paidAt?.toISOString() ?? null,
  refundedCents,
  pdfUrl: invoicePdfUrl(row.id),
  checkoutUrl: row.status === 'awaiting_payment' ? row.checkoutUrl : null,
});

export const listInvoices = async (db: DbExecutor, auth: AuthContext): Promise<InvoiceView[]> => {
  const rows = await db.select().from(payments).where(eq(payments.clientId, auth.userId)).orderBy(desc(payments.issuedAt), desc(payments.id)).limit(200);
  // A paid invoice whose escrow later went back (wholly or in part) says so, from the ledger.
  const paid = rows.filter((row) => row.status === 'paid' && row.milestoneId).map((row) => row.milestoneId as string);
  const refunded = new Map<string, number>();
  for (const entry of paid.length > 0 ? await loadSettlements(db, paid) : []) {
    if (entry.accountKind === 'refunded' && entry.milestoneId) refunded.set(entry.milestoneId, (refunded.get(entry.milestoneId) ?? 0) + entry.amount);
  }
  return rows.map((row) => toInvoiceView(row, row.status === 'paid' ? (refunded.get(row.milestoneId ?? '') ?? 0) : 0));
};

export const toPayoutView = (cipher: AccountCipher, row: PayoutRow): PayoutView => ({
  id: row.id,
  amountCents: row.amountCents,
  status: row.status,
  reference: row.reference,
  receiptNumber: row.receiptNumber,
  receiptUrl: row.status === 'paid' ? receiptPdfUrl(row.id) : null,
  requestedAt: row.requestedAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  paidTo: row.payTo ? maskedAccountSummary(openPayTo(cipher, row.id, row.payTo)) : null,
});

export const getCreatorBalance = async (app: FastifyInstance, auth: AuthContext): Promise<CreatorBalance> => {
  const [figures, rows] = await Promise.all([
    creatorLedger(app.db, auth.userId),
    app.db.select().from(payouts).where(eq(payouts.creatorId, auth.userId)).orderBy(desc(payouts.requestedAt), desc(payouts.id)).limit(100),
  ]);
  return {
    provider: app.payments.provider.name,
    availableCents: figures.availableCents,
    inEscrowCents: figures.inEscrowCents,
    pendingPayoutCents: figures.pendingPayoutCents,
    paidOutCents: figures.paidOutCents,
    earnedCents: figures.earnedCents,
    payouts: rows.map((row) => toPayoutView(app.accountCipher, row)),
    connect: app.payments.provider.name === 'manual' ? 'not_applicable' : await connectStatusOf(app.db, auth.userId),
  };
};

/** An invoice as the admin sees it: with the client it was issued to, as it names them. */
export const toAdminPaymentRow = (row: PaymentRow): AdminPaymentRow => ({
  ...toInvoiceView(row),
  clientName: row.clientName,
  clientEmail: row.clientEmail,
  clientCompany: row.clientCompany,
});

export const getAdminPayments = async (app: FastifyInstance): Promise<AdminPayments> => {
  const [open, requested] = await Promise.all([
    // Bank transfers only: a card payment is recorded by Stripe's webhook, never by hand.
    app.db
      .select()
      .from(payments)
      .where(and(eq(payments.status, 'awaiting_payment'), eq(payments.provider, 'manual')))
      .orderBy(asc(payments.issuedAt))
      .limit(200),
    app.db.select().from(payouts).where(eq(payouts.status, 'requested')).orderBy(asc(payouts.requestedAt)).limit(200),
  ]);
  const toPay = [];
  for (const row of requested) {
    const figures = row.creatorId ? await creatorLedger(app.db, row.creatorId) : null;
    toPay.push({
      ...toPayoutView(app.accountCipher, row),
      creatorName: row.creatorName,
      creatorEmail: row.creatorEmail,
      availableCents: figures?.availableCents ?? 0,
      payTo: row.payTo ? openPayTo(app.accountCipher, row.id, row.payTo) : null,
    });
  }
  return {
    provider: app.payments.provider.name,
    bankDetails: (await readPlatformSettingsFresh(app)).bankDetails,
    toConfirm: open.map(toAdminPaymentRow),
    toRefund: await refundsToSend(app.db),
    toPay,
  };
};

export const getReconciliation = async (db: DbExecutor): Promise<Reconciliation & { ownerNames: Map<string, string> }> => {
  const rows = await allBalances(db);
  const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(ledgerTransactions);
  const ownerIds = [...new Set(rows.map((row) => row.ownerId).filter((id): id is string => Boolean(id)))];
  const names = ownerIds.length
    ? await db
        .select({ id: user.id, name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
        .from(user)
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(inArray(user.id, ownerIds))
    : [];
  const projectIds = [...new Set(rows.map((row) => row.projectId).filter((id): id is string => Boolean(id)))];
  const titles = projectIds.length ? await db.select({ id: projects.id, title: projects.title }).from(projects).where(inArray(projects.id, projectIds)) : [];
  const ownerNames = new Map<string, string>([...names.map((row) => [row.id, row.name] as const), ...titles.map((row) => [row.id, row.title] as const)]);
  const byKind = Object.fromEntries(LEDGER_ACCOUNT_KINDS.map((kind) => [kind, 0])) as Record<LedgerAccountKind, number>;
  for (const row of rows) byKind[row.kind] += row.balanceCents;
  return {
    accounts: rows.map((row) => ({ id: row.id, kind: row.kind, owner: row.ownerId ?? row.projectId, balanceCents: row.balanceCents })),
    totalCents: rows.reduce((sum, row) => sum + row.balanceCents, 0),
    transactionCount: count?.total ?? 0,
    byKind,
    ownerNames,
  };
};

const csvField = (value: string): string => {
  // A leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** One line per account (kind, owner, balance in dollars and cents), then the total, which is 0.00. */
export const reconciliationCsv = async (db: DbExecutor): Promise<string> => {
  const { accounts, totalCents, ownerNames } = await getReconciliation(db);
  const money = (cents: number) => (cents / 100).toFixed(2);
  const lines = ['account_id,kind,owner_id,owner,balance'];
  for (const account of accounts) {
    const owner = account.owner ? (ownerNames.get(account.owner) ?? '') : 'platform';
    lines.push([...[account.id, account.kind, account.owner ?? '', owner].map(csvField), money(account.balanceCents)].join(','));
  }
  lines.push(['total', '', '', '', money(totalCents)].join(','));
  return `${lines.join('\n')}\n`;
};
