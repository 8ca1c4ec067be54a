import { and, asc, eq, inArray, isNull, like, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbExecutor, Transaction } from '../db/client';
import { jobs } from '../db/schema';
import { createPollLoop } from './poll-loop';

/**
 * The durable scheduler (decision 150). A timer is a row in `jobs`, written in the transaction of the event that
 * sets it, so it exists exactly when the event committed. A runner fires a due timer inside one transaction that
 * locks the row (`FOR UPDATE SKIP LOCKED`), runs the action and marks it done: another instance skips the locked
 * row and then sees it done, and a process that dies mid-action rolls the whole thing back for the next runner.
 * Each timer therefore fires once, whatever the number of instances or restarts.
 *
 * The email outbox shares the table (decision 198). An email's action is a network call, which must not hold a
 * transaction open, so its rows are claimed with a lease instead (`claimLeased`): the claim commits at once and
 * sets `locked_until`, the send runs outside, and `finishLeased` or `retryLeased` records the outcome. A runner that
 * dies mid-send leaves the lease to run out, and the row is claimed again.
 */

export type JobRow = typeof jobs.$inferSelect;

export interface JobContext {
  tx: Transaction;
  job: JobRow;
  /** The time the runner fires at: tests move it instead of waiting. */
  now: Date;
}

/** An action run when its timer is due. It should check that what it acts on is still as it was, and else do nothing. */
export type JobHandler = (context: JobContext) => Promise<void>;

export interface ScheduleInput {
  kind: string;
  /** Names this occurrence; a second schedule with the same key keeps the first. */
  key: string;
  runAt: Date;
  payload?: Record<string, unknown>;
}

/** Sets a timer in the caller's transaction. */
export const scheduleJob = async (executor: DbExecutor, input: ScheduleInput): Promise<void> => {
  await executor
    .insert(jobs)
    .values({ kind: input.kind, key: input.key, runAt: input.runAt, payload: input.payload ?? {} })
    .onConflictDoNothing({ target: jobs.key });
};

/**
 * Cancels the pending timers whose key starts with `prefix`, in the caller's transaction. A timer firing at this
 * moment is skipped: its runner holds the row (fireOne) and its action is about to take the lock the caller holds
 * (a project's row), so waiting for it would deadlock (decision 193). Its action then finds that what it was set for
 * has changed and does nothing, as every action must check.
 */
export const cancelJobs = async (executor: DbExecutor, prefix: string): Promise<void> => {
  const open = executor
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), like(jobs.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    .for('update', { skipLocked: true });
  await executor.update(jobs).set({ status: 'cancelled', doneAt: new Date() }).where(inArray(jobs.id, open));
};

export interface LeaseOptions {
  kind: string;
  limit: number;
  leaseSeconds: number;
}

/**
 * Claims up to `limit` due jobs of a kind whose action runs outside a transaction, leasing them for `leaseSeconds`.
 * Times are the database's, so every instance reads the same lease whatever its own clock says.
 */
export const claimLeased = (db: Database, { kind, limit, leaseSeconds }: LeaseOptions): Promise<JobRow[]> =>
  db.transaction(async (tx) => {
    const now = sql`now()`;
    const due = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.status, 'pending'), lte(jobs.runAt, now), or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now))))
      .orderBy(asc(jobs.runAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(jobs)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
      .where(inArray(jobs.id, due.map((row) => row.id)))
      .returning();
  });

/** Records that a leased job's action succeeded. */
export const finishLeased = async (db: DbExecutor, job: JobRow): Promise<void> => {
  await db
    .update(jobs)
    .set({ status: 'done', doneAt: sql`now()`, attempts: job.attempts + 1, lockedUntil: null, lastError: null })
    .where(eq(jobs.id, job.id));
};

/**
 * Records that a leased job's action failed: it is due again at `retryAt`, or `failed` for good once it has had
 * `maxAttempts`. Without `countAttempt` (an action that was not tried, such as an email with nowhere to go) the
 * attempts stay as they were.
 */
