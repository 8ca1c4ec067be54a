import type { UserRole } from '../domain/constants';
import type { PaymentProvider } from './features/payments/provider';
import type { PostedForm } from '../domain/posted-form';
import type { Auth } from './auth/auth';
import type { SessionCache } from './auth/session-cache';
import type { AppConfig } from './config';
import type { DatabaseHandle, Database } from './db/client';
import type { JobRunner } from './jobs/scheduler';
import type { Mailer, OutboxWorker } from './mail/outbox';
import type { Storage } from './storage/storage';
import type { ResourceWatch } from './features/health/resources';
import type { AccountCipher } from './features/payments/account-cipher';

/**
 * Every API route declares who may call it:
 * 'public' — anyone; 'authenticated' — any signed-in user with a role; a list — only those roles.
 * Record-level rules (owner, participant) live in the feature services.
 */
export type AccessPolicy = 'public' | 'authenticated' | readonly UserRole[];

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: UserRole;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessPolicy;
  }
  interface FastifyInstance {
    config: AppConfig;
    dbHandle: DatabaseHandle;
    db: Database;
    auth: Auth;
    /** Signed-in requests' sessions and roles, invalidated on every instance by NOTIFY (decision 121). */
    sessionCache: SessionCache;
    mailer: Mailer;
    outbox: OutboxWorker;
    /** The durable scheduler: features register their timers' actions on it (jobs/scheduler.ts). */
    jobs: JobRunner;
    storage: Storage;
    /** Money (decision 170): the configured payment provider. */
    payments: { provider: PaymentProvider };
    /** Free disk and refused writes, for /api/health (features/health/resources.ts). */
    resources: ResourceWatch;
    /** Encrypts bank account numbers at rest (features/payments/account-cipher.ts, decision 174). */
    accountCipher: AccountCipher;
    /**
     * Answers with a page of the web app (plugins/web.ts), rendered with a form the browser posted natively when
     * given one (decision 105).
     */
    sendPage: (request: FastifyRequest, reply: FastifyReply, status: number, posted?: PostedForm) => Promise<FastifyReply>;
    /** Every /api route with its declared access policy (for the authorization matrix). */
    routeCatalog: ReadonlyArray<{ method: string; url: string; access: AccessPolicy }>;
  }
  interface FastifyRequest {
    /** The caller's session and role, resolved once per request; null when signed out. */
    resolveAuth: () => Promise<AuthContext | null>;
    /** The caller, guaranteed by the route's access policy (throws 401/403 otherwise). */
    requireAuth: () => Promise<AuthContext>;
  }
}
