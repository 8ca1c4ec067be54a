import { and, asc, eq, lte, or, isNull, sql, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor, Database } from '../db/client';
import { EMAIL_KIND_LABELS, emailKindOf } from '../../domain/notification-schemas';
import { readEmailOff, unsubscribeToken } from '../features/notifications/settings';
import { emailOutbox, user } from '../db/schema';
import type { EmailMessage } from './templates';
import type { MailTransport } from './transport';
import { createPollLoop } from '../jobs/poll-loop';

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
    const [row] = await executor
      .insert(emailOutbox)
      .values({
        type: email.type,
        toAddress: email.to,
        subject: email.subject,
        textBody: email.text,
        htmlBody: email.html,
        replyTo: email.replyTo,
        listUnsubscribe,
      })
      .returning({ id: emailOutbox.id });
    onEnqueued?.();
    return row.id;
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
 * Delivers outbox rows. Rows are claimed with a lease (`locked_until`) using SKIP LOCKED, so several
 * app instances can run workers side by side without sending an email twice.
 */
export const createOutboxWorker = (options: OutboxWorkerOptions) => {
  const { db, transport, from, logger, logBodies = true } = options;
  const pollMs = options.pollMs ?? 2000;
  const batchSize = options.batchSize ?? 20;

  // Times are the database's: a row queued this millisecond is due (JavaScript's clock has no microseconds, and
  // another instance's clock may drift), and every instance reads the same lease.
  const now = sql`now()`;
  const claimBatch = async () => {
    const lease = sql`now() + make_interval(secs => ${LOCK_SECONDS})`;
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.status, 'pending'),
            lte(emailOutbox.nextAttemptAt, now),
            or(isNull(emailOutbox.lockedUntil), lte(emailOutbox.lockedUntil, now)),
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(emailOutbox)
        .set({ lockedUntil: lease })
        .where(inArray(emailOutbox.id, due.map((row) => row.id)))
        .returning();
    });
  };

  const deliverDue = async (): Promise<number> => {
    const batch = await claimBatch();
    let sent = 0;
    for (const row of batch) {
      if (!transport) {
        // Without SMTP the email stays in the outbox; in development its text also goes to the log.
        if (logBodies) logger.info({ emailId: row.id, to: row.toAddress, subject: row.subject, body: row.textBody }, 'email (no SMTP_URL configured)');
        else logger.warn({ emailId: row.id, subject: row.subject }, 'email kept in the outbox, not sent: no SMTP_URL configured');
        await db.update(emailOutbox).set({ lockedUntil: null, nextAttemptAt: new Date('9999-01-01') }).where(eq(emailOutbox.id, row.id));
        continue;
      }
      try {
        await transport.send({
          from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          replyTo: row.replyTo ?? undefined,
          ...(row.listUnsubscribe ? { headers: { 'List-Unsubscribe': `<${row.listUnsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } : {}),
          // A stable Message-ID lets receivers drop a duplicate if a send is retried after a lost reply.
          messageId: `<${row.id}@outbox.humanmade>`,
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: row.attempts + 1, lockedUntil: null, lastError: null })
          .where(eq(emailOutbox.id, row.id));
        sent += 1;
      } catch (error) {
        const attempts = row.attempts + 1;
        const failed = attempts >= MAX_ATTEMPTS;
        const message = error instanceof Error ? error.message : String(error);
        logger.warn({ emailId: row.id, attempts, err: message }, failed ? 'email failed permanently' : 'email send failed, will retry');
        await db
          .update(emailOutbox)
          .set({
            status: failed ? 'failed' : 'pending',
            attempts,
            lastError: message.slice(0, 500),
            lockedUntil: null,
            nextAttemptAt: new Date(Date.now() + backoffSeconds(attempts) * 1000),
          })
          .where(eq(emailOutbox.id, row.id));
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
        .from(emailOutbox)
        .where(eq(emailOutbox.status, 'pending'));
      return row.count;
    },
  };
};

export type OutboxWorker = ReturnType<typeof createOutboxWorker>;
