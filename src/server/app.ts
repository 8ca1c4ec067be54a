import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { createAuth } from './auth/auth';
import { createSessionCache } from './auth/session-cache';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { startUnreadMessageEmails } from './features/conversations/unread-emails';
import { registerFeatures } from './features/registry';
import { buildLoggerOptions } from './logger';
import { createJobRunner } from './jobs/scheduler';
import { createMailer, createOutboxWorker } from './mail/outbox';
import { createSmtpTransport, type MailTransport } from './mail/transport';
import { registerAccess } from './plugins/access';
import { registerAuthPassthrough } from './plugins/auth-routes';
import { registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import multipart from '@fastify/multipart';
import { createStorageDriver, type StorageDriver } from './storage/driver';
import { createStorage } from './storage/storage';
import { createResourceWatch } from './features/health/resources';
import { createPaymentProvider } from './features/payments/provider';
import { loadAccountCipher } from './features/payments/account-cipher';
import { reencryptAccountNumbers } from './features/payments/account-reencrypt';
import { createStripeProvider } from './features/payments/stripe-provider';
import { issueMissingSealCredentials } from './features/seal-credentials/backfill';

export interface BuildAppOptions {
  config: AppConfig;
  /** An already-open database (tests share one); otherwise opened from the config. */
  dbHandle?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the production logger writes (tests capture it); ignored when `logger` is given. */
  logStream?: NodeJS.WritableStream;
  /** Start the background email worker and the scheduler (off in tests, which drive them with `outbox.runOnce()` and `jobs.runDue(at)`). */
  startWorker?: boolean;
  mailTransport?: MailTransport | null;
  storageDriver?: StorageDriver;
  /** The built web app to serve (defaults to dist/web). */
  webRoot?: string;
  /** Render the public pages once at start, so the first visitors meet no cold render (off in tests). */
  warmPages?: boolean;
}

export const buildApp = async (options: BuildAppOptions) => {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? buildLoggerOptions(config.LOG_LEVEL, options.logStream),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const dbHandle =
    options.dbHandle ??
    (await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, 'pglite'),
      pgliteSettings: { shared_buffers: config.PGLITE_SHARED_BUFFERS },
      // A lost connection fails only the request that used it (db/unavailable.ts answers 503); it is logged here.
      onError: (error, source) => app.log.warn({ err: error, source }, 'database connection error'),
    }));
  if (!options.dbHandle) {
    await dbHandle.migrate();
    app.addHook('onClose', async () => dbHandle.close());
  }

  const transport = options.mailTransport !== undefined ? options.mailTransport : config.SMTP_URL ? createSmtpTransport(config.SMTP_URL) : null;
  const outbox = createOutboxWorker({ db: dbHandle.db, transport, from: config.MAIL_FROM, logger: app.log, logBodies: !config.isProduction });
  // Deliver soon after an email is queued instead of waiting for the next poll.
  const mailer = createMailer(
    dbHandle.db,
    () => {
      outbox.wake();
    },
    { secret: config.AUTH_SECRET, publicUrl: config.PUBLIC_URL },
  );

  app.decorate('config', config);
  app.decorate('dbHandle', dbHandle);
  app.decorate('db', dbHandle.db);
  app.decorate('mailer', mailer);
  app.decorate('outbox', outbox);
  const jobs = createJobRunner({ db: dbHandle.db, logger: app.log });
  app.decorate('jobs', jobs);
  app.decorate('auth', createAuth(config, dbHandle.db, mailer, app.log));
  const sessionCache = createSessionCache({
    listen: dbHandle.listen,
    ttlMs: config.SESSION_CACHE_SECONDS * 1000,
    onError: (error) => app.log.warn({ err: error }, 'session cache: the listening connection failed; reading sessions from the database'),
  });
  app.decorate('sessionCache', sessionCache);
  app.addHook('onClose', async () => sessionCache.close());
  app.decorate('payments', { provider: createPaymentProvider(config, { stripe: createStripeProvider }) });
  app.decorate('storage', createStorage(options.storageDriver ?? createStorageDriver(config)));
  app.decorate('accountCipher', loadAccountCipher({ dataDir: config.DATA_DIR, key: config.PAYOUT_DETAILS_KEY, retiredKeys: config.PAYOUT_DETAILS_RETIRED_KEYS }));
  if (!options.dbHandle) {
    // Account numbers stored before encryption, or under a retired key, are (re-)encrypted under the current key.
    const moved = await reencryptAccountNumbers(dbHandle.db, app.accountCipher);
    if (moved > 0) app.log.info({ moved }, 'encrypted stored account numbers under the current key');
  }
  app.decorate('resources', createResourceWatch({ dataDir: config.DATA_DIR, minFreePercent: config.DISK_MIN_FREE_PERCENT, minFreeMb: config.DISK_MIN_FREE_MB }));

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandler(app);
  await registerSecurity(app);
  await registerRateLimit(app);
  registerAccess(app);
  await registerOpenApi(app);
  // Per-use size limits are applied when the file is read (storage/upload-request.ts); this is the ceiling.
  await app.register(multipart, { limits: { fileSize: 21 * 1024 * 1024, files: 1 } });

  registerAuthPassthrough(app);
  await registerFeatures(app);

  await registerWeb(app, options.webRoot, { warmPages: options.warmPages });

  if (options.startWorker) {
    // Seals from before credentials existed get theirs before the first visitor sees a studio (decision 192). A
    // failure leaves those studios without the credential links, as before, and is retried at the next start.
    await issueMissingSealCredentials(app).catch((error: unknown) => app.log.error({ err: error }, 'could not issue missing Seal credentials'));
    outbox.start();
    jobs.start();
    app.addHook('onClose', async () => jobs.stop());
    const stopUnreadEmails = startUnreadMessageEmails(app);
    app.addHook('onClose', async () => stopUnreadEmails());
    app.addHook('onClose', async () => {
      await outbox.stop();
      transport?.close();
    });
  }
  return app;
};

export type App = Awaited<ReturnType<typeof buildApp>>;
