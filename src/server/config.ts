import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_SITE_NAME } from '../domain/constants';
import { PAYMENT_PROVIDERS, type PaymentProviderName } from '../domain/payment-schemas';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = (protocols: RegExp, hint: string) =>
  optionalString.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be a ${hint} URL`,
  });

/** Proxies Fastify trusts for TRUST_PROXY=true: loopback, link-local and private (RFC 1918, fc00::/7) addresses. */
export const PRIVATE_NETWORK_PROXIES = 'loopback, linklocal, uniquelocal';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  // An origin: the app is served at the root of it, and the Seal's issuer is did:web of it (decision 214), which
  // resolves to /.well-known/did.json only when there is no path.
  PUBLIC_URL: optionalUrl(/^https?:/, 'http(s)').refine(
    (value) => value === undefined || !URL.canParse(value) || ['', '/'].includes(new URL(value).pathname + new URL(value).search + new URL(value).hash),
    { message: 'must be an origin, with no path, query or fragment (e.g. https://humanmade.example)' },
  ),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:/, 'postgres://'),
  AUTH_SECRET: optionalString.refine((value) => value === undefined || value.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SMTP_URL: optionalUrl(/^smtps?:/, 'smtp:// or smtps://'),
  MAIL_FROM: optionalString.refine((value) => value === undefined || value.includes('@'), {
    message: 'must contain an email address',
  }),
  CONTACT_INBOX: optionalString.refine((value) => value === undefined || z.email().safeParse(value).success, {
    message: 'must be an email address',
  }),
  REDIS_URL: optionalUrl(/^rediss?:/, 'redis://'),
  REDIS_KEY_PREFIX: z.string().min(1).default('hm:'),
  S3_ENDPOINT: optionalUrl(/^https?:/, 'http(s)'),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value !== 'false'),
  // The platform's Ed25519 key for Seal credentials, as a private JWK (JSON). Unset: generated once into DATA_DIR.
  SEAL_SIGNING_KEY: optionalString,
  // The AES-256 key (32 bytes, base64) that encrypts bank account numbers at rest. Unset: generated once into DATA_DIR.
  PAYOUT_DETAILS_KEY: optionalString,
  // Earlier keys, comma-separated, that still open older values until boot re-encrypts them (docs/SECURITY.md).
  PAYOUT_DETAILS_RETIRED_KEYS: optionalString,
  SITE_NAME: z.string().trim().min(1).default(DEFAULT_SITE_NAME),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  // Messages per IP, per contact form, every ten minutes (the Contact page and a creator's Contact dialog).
  CONTACT_RATE_LIMIT_PER_10_MINUTES: z.coerce.number().int().min(1).default(5),
  // The embedded database's buffer cache, inside the server's memory (decision 111). 16MB is about 110 MB less
  // than PostgreSQL's own 128MB, at the same speed for an embedded directory's size (1,000 creators, measured idle);
  // a much larger embedded database may want more.
  PGLITE_SHARED_BUFFERS: z
    .string()
    .trim()
    .regex(/^\d+\s*(kB|MB|GB)$/, { message: 'must be a size such as 16MB (kB, MB or GB)' })
    .default('16MB'),
  // How far the JavaScript heap may grow past its live data before V8 collects (memory.ts); 0 leaves V8 as it is.
  HEAP_GROWING_PERCENT: z.coerce.number().int().min(0).max(400).default(50),
  // How long an instance may keep a signed-in request's session and role in memory (0: never). Changes reach every
  // instance through LISTEN/NOTIFY before the next request (decision 121); this bounds only a missed notification.
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  /** How long both sides of a completed project may review each other (decision 160); the reminder goes 4 days before. */
  REVIEW_WINDOW_DAYS: z.coerce.number().int().min(5).max(90).default(14),
  /** How long a message stays unread before it is emailed (batched per conversation, at most hourly). */
  MESSAGE_EMAIL_DELAY_MINUTES: z.coerce.number().min(0).max(10_080).default(10),
  /**
   * Days a submitted milestone waits for the client before it is approved by time (decision 151). At least 1 in
   * production; outside it a fraction down to 0.001 (about a minute and a half) lets QA watch it happen (decision 204).
   */
  AUTO_APPROVE_DAYS: z.coerce.number().min(0.001).max(60).default(7),
  /** The platform's share of each released milestone, in percent (decision 170). */
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(50).default(10),
  /**
   * How clients pay and creators are paid: `manual` (invoices and bank transfers an admin records) or `stripe`.
   * Unset: `stripe` when both Stripe keys are set (decision 171), `manual` otherwise.
   */
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  // The Stripe provider's keys (decision 171).
  STRIPE_SECRET_KEY: optionalString.refine((value) => value === undefined || /^(sk|rk)_/.test(value), {
    message: 'must be a Stripe secret key (sk_… or rk_…)',
  }),
  STRIPE_WEBHOOK_SECRET: optionalString.refine((value) => value === undefined || value.startsWith('whsec_'), {
    message: 'must be a Stripe webhook signing secret (whsec_…)',
  }),
  // The signing secret of the dashboard's second, Connect endpoint: Stripe sends connected accounts' events
  // (account.updated) only to an endpoint of that kind, signed with its own secret (decision 220).
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalString.refine((value) => value === undefined || value.startsWith('whsec_'), {
    message: 'must be a Stripe webhook signing secret (whsec_…)',
  }),
  // Where the SDK sends its calls instead of api.stripe.com: the tests' local stand-in.
  STRIPE_API_BASE: optionalUrl(/^https?:/, 'http(s)'),
  // Every screen, invoice and PDF shows amounts as US dollars in cents: another currency would charge one amount and
  // show another (JPY has no cents at all), so the only value accepted is usd until amounts carry their currency.
  STRIPE_CURRENCY: z
    .string()
    .trim()
    .refine((value) => value === 'usd', { message: 'must be usd: Humanmade shows and invoices every amount in US dollars' })
    .default('usd'),
  // /api/health says `degraded` when free space under DATA_DIR falls below the smaller of these two.
  DISK_MIN_FREE_PERCENT: z.coerce.number().min(0).max(100).default(5),
  DISK_MIN_FREE_MB: z.coerce.number().min(0).default(500),
  // Which proxies may set X-Forwarded-For. Never "trust every hop": the entries a client writes itself come
  // first, and the per-IP rate limits would count whatever the client chose. `true` trusts proxies on private
  // networks (how a load balancer usually reaches the app); a list names them (addresses, CIDRs or the
  // proxy-addr names loopback, linklocal, uniquelocal).
  TRUST_PROXY: optionalString
    .refine((value) => value === undefined || /^(true|false|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/.test(value), {
      message: 'must be true (proxies on private networks), false, or a comma-separated list of proxy addresses or CIDRs',
    })
    .transform((value): boolean | string => {
      if (value === undefined || value === 'false') return false;
      return value === 'true' ? PRIVATE_NETWORK_PROXIES : value;
    }),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig extends Omit<Env, 'AUTH_SECRET' | 'PUBLIC_URL' | 'MAIL_FROM' | 'CONTACT_INBOX' | 'PAYMENT_PROVIDER'> {
  PAYMENT_PROVIDER: PaymentProviderName;
  AUTH_SECRET: string;
  PUBLIC_URL: string;
  MAIL_FROM: string;
  CONTACT_INBOX: string;
  isProduction: boolean;
}

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid environment configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads a secret kept under DATA_DIR, creating it the first time, so sessions survive restarts. */
const loadOrCreateSecret = (dataDir: string): string => {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
};

export const loadConfig = (source: NodeJS.ProcessEnv = process.env): AppConfig => {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  const problems: string[] = [];
  if (isProduction && !env.AUTH_SECRET) problems.push('AUTH_SECRET: is required when NODE_ENV=production');
  // Emails carry verification and reset links built from it; a localhost fallback would send people nowhere.
  if (isProduction && !env.PUBLIC_URL) problems.push('PUBLIC_URL: is required when NODE_ENV=production (the address people use, e.g. https://humanmade.example)');
  if (isProduction && env.AUTO_APPROVE_DAYS < 1) problems.push('AUTO_APPROVE_DAYS: must be at least 1 when NODE_ENV=production (a shorter wait is for trying approval by time out)');
  const s3Keys = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (env.S3_ENDPOINT) {
    for (const key of s3Keys) if (!env[key]) problems.push(`${key}: is required when S3_ENDPOINT is set`);
  }
  const paymentProvider: PaymentProviderName = env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET ? 'stripe' : 'manual');
  // One Stripe key without the other is a half-done setup, whichever provider is chosen.
  if (paymentProvider === 'stripe' || Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (!env[key]) problems.push(`${key}: is required when ${paymentProvider === 'stripe' && env.PAYMENT_PROVIDER ? 'PAYMENT_PROVIDER=stripe' : 'the other Stripe key is set'}`);
    }
  }
  if (env.STRIPE_CONNECT_WEBHOOK_SECRET && !env.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_CONNECT_WEBHOOK_SECRET: needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET (it signs a second endpoint of the same Stripe setup)');
  if (problems.length > 0) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const host = new URL(publicUrl).hostname;
  return {
    ...env,
    DATA_DIR: dataDir,
    PUBLIC_URL: publicUrl,
    AUTH_SECRET: env.AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    MAIL_FROM: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${host === 'localhost' ? 'humanmade.local' : host}>`,
    CONTACT_INBOX: env.CONTACT_INBOX ?? `hello@${host === 'localhost' ? 'humanmade.local' : host}`,
    PAYMENT_PROVIDER: paymentProvider,
    isProduction,
  };
};