export const retryLeased = async (
  db: DbExecutor,
  job: JobRow,
  outcome: { retryAt: Date; error?: string; maxAttempts: number; countAttempt?: boolean },
): Promise<'pending' | 'failed'> => {
  const attempts = outcome.countAttempt === false ? job.attempts : job.attempts + 1;
  const status = attempts >= outcome.maxAttempts ? 'failed' : 'pending';
  await db
    .update(jobs)
    .set({ status, attempts, lastError: outcome.error?.slice(0, 500) ?? job.lastError, lockedUntil: null, runAt: outcome.retryAt })
    .where(eq(jobs.id, job.id));
  return status;
};

export const MAX_JOB_ATTEMPTS = 8;
/** A failed action is tried again after 30 s, 1 min, 2 min … capped at one hour. */
const retryDelayMs = (attempts: number): number => Math.min(30_000 * 2 ** Math.max(attempts - 1, 0), 60 * 60 * 1000);

export interface JobRunnerOptions {
  db: Database;
  logger: FastifyBaseLogger;
  pollMs?: number;
}

export const createJobRunner = (options: JobRunnerOptions) => {
  const { db, logger } = options;
  const pollMs = options.pollMs ?? 5000;
  const handlers = new Map<string, JobHandler>();

  /** Fires one due timer, if there is one; true when it fired (or failed), false when none was due. */
  const fireOne = async (now: Date): Promise<boolean> => {
    let claimed: JobRow | null = null;
    try {
      return await db.transaction(async (tx) => {
        const [job] = await tx
          .select()
          .from(jobs)
          .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, now), inArray(jobs.kind, [...handlers.keys()])))
          .orderBy(asc(jobs.runAt))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!job) return false;
        claimed = job;
        await handlers.get(job.kind)!({ tx, job, now });
        await tx.update(jobs).set({ status: 'done', doneAt: now, attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
        return true;
      });
    } catch (error) {
      const job = claimed as JobRow | null;
      if (!job) throw error;
      const attempts = job.attempts + 1;
      const failed = attempts >= MAX_JOB_ATTEMPTS;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ jobId: job.id, kind: job.kind, attempts, err: message }, failed ? 'scheduled job failed permanently' : 'scheduled job failed, will retry');
      await db
        .update(jobs)
        .set({
          status: failed ? 'failed' : 'pending',
          attempts,
          lastError: message.slice(0, 500),
          runAt: new Date(now.getTime() + retryDelayMs(attempts)),
        })
        .where(and(eq(jobs.id, job.id), eq(jobs.status, 'pending')));
      return true;
    }
  };

  /** Fires every timer due at `now`, one transaction each; returns how many it handled. */
  const runDue = async (now: Date = new Date()): Promise<number> => {
    if (handlers.size === 0) return 0;
    let count = 0;
    // A bound, so one tick cannot run forever while new timers keep falling due.
    while (count < 500 && (await fireOne(now))) count += 1;
    return count;
  };

  const loop = createPollLoop(runDue, { pollMs, logger, failure: 'scheduler tick failed', defaults: (): [Date] => [new Date()] });

  return {
    /** Registers the action for a kind of timer; a feature does this when it is registered. */
    handle: (kind: string, handler: JobHandler) => {
      handlers.set(kind, handler);
    },
    /** Fires what is due at `now` (default: the real time). Tests pass a later time instead of sleeping. */
    runDue: (now?: Date) => loop.run(now ?? new Date()),
    start: loop.start,
    stop: loop.stop,
    /** Pending timers, for tests and health. */
    pending: async (kind?: string) =>
      db
        .select()
        .from(jobs)
        .where(and(eq(jobs.status, 'pending'), kind ? eq(jobs.kind, kind) : sql`true`))
        .orderBy(asc(jobs.runAt)),
  };
};

export type JobRunner = ReturnType<typeof createJobRunner>;
