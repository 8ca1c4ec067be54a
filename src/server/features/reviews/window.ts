import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { DAY_MS } from '../../../domain/dates';
import { REVIEW_LIMITS } from '../../../domain/reviews';
import type { DbExecutor, Transaction } from '../../db/client';
import { projects, profiles, reviewWindows, reviews } from '../../db/schema';
import { scheduleJob } from '../../jobs/scheduler';
import type { ProjectRow } from '../projects/views';
import { tellParty } from './tell';

export type ReviewWindowRow = typeof reviewWindows.$inferSelect;

export const CLOSE_JOB = 'reviews.close';
export const REMIND_JOB = 'reviews.remind';

const namesOf = async (db: DbExecutor, ids: string[]): Promise<Map<string, string>> => {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** Each party of the window, with the other's name and the project's title, for telling them something. */
const eachParty = async (db: DbExecutor, window: ReviewWindowRow) => {
  const [project] = await db.select({ title: projects.title }).from(projects).where(eq(projects.id, window.projectId));
  const parties = [window.clientId, window.creatorId].filter((id): id is string => id !== null);
  const names = await namesOf(db, parties);
  return parties.map((userId) => {
    const other = userId === window.clientId ? window.creatorId : window.clientId;
    return {
      userId,
      otherName: (other && names.get(other)) || 'the other person',
      projectId: window.projectId,
      projectTitle: project?.title ?? 'your project',
      closesAt: window.closesAt,
    };
  });
};

/**
 * The review step of a completed project (called from projects/completion.ts, in the completing transaction):
 * opens the window for REVIEW_WINDOW_DAYS, prompts both sides, and sets the reminder (day 10 of 14, and as far into
 * a window of another length) and the publication at the close. Completing twice keeps the first window.
 */
export const openReviewWindow = async (app: FastifyInstance, tx: Transaction, project: ProjectRow, now = new Date()): Promise<void> => {
  const creatorId = project.makerId ?? project.mindId;
  if (!creatorId) return;
  const closesAt = new Date(now.getTime() + app.config.REVIEW_WINDOW_DAYS * DAY_MS);
  const [window] = await tx
    .insert(reviewWindows)
    .values({ projectId: project.id, clientId: project.clientId, creatorId, opensAt: now, closesAt })
    .onConflictDoNothing()
    .returning();
  if (!window) return;
  const payload = { projectId: project.id };
  await scheduleJob(tx, { kind: CLOSE_JOB, key: `${CLOSE_JOB}:${project.id}`, runAt: closesAt, payload });
  const remindAt = new Date(now.getTime() + Math.round(app.config.REVIEW_WINDOW_DAYS * DAY_MS * REVIEW_LIMITS.reminderShareOfWindow));
  await scheduleJob(tx, { kind: REMIND_JOB, key: `${REMIND_JOB}:${project.id}`, runAt: remindAt, payload });
  for (const party of await eachParty(tx, window)) await tellParty(app, tx, 'prompt', party);
};

/**
 * Publishes both reviews of a window together, once: the window row is locked by the caller, and a window already
 * published is left alone. The reviews trigger (migration 0015) then recomputes the creator's figures and moves the
 * listing version in this same transaction.
 */
export const publishWindow = async (app: FastifyInstance, tx: Transaction, window: ReviewWindowRow, now: Date): Promise<void> => {
  const [published] = await tx
    .update(reviewWindows)
    .set({ publishedAt: now })
    .where(and(eq(reviewWindows.projectId, window.projectId), isNull(reviewWindows.publishedAt)))
    .returning();
  if (!published) return;
  const written = await tx.update(reviews).set({ publishedAt: now }).where(eq(reviews.projectId, window.projectId)).returning({ id: reviews.id });
  if (written.length === 0) return;
  for (const party of await eachParty(tx, window)) await tellParty(app, tx, 'published', party);
};

/** Locks a window for a change (writing a review, publishing it), so two writers take turns. */
export const lockWindow = async (tx: Transaction, projectId: string): Promise<ReviewWindowRow | undefined> => {
  const [window] = await tx.select().from(reviewWindows).where(eq(reviewWindows.projectId, projectId)).for('update');
  return window;
};

/** The timers' actions: each checks the window is still unpublished, so a timer overtaken by events does nothing. */
export const registerReviewJobs = (app: FastifyInstance): void => {
  app.jobs.handle(CLOSE_JOB, async ({ tx, job, now }) => {
    const window = await lockWindow(tx, String(job.payload.projectId));
    if (window && !window.publishedAt) await publishWindow(app, tx, window, now);
  });
  app.jobs.handle(REMIND_JOB, async ({ tx, job, now }) => {
    const window = await lockWindow(tx, String(job.payload.projectId));
    if (!window || window.publishedAt || window.closesAt <= now) return;
    const written = await tx.select({ authorId: reviews.authorId }).from(reviews).where(eq(reviews.projectId, window.projectId));
    const done = new Set(written.map((row) => row.authorId));
    for (const party of await eachParty(tx, window)) if (!done.has(party.userId)) await tellParty(app, tx, 'reminder', party);
  });
};

/** How many reviews a window holds, read under its lock. */
export const countWindowReviews = async (tx: DbExecutor, projectId: string): Promise<number> => {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(reviews).where(eq(reviews.projectId, projectId));
  return Number(row?.n ?? 0);
};
