import type Stripe from 'stripe';
import type { AppConfig } from '../../config';
import { loadStripe } from '../../lazy-modules';

/** The Stripe provider is on (decision 171): chosen, or both keys set; config.ts then guarantees both keys. */
export const isStripeConfigured = (config: AppConfig): boolean =>
  config.PAYMENT_PROVIDER === 'stripe' && Boolean(config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET);

const clients = new WeakMap<AppConfig, Stripe>();

/**
 * The SDK client for this configuration, made once. STRIPE_API_BASE points it at another host (the tests' local
 * stand-in). Network retries stay on: every call that moves money carries our own idempotency key, so a retried
 * request cannot move it twice.
 */
export const stripeClientFor = async (config: AppConfig): Promise<Stripe> => {
  const existing = clients.get(config);
  if (existing) return existing;
  if (!config.STRIPE_SECRET_KEY) throw new Error('Stripe is not configured (STRIPE_SECRET_KEY)');
  const base = config.STRIPE_API_BASE ? new URL(config.STRIPE_API_BASE) : null;
  const StripeSdk = await loadStripe();
  const client = new StripeSdk(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'Humanmade' },
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'https:' ? 443 : 80),
          protocol: base.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  });
  clients.set(config, client);
  return client;
};

export type StripeClient = Stripe;
