import { z } from 'zod';
import { bankDetailsSchema, bankTransferSchema } from './bank-details-schemas';
import { DAY_MS, formatLongDate } from './dates';

/**
 * Money (decision 170): the shapes both the server and the browser use. Amounts are integer cents
 * everywhere; the ledger is the only source of a balance.
 */

export const PAYMENT_PROVIDERS = ['manual', 'stripe'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * Where a milestone's money stands.
 * - not_due: a pending milestone, not yet active, so nothing is asked.
 * - awaiting_funding: active (or later) with no payment received; the client has not asked for an invoice yet.
 * - awaiting_payment: an invoice (manual) or a checkout (Stripe) is open; the money has not arrived.
 * - funded: the money is held in escrow.
 * - released: paid into the creator's balance on approval (less the platform fee).
 * - refunded: returned to the client (a cancellation, or a dispute decided for the client).
 * - split: a dispute decided by amount: part released to the creator, the rest refunded.
 */
export const FUNDING_STATUSES = ['not_due', 'awaiting_funding', 'awaiting_payment', 'funded', 'released', 'refunded', 'split'] as const;
export type FundingStatus = (typeof FUNDING_STATUSES)[number];

export const FUNDING_STATUS_LABELS: Record<FundingStatus, string> = {
  not_due: 'To fund when it starts',
  awaiting_funding: 'Awaiting funding',
  awaiting_payment: 'Awaiting funding',
  funded: 'Funded, held in escrow',
  released: 'Released to the creator',
  refunded: 'Refunded to the client',
  split: 'Split by the platform',
};

export const PAYMENT_STATUSES = ['awaiting_payment', 'paid', 'cancelled'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYOUT_STATUSES = ['requested', 'paid', 'cancelled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

export const DISPUTE_OUTCOMES = ['refund', 'release', 'split'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

export const PAYMENT_MESSAGES = {
  awaitingFunding: 'Awaiting funding',
  notYourMilestone: 'Milestone not found',
  notFundable: 'This milestone cannot be funded now.',
  alreadyFunded: 'This milestone is already funded.',
  paymentNotOpen: 'This payment is no longer waiting for confirmation.',
  paidByCard: 'This invoice is paid by card through Stripe, which records it when the payment goes through.',
  refundNotFound: 'Refund not found',
  refundNotOpen: 'This refund was already recorded as sent.',
  payoutNotOpen: 'This payout is no longer waiting to be paid.',
  payoutTooLarge: 'You can request at most your available balance.',
  payoutTooSmall: 'A payout is at least $1.',
  referenceRequired: 'Enter the reference',
  splitOutOfRange: 'The creator’s share must be between $0 and the milestone’s amount.',
  nothingHeld: 'This milestone was never funded, so no money is held to release or split. Cancel it with a refund, or clear the flag and let the client fund it.',
  /** Under an amount typed in dollars that is not one ("12.345", "abc"), as the payout and offer forms say it. */
  amountFormat: 'Enter an amount in dollars, like 120 or 120.50',
  nothingAvailable: 'You have no available balance to pay out yet.',
} as const;

/**
 * Invoice terms (decision 177): a milestone's funding invoice is due 7 days after the day it is issued, long enough
 * for a bank transfer to arrive, short enough that escrow is funded while the milestone's work is under way.
 */
export const INVOICE_DUE_DAYS = 7;

/** The day an invoice issued at `issuedAt` is due: a calendar day (YYYY-MM-DD) counted in UTC, as the invoice's dates are. */
export const invoiceDueDate = (issuedAt: Date): string => new Date(issuedAt.getTime() + INVOICE_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);

/** A due date as invoices and their emails write it ("November 27, 2026"), the same day wherever it is read. */
export const formatDueDate = (dueDate: string): string => formatLongDate(new Date(`${dueDate}T00:00:00Z`));

/** Whether an unpaid invoice's due date (YYYY-MM-DD, UTC) has passed: it was due on a day before today. */
export const isOverdue = (invoice: { status: string; dueDate: string | null }, now: Date = new Date()): boolean =>
  invoice.status === 'awaiting_payment' && invoice.dueDate !== null && invoice.dueDate < now.toISOString().slice(0, 10);

const reference = z.string().trim().min(1, PAYMENT_MESSAGES.referenceRequired).max(200, 'Keep the reference under 200 characters');

/** The admin records a manual payment (bank transfer) as received, with the bank's reference. */
export const paymentReceivedSchema = z.object({ reference });
/** The admin records a payout request as paid, with the transfer's reference. */
export const payoutPaidSchema = z.object({ reference });
/** A creator asks to be paid (part of) their available balance. */
export const payoutRequestSchema = z.object({
  amountCents: z.number({ error: 'Enter an amount' }).int('Enter an amount in cents').min(100, PAYMENT_MESSAGES.payoutTooSmall),
});
/**
 * The money outcome of an admin's decision to cancel a flagged project: the funded milestone under review is refunded,
 * released, or split (creatorCents to the creator, before the fee; the rest refunded).
 */
export const disputeOutcomeFields = {
  outcome: z.enum(DISPUTE_OUTCOMES).default('refund'),
  creatorCents: z.number().int(PAYMENT_MESSAGES.splitOutOfRange).min(0, PAYMENT_MESSAGES.splitOutOfRange).optional(),
};
const hasSplitAmount = (value: { outcome: DisputeOutcome; creatorCents?: number }) => value.outcome !== 'split' || value.creatorCents !== undefined;
const splitAmountIssue = { message: PAYMENT_MESSAGES.splitOutOfRange, path: ['creatorCents'] };
export const disputeOutcomeSchema = z.object(disputeOutcomeFields).refine(hasSplitAmount, splitAmountIssue);
/** The admin's cancellation of a flagged project: the reason, and what happens to the money held for the work. */
export const flaggedCancelSchema = z
  .object({ reason: z.string().trim().max(1000, 'Keep the reason under 1000 characters').optional(), ...disputeOutcomeFields })
  .refine(hasSplitAmount, splitAmountIssue);
export type FlaggedCancelInput = z.input<typeof flaggedCancelSchema>;

export const milestoneFundingSchema = z.object({
  milestoneId: z.string(),
  position: z.number().int(),
  title: z.string(),
  amountCents: z.number().int(),
  status: z.enum(FUNDING_STATUSES),
  /** The open or settled payment, if one was made. */
  payment: z
    .object({
      id: z.string(),
      status: z.enum(PAYMENT_STATUSES),
      invoiceNumber: z.string().nullable(),
      /** When the invoice is due (YYYY-MM-DD); null on invoices issued before due dates (decision 177). */
      dueDate: z.string().nullable(),
      /** The invoice PDF (owner and admins only). */
      invoiceUrl: z.string().nullable(),
      /** How it is paid: by bank transfer (manual) or by card (stripe), as it was issued. */
      provider: z.enum(PAYMENT_PROVIDERS),
      /** Stripe only: where the client pays; null until a checkout is open (an expired one, or work approved unfunded). */
      checkoutUrl: z.string().nullable(),
      /** Manual and still open, for the client and admins only: the account to pay into and the reference to quote. */
      bankTransfer: bankTransferSchema.nullable(),
    })
    .nullable(),
  /** What the creator received for it (after the fee), and what went back to the client, once settled. */
  releasedCents: z.number().int(),
  refundedCents: z.number().int(),
});
export type MilestoneFunding = z.infer<typeof milestoneFundingSchema>;

export const projectFundingSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  feePercent: z.number(),
  milestones: z.array(milestoneFundingSchema),
});
export type ProjectFunding = z.infer<typeof projectFundingSchema>;

export const invoiceViewSchema = z.object({
  id: z.string(),
  number: z.string().nullable(),
  projectId: z.string(),
  projectTitle: z.string(),
  milestoneTitle: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  issuedAt: z.string(),
  /** When it is due (YYYY-MM-DD, a calendar day); null on invoices issued before due dates (decision 177). */
  dueDate: z.string().nullable(),
  paidAt: z.string().nullable(),
  /** What of it went back to the client (a cancellation, or an admin's refund or split); 0 when none did. */
  refundedCents: z.number().int(),
  pdfUrl: z.string().nullable(),
  checkoutUrl: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceViewSchema>;

export const payoutViewSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  reference: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  /** The receipt PDF, once paid (owner and admins only). */
  receiptUrl: z.string().nullable(),
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** The account it is paid to, masked ("Mara Maker · IBAN •••• 3000"); null for requests made before decision 173. */
  paidTo: z.string().nullable(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

/** A creator's balances, all read from the ledger. */
export const creatorBalanceSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** In the creator's payable account, less payouts already requested. */
  availableCents: z.number().int(),
  /** Held in escrow on this creator's projects. */
  inEscrowCents: z.number().int(),
  /** Requested payouts not paid yet. */
  pendingPayoutCents: z.number().int(),
  paidOutCents: z.number().int(),
  /** Everything ever released to the creator (after fees): the earnings total. */
  earnedCents: z.number().int(),
  payouts: z.array(payoutViewSchema),
  /** Stripe only: whether the creator's connected account can receive transfers. */
  connect: z.enum(['not_applicable', 'not_started', 'pending', 'ready']),
});
export type CreatorBalance = z.infer<typeof creatorBalanceSchema>;

/** The client as the invoice names them: their company is null when their profile had none at issue. */
export const adminPaymentRowSchema = invoiceViewSchema.extend({ clientName: z.string(), clientEmail: z.string(), clientCompany: z.string().nullable() });
export type AdminPaymentRow = z.infer<typeof adminPaymentRowSchema>;
export const adminPayoutRowSchema = payoutViewSchema.extend({
  creatorName: z.string(),
  creatorEmail: z.string(),
  availableCents: z.number().int(),
  /** In full, for the admin sending the transfer: the details as they stood when the payout was requested. */
  payTo: bankDetailsSchema.nullable(),
});
/** A refund owed to a client who paid by bank transfer, waiting for an admin to send it (decision 216). */
export const adminRefundRowSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  clientName: z.string(),
  clientEmail: z.string(),
  invoiceNumber: z.string().nullable(),
  requestedAt: z.string(),
});
export type AdminRefundRow = z.infer<typeof adminRefundRowSchema>;
export const refundSentSchema = z.object({ reference });

export const adminPaymentsSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  /** Manual payments (invoices) waiting for the admin's 'Payment received'. */
  toConfirm: z.array(adminPaymentRowSchema),
  /** Refunds owed by bank transfer, waiting to be recorded as sent. */
  toRefund: z.array(adminRefundRowSchema),
  /** Payout requests waiting to be recorded as paid. */
  toPay: z.array(adminPayoutRowSchema),
  /** The platform's bank details clients pay into; null until an admin sets them (the Payments tab asks for them). */
  bankDetails: bankDetailsSchema.nullable(),
});
export type AdminPayments = z.infer<typeof adminPaymentsSchema>;

