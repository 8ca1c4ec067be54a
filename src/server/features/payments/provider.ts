import type { PaymentProviderName } from '../../../domain/payment-schemas';
import type { AppConfig } from '../../config';
import type { Transaction } from '../../db/client';
import type { payments } from '../../db/schema';

/**
 * Where money comes from and goes to (decision 170). The ledger and the invoices are the platform's own; a provider
 * only moves real money. Two rules keep it safe:
 * - `startFunding` runs after the payment's row has committed, never inside a database transaction (it may call the
 *   network); it is called again for an open payment without a checkout, so it must be idempotent per payment id.
 * - the `after*` hooks run inside the ledger transaction that released or refunded the money. They must not call the
 *   network: they schedule a durable job (jobs/scheduler.ts `scheduleJob(tx, …)`) whose handler makes the call, so
 *   the transfer exists exactly when the release committed, and is retried until it succeeds.
 * Money arriving from the provider is recorded with `recordPaymentReceived` (funding.ts), in the webhook's transaction.
 */

export type PaymentRow = typeof payments.$inferSelect;

export interface FundingStart {
  /** Where the client pays (Stripe Checkout); null when the invoice itself is the instruction (manual). */
  checkoutUrl: string | null;
  /** The provider's id for this payment (a Checkout Session id), to match its webhook. */
  providerRef: string | null;
}

export interface ReleaseEvent {
  /** The ledger transaction that released (or split) the money. */
  transactionId: string;
  paymentId: string;
  milestoneId: string;
  creatorId: string;
  /** What the creator receives, after the platform fee. */
  creatorCents: number;
}

export interface RefundEvent {
  transactionId: string;
  paymentId: string;
  milestoneId: string;
  clientId: string;
  refundCents: number;
}

export interface PaymentProvider {
  name: PaymentProviderName;
  startFunding(payment: PaymentRow): Promise<FundingStart>;
  afterRelease?(tx: Transaction, event: ReleaseEvent): Promise<void>;
  afterRefund?(tx: Transaction, event: RefundEvent): Promise<void>;
}

/** Bank transfers against an invoice: nothing to start, nothing to schedule; an admin records what arrived. */
export const manualProvider: PaymentProvider = {
  name: 'manual',
  startFunding: async () => ({ checkoutUrl: null, providerRef: null }),
};

/**
 * The provider the configuration names. The Stripe provider plugs in here (stripe-provider.ts); until it exists a
 * `stripe` configuration falls back to the manual flow rather than refusing to start.
 */
export const createPaymentProvider = (config: AppConfig, providers: Partial<Record<PaymentProviderName, (config: AppConfig) => PaymentProvider>> = {}): PaymentProvider => {
  const make = providers[config.PAYMENT_PROVIDER];
  return make ? make(config) : manualProvider;
};
