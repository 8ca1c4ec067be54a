import { randomUUID } from 'node:crypto';
import { betterAuth } from 'better-auth';
import type { FastifyBaseLogger } from 'fastify';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { LIMITS } from '../../domain/constants';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { account, session, user, verification } from '../db/schema';
import type { Mailer } from '../mail/outbox';
import { passwordResetEmail, verificationEmail } from '../mail/templates';

export const SESSION_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** better-auth's messages in the server's own log (JSON in production), where they would otherwise be printed with `console`. */
const toServerLog =
  (log: Pick<FastifyBaseLogger, AuthLogLevel>) =>
  (level: AuthLogLevel, message: string, ...args: unknown[]) => {
    const error = args.find((arg) => arg instanceof Error);
    log[level]({ source: 'better-auth', ...(error ? { err: error } : args.length > 0 ? { details: args } : {}) }, message);
  };

export const createAuth = (config: AppConfig, db: Database, mailer: Mailer, log?: Pick<FastifyBaseLogger, AuthLogLevel>) =>
  betterAuth({
    appName: config.SITE_NAME,
    baseURL: config.PUBLIC_URL,
    basePath: '/api/auth',
    secret: config.AUTH_SECRET,
    trustedOrigins: [config.PUBLIC_URL],
    // In transactions: a password reset whose write fails (a dropped connection, a full disk) keeps its link usable.
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification }, transaction: true }),
    emailAndPassword: {
      enabled: true,
      // Sign-up runs through our own endpoint so the role and profile are written with the account.
      disableSignUp: true,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.passwordMax,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user: target, url }) => {
        await mailer.enqueue(passwordResetEmail({ siteName: config.SITE_NAME, to: target.email, name: target.name, url }));
      },
    },
    emailVerification: {
      autoSignInAfterVerification: false,
      sendVerificationEmail: async ({ user: target, url }) => {
        await mailer.enqueue(verificationEmail({ siteName: config.SITE_NAME, to: target.email, name: target.name, url }));
      },
    },
    session: {
      expiresIn: SESSION_MAX_AGE_SECONDS,
      updateAge: 60 * 60 * 24,
      // No cookie cache: every request checks the database, so a deleted user's sessions die at once.
      cookieCache: { enabled: false },
    },
    // Our own Fastify rate limiter covers the auth routes (shared through Redis when configured).
    rateLimit: { enabled: false },
    // A fault that is not better-auth's own refusal (a dropped connection, a database out of disk) reaches the app's
    // error handler, which answers 503 with what happened, instead of better-call's empty 500.
    onAPIError: { throw: true },
    advanced: {
      useSecureCookies: config.isProduction,
      cookiePrefix: 'hm',
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', path: '/' },
      database: { generateId: () => randomUUID() },
    },
    logger: { disabled: config.NODE_ENV === 'test', ...(log ? { log: toServerLog(log) } : {}) },
    telemetry: { enabled: false },
  });

export type Auth = ReturnType<typeof createAuth>;

/** better-auth routes the browser may reach directly; sign-up and sign-in go through /api/account. */
export const EXPOSED_AUTH_PATHS: readonly string[] = [
  '/api/auth/verify-email',
  '/api/auth/send-verification-email',
  '/api/auth/request-password-reset',
  '/api/auth/reset-password',
  '/api/auth/change-password',
  '/api/auth/get-session',
  '/api/auth/error',
];

export const isExposedAuthPath = (pathname: string): boolean =>
  EXPOSED_AUTH_PATHS.some((allowed) => pathname === allowed || pathname.startsWith(`${allowed}/`));
