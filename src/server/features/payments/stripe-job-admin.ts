import { and, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { STRIPE_JOB_MESSAGES, type StripeJobKind, type StripeJobView } from '../../../domain/payment-schemas';
import type { DbExecutor } from '../../db/client';
import { jobs, payments } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { JobRow } from '../../jobs/scheduler';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { findContacts } from '../projects/creators';
import { JOB_STRIPE_REFUND, JOB_STRIPE_TRANSFER, refundPayload, transferPayload } from './stripe-jobs';

/**
 * The admin's view of Stripe jobs whose attempts ran out (decision 171): a transfer or refund that stays `failed` in
 * `jobs` until someone acts. Retrying sets it pending and due now; the job's own idempotency key (and, for a
 * transfer, its look-up by transfer group on any attempt after the first) keeps a retry from moving money twice.
 */

const KIND_OF: Record<string, StripeJobKind> = { [JOB_STRIPE_TRANSFER]: 'transfer', [JOB_STRIPE_REFUND]: 'refund' };
const STRIPE_JOBS = [JOB_STRIPE_TRANSFER, JOB_STRIPE_REFUND];
const LIST_LIMIT = 200;

/** What a job's payload says it moves: how much, for whom, and the payment it concerns. */
const moneyOf = (job: JobRow) => {
  if (job.kind === JOB_STRIPE_TRANSFER) {
    const payload = transferPayload.safeParse(job.payload);
    return payload.success ? { amountCents: payload.data.amountCents, paymentId: payload.data.paymentId, creatorId: payload.data.creatorId } : null;
  }
  const payload = refundPayload.safeParse(job.payload);
  return payload.success ? { amountCents: payload.data.amountCents, paymentId: payload.data.paymentId, creatorId: null } : null;
};

const toViews = async (db: DbExecutor, rows: JobRow[]): Promise<StripeJobView[]> => {
  const money = new Map(rows.map((job) => [job.id, moneyOf(job)]));
  const paymentIds = [...new Set([...money.values()].flatMap((entry) => (entry ? [entry.paymentId] : [])))];
  const paymentRows = paymentIds.length ? await db.select().from(payments).where(inArray(payments.id, paymentIds)) : [];
  const paymentById = new Map(paymentRows.map((row) => [row.id, row]));
  const creatorIds = [...new Set([...money.values()].flatMap((entry) => (entry?.creatorId ? [entry.creatorId] : [])))];
  const creators = await findContacts(db, creatorIds);
  return rows.map((job) => {
    const entry = money.get(job.id);
    const payment = entry ? paymentById.get(entry.paymentId) : undefined;
    const kind = KIND_OF[job.kind];
    const creator = entry?.creatorId ? creators.get(entry.creatorId) : undefined;
    const recipient =
      kind === 'transfer'
        ? { role: 'creator' as const, id: entry?.creatorId ?? null, name: creator?.name ?? payment?.creatorName ?? 'Former member', email: creator?.email ?? '' }
        : { role: 'client' as const, id: payment?.clientId ?? null, name: payment?.clientName ?? 'Former member', email: payment?.clientEmail ?? '' };
    return {
      id: job.id,
      kind,
      status: job.status,
      amountCents: entry?.amountCents ?? 0,
      recipient,
      projectId: payment?.projectId ?? null,
      projectTitle: payment?.projectTitle ?? null,
      milestoneTitle: payment ? `Milestone ${payment.milestonePosition}: ${payment.milestoneTitle}` : null,
      invoiceNumber: payment?.invoiceNumber ?? null,
      attempts: job.attempts,
      lastError: job.lastError,
      createdAt: job.createdAt.toISOString(),
    };
  });
};

/** Transfers and refunds whose attempts ran out, the most recent first. */
export const listFailedStripeJobs = async (app: FastifyInstance): Promise<StripeJobView[]> => {
  const rows = await app.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'failed'), inArray(jobs.kind, STRIPE_JOBS)))
    .orderBy(desc(jobs.runAt), desc(jobs.id))
    .limit(LIST_LIMIT);
  return toViews(app.db, rows);
};

/**
 * Sets a failed transfer or refund pending and due now, in a new round (a new idempotency key: Stripe would replay
 * its saved refusal under the old one), audited. Its attempts are kept, so the job looks for the transfer or refund it
 * may already have made before it makes one, and a retry that fails again returns to the list at once.
 */
export const retryStripeJob = async (app: FastifyInstance, auth: AuthContext, jobId: string): Promise<StripeJobView> =>
  app.db.transaction(async (tx) => {
    const [job] = await tx
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, jobId), inArray(jobs.kind, STRIPE_JOBS)))
      .for('update');
    if (!job) throw notFound(STRIPE_JOB_MESSAGES.notFound);
    if (job.status !== 'failed') throw conflict(STRIPE_JOB_MESSAGES.notFailed);
    // A new round, so the job asks Stripe under a new idempotency key (stripe-jobs.ts `keysOf`).
    const round = typeof job.payload.round === 'number' ? job.payload.round + 1 : 1;
    const [pending] = await tx
      .update(jobs)
      .set({ status: 'pending', runAt: new Date(), doneAt: null, payload: { ...job.payload, round } })
      .where(eq(jobs.id, job.id))
      .returning();
    const [view] = await toViews(tx, [pending]);
    await recordAudit(tx, auth, {
      action: 'stripe_job.retried',
      targetType: 'job',
      targetId: job.id,
      metadata: {
        kind: view.kind,
        amountCents: view.amountCents,
        recipientId: view.recipient.id,
        projectId: view.projectId,
        invoiceNumber: view.invoiceNumber,
        attempts: job.attempts,
        round,
        lastError: job.lastError,
      },
    });
    return view;
  });