/**
 * The admin's history (decision 177): payments recorded as received and payouts recorded as paid, newest first, a keyset
 * page at a time. `nextCursor` is passed back as `cursor` for the next (older) page; null at the end.
 */
export const ADMIN_HISTORY_PAGE_SIZE = 20;
export const adminHistoryQuerySchema = z.object({
  cursor: z
    .string()
    .max(100)
    .regex(/^\d{1,15}_[0-9a-f-]{36}$/, 'Invalid cursor')
    .optional(),
});
export const adminRecordedPaymentSchema = adminPaymentRowSchema.extend({ reference: z.string().nullable() });
export type AdminRecordedPayment = z.infer<typeof adminRecordedPaymentSchema>;
export const adminPaymentHistorySchema = z.object({ payments: z.array(adminRecordedPaymentSchema), nextCursor: z.string().nullable() });
export type AdminPaymentHistory = z.infer<typeof adminPaymentHistorySchema>;
export const adminPaidPayoutSchema = payoutViewSchema.extend({ creatorName: z.string(), creatorEmail: z.string() });
export type AdminPaidPayout = z.infer<typeof adminPaidPayoutSchema>;
export const adminPayoutHistorySchema = z.object({ payouts: z.array(adminPaidPayoutSchema), nextCursor: z.string().nullable() });
export type AdminPayoutHistory = z.infer<typeof adminPayoutHistorySchema>;

