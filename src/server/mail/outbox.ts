import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor, Database } from '../db/client';
import { EMAIL_KIND_LABELS, emailKindOf } from '../../domain/notification-schemas';
import { readEmailOff, unsubscribeToken } from '../features/notifications/settings';
import { jobs, user } from '../db/schema';
import type { EmailMessage } from './templates';
import type { MailTransport } from './transport';
import { createPollLoop } from '../jobs/poll-loop';
import { claimLeased, finishLeased, retryLeased, type JobRow } from '../jobs/scheduler';

/** The outbox's rows are jobs of this kind (decision 198); the `email_outbox` view reads them. */
export const EMAIL_JOB = 'email';

/** What an email job carries: the message as it will be sent, with its List-Unsubscribe address if it has one. */
export type EmailPayload = Omit<EmailMessage, 'isTransactional'> & { listUnsubscribe?: string };

/** Deletes every email to an address (the account's deletion), pending or sent, in the caller's transaction. */
export const deleteEmailsTo = async (executor: DbExecutor, address: string): Promise<void> => {
  await executor.delete(jobs).where(and(eq(jobs.kind, EMAIL_JOB), sql`lower(${jobs.payload}->>'to') = lower(${address})`));
};

const payloadOf = (job: JobRow): EmailPayload => job.payload as unknown as EmailPayload;

export const MAX_ATTEMPTS = 8;
const LOCK_SECONDS = 60;

/** Exponential backoff: 5 s, 10 s, 20 s … capped at 15 minutes. */
export const backoffSeconds = (attempts: number): number => Math.min(5 * 2 ** Math.max(attempts - 1, 0), 15 * 60);

export interface Mailer {
  /**
   * Writes the email to the outbox. Pass the caller's transaction so the email commits with the action. An email of
   * a kind its recipient turned off is not written (null); the others of a kind carry its unsubscribe link. A
   * transactional email (`isTransactional`) is always written, without one.
   */
  enqueue: (message: EmailMessage, executor?: DbExecutor) => Promise<string | null>;
}

export interface UnsubscribeLinks {
  secret: string;
  publicUrl: string;
}

/** The footer that lets a person turn this kind of email off, in the text and before the end of the HTML. */
const withUnsubscribe = (message: EmailMessage, pageUrl: string, label: string): EmailMessage => ({
  ...message,
  text: `${message.text}\nYou can stop emails about ${label} here: ${pageUrl}\n`,
  html: message.html?.replace(
    '</body>',
    `<p style="font-size:13px;color:#6B6459;margin-top:32px">You can <a href="${pageUrl.replace(/&/g, '&amp;')}" style="color:#6B6459">stop emails about ${label}</a>.</p></body>`,
  ),
});

export const createMailer = (db: Database, onEnqueued?: () => void, links?: UnsubscribeLinks): Mailer => ({
  enqueue: async (message, executor = db) => {
    let email = message;
    let listUnsubscribe: string | null = null;
    const kind = message.isTransactional ? null : emailKindOf(message.type);
    const [recipient] = kind ? await executor.select({ id: user.id }).from(user).where(eq(user.email, message.to.toLowerCase())) : [];
    if (kind && recipient) {
      if ((await readEmailOff(executor, recipient.id)).includes(kind)) return null;
      if (links) {
        const query = new URLSearchParams({ u: recipient.id, k: kind, t: unsubscribeToken(links.secret, recipient.id, kind) }).toString();
        listUnsubscribe = `${links.publicUrl}/api/notifications/unsubscribe?${query}`;
        email = withUnsubscribe(message, `${links.publicUrl}/unsubscribe?${query}`, EMAIL_KIND_LABELS[kind].label.toLowerCase());
      }
    }
    const id = randomUUID();
    // The jobs table's jsonb column makes every string well-formed (db/well-formed.ts).
    const payload: EmailPayload = {
      type: email.type,
      to: email.to,
      subject: email.subject,
      text: email.text,
      ...(email.html ? { html: email.html } : {}),
      ...(email.replyTo ? { replyTo: email.replyTo } : {}),
      ...(listUnsubscribe ? { listUnsubscribe } : {}),
    };
    await executor.insert(jobs).values({ id, kind: EMAIL_JOB, key: `${EMAIL_JOB}:${id}`, payload: { ...payload }, runAt: sql`now()` });
    onEnqueued?.();
    return id;
  },
});

export interface OutboxWorkerOptions {
  db: Database;
  transport: MailTransport | null;
  from: string;
  logger: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
  /**
   * Without a transport, write each email's text to the log so development needs no mail server. Off in production:
   * the text holds verification and reset links, which are as good as a password to whoever reads the log.
   */
  logBodies?: boolean;
}

/**
 * Delivers the outbox's emails, which are jobs of kind `email` (decision 198). They are claimed with a lease
 * (`locked_until`) using SKIP LOCKED, so several app instances can run workers side by side without sending an email
 * twice.
 */
export const createOutboxWorker = (options: OutboxWorkerOptions) => {
  const { db, transport, from, logger, logBodies = true } = options;
  const pollMs = options.pollMs ?? 2000;
  const batchSize = options.batchSize ?? 20;

  const deliverDue = async (): Promise<number> => {
    const batch = await claimLeased(db, { kind: EMAIL_JOB, limit: batchSize, leaseSeconds: LOCK_SECONDS });
    let sent = 0;
    for (const job of batch) {
      const email = payloadOf(job);
      if (!transport) {
        // Without SMTP the email stays in the outbox; in development its text also goes to the log.
        if (logBodies) logger.info({ emailId: job.id, to: email.to, subject: email.subject, body: email.text }, 'email (no SMTP_URL configured)');
        else logger.warn({ emailId: job.id, subject: email.subject }, 'email kept in the outbox, not sent: no SMTP_URL configured');
        await retryLeased(db, job, { retryAt: new Date('9999-01-01'), maxAttempts: MAX_ATTEMPTS, countAttempt: false });
        continue;
      }
      try {
        await transport.send({
          from,
          to: email.to,
          subject: email.subject,
          text: email.text,
          html: email.html,
          replyTo: email.replyTo,
          ...(email.listUnsubscribe ? { headers: { 'List-Unsubscribe': `<${email.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
          // A stable Message-ID lets receivers drop a duplicate if a send is retried after a lost reply.
          messageId: `<${job.id}@outbox.humanmade>`,
        });
        await finishLeased(db, job);
        sent += 1;
      } catch (error) {
        const attempts = job.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        const status = await retryLeased(db, job, {
          retryAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
          error: message,
          maxAttempts: MAX_ATTEMPTS,
        });
        logger.warn({ emailId: job.id, attempts, err: message }, status === 'failed' ? 'email failed permanently' : 'email send failed, will retry');
      }
    }
    return sent;
  };

  const loop = createPollLoop(deliverDue, { pollMs, logger, failure: 'outbox worker tick failed', defaults: (): [] => [] });

  return {
    /** Delivers everything due now; used by tests and to react quickly after an enqueue. */
    runOnce: () => loop.run(),
    /** Delivers soon after an enqueue, while the worker is started; a stopped worker stays stopped. */
    wake: () => loop.wake(50),
    start: loop.start,
    stop: loop.stop,
    /** Counts rows still waiting, for health and tests. */
    pendingCount: async () => {
      const [row] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(eq(jobs.kind, EMAIL_JOB), eq(jobs.status, 'pending')));
      return row.count;
    },
  };
};

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