/** The Stripe provider's jobs an admin can see and retry once their attempts ran out (decision 171). */
export const STRIPE_JOB_KINDS = ['transfer', 'refund'] as const;
export type StripeJobKind = (typeof STRIPE_JOB_KINDS)[number];

export const stripeJobViewSchema = z.object({
  id: z.string(),
  kind: z.enum(STRIPE_JOB_KINDS),
  status: z.enum(['pending', 'done', 'cancelled', 'failed']),
  amountCents: z.number().int(),
  /** Who the money is for: the creator a transfer pays, the client a refund returns it to. */
  recipient: z.object({ role: z.enum(['creator', 'client']), id: z.string().nullable(), name: z.string(), email: z.string() }),
  projectId: z.string().nullable(),
  projectTitle: z.string().nullable(),
  milestoneTitle: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
});
export type StripeJobView = z.infer<typeof stripeJobViewSchema>;
export const failedStripeJobsSchema = z.object({ jobs: z.array(stripeJobViewSchema) });
export type FailedStripeJobs = z.infer<typeof failedStripeJobsSchema>;

export const STRIPE_JOB_MESSAGES = {
  notFound: 'Transfer or refund not found',
  notFailed: 'This transfer or refund is no longer failed.',
} as const;

export const LEDGER_ACCOUNT_KINDS = ['funding', 'escrow', 'creator_payable', 'platform_fees', 'paid_out', 'refunded'] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const reconciliationSchema = z.object({
  accounts: z.array(z.object({ id: z.string(), kind: z.enum(LEDGER_ACCOUNT_KINDS), owner: z.string().nullable(), balanceCents: z.number().int() })),
  /** The sum over every account: always 0 in a balanced ledger. */
  totalCents: z.number().int(),
  transactionCount: z.number().int(),
  /** Per kind, for the summary line. */
  byKind: z.record(z.enum(LEDGER_ACCOUNT_KINDS), z.number().int()),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

/** The platform fee on a released amount, in cents, rounded half up; the creator receives the rest. */
export const platformFeeCents = (amountCents: number, feePercent: number): number => Math.round((amountCents * feePercent) / 100);

/**
 * Money's audit actions (decision 170). Kept beside AUDIT_ACTIONS rather than in it, so the admin audit tab (which
 * labels every known action, and shows an unknown one as it is) gains their labels with the money screens.
 */
export const MONEY_AUDIT_ACTIONS = ['payment.received', 'payout.paid', 'payout.cancelled', 'refund.sent', 'stripe_job.retried'] as const;
export type MoneyAuditAction = (typeof MONEY_AUDIT_ACTIONS)[number];

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/**
 * Money on payment screens and payment documents (invoices, receipts, their emails) always shows its cents ("$0.00",
 * "$765.00"): these are amounts to check against a bank statement, not prices (decision 172).
 */
export const formatMoneyCents = (cents: number): string => money.format(cents / 100);
