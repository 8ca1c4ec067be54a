import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { clientReviewInputSchema, type ProjectReviewState, type ReviewInput } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import type { DbExecutor } from '../../db/client';
import { profiles, projects, reviewReports, reviews, reviewWindows } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { notifyAdmins, excerpt } from '../notifications/service';
import { PROJECT_NOT_FOUND } from '../projects/access';
import { publicReviewColumns, toPublicReview } from './views';
import { countWindowReviews, lockWindow, publishWindow, type ReviewWindowRow } from './window';
import { tellAuthor } from './tell';

type Side = 'client' | 'creator';

/** The project, if the caller is one of its two parties; anyone else (admins too) gets 404, as if it did not exist. */
const requireParty = async (db: DbExecutor, auth: AuthContext, projectId: string) => {
  const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
  const isParty = project && (project.clientId === auth.userId || project.makerId === auth.userId || project.mindId === auth.userId);
  if (!project || !isParty) throw notFound(PROJECT_NOT_FOUND);
  return project;
};

const sideOf = (window: Pick<ReviewWindowRow, 'clientId' | 'creatorId'>, userId: string): Side | null =>
  window.clientId === userId ? 'client' : window.creatorId === userId ? 'creator' : null;

const directionOf = (side: Side) => (side === 'client' ? 'client_to_creator' : 'creator_to_client');

const fieldsOf = (error: z.ZodError): Record<string, string> => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? 'body')] ??= issue.message;
  return fields;
};

/**
 * The caller's side of a project's reviews. The other side's review is read only once the window is published:
 * before that it is not even selected, so no answer can carry it.
 */
export const getReviewState = async (app: FastifyInstance, auth: AuthContext, projectId: string, now = new Date()): Promise<ProjectReviewState> => {
  const project = await requireParty(app.db, auth, projectId);
  const [window] = await app.db.select().from(reviewWindows).where(eq(reviewWindows.projectId, projectId));
  const side: Side = project.clientId === auth.userId ? 'client' : 'creator';
  const otherId = side === 'client' ? (window?.creatorId ?? project.makerId ?? project.mindId) : (window?.clientId ?? project.clientId);
  const [other] = otherId ? await app.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, otherId)) : [];
  const base = { projectId, side, otherName: other?.name ?? 'A former member', closesAt: window?.closesAt.toISOString() ?? null };
  if (!window) return { ...base, status: 'not_open', mine: null, theirs: null };
  const [mine] = await app.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.projectId, projectId), eq(reviews.authorId, auth.userId)));
  const [theirs] = window.publishedAt
    ? await app.db
        .select(publicReviewColumns)
        .from(reviews)
        .innerJoin(projects, eq(projects.id, reviews.projectId))
        .leftJoin(profiles, eq(profiles.id, reviews.authorId))
        .where(and(eq(reviews.projectId, projectId), eq(reviews.direction, directionOf(side === 'client' ? 'creator' : 'client')), isNotNull(reviews.publishedAt)))
    : [];
  const status = window.publishedAt ? 'published' : window.closesAt <= now ? 'closed' : mine ? 'waiting' : 'open';
  return {
    ...base,
    status,
    mine: mine
      ? {
          rating: mine.rating,
          body: mine.body,
          communication: mine.communication,
          quality: mine.quality,
          onTime: mine.onTime,
          wouldHireAgain: mine.wouldHireAgain,
          publishedAt: mine.publishedAt?.toISOString() ?? null,
          isHidden: mine.hiddenAt !== null,
        }
      : null,
    theirs: theirs ? toPublicReview(theirs) : null,
  };
};

/**
 * Writes or edits the caller's review while the window is open and unpublished. The window row is locked, so of
 * two reviews written at once one sees the other; the second publishes both, in its own transaction.
 */
export const writeReview = async (app: FastifyInstance, auth: AuthContext, projectId: string, input: ReviewInput, now = new Date()): Promise<ProjectReviewState> => {
  await app.db.transaction(async (tx) => {
    await requireParty(tx, auth, projectId);
    const window = await lockWindow(tx, projectId);
    if (!window) throw conflict(REVIEW_MESSAGES.notOpen);
    const side = sideOf(window, auth.userId);
    if (!side) throw notFound(PROJECT_NOT_FOUND);
    const direction = directionOf(side);
    const [existing] = await tx
      .select({ id: reviews.id })
      .from(reviews)
      .where(and(eq(reviews.projectId, projectId), eq(reviews.direction, direction)));
    if (window.publishedAt) throw conflict(existing ? REVIEW_MESSAGES.alreadyPublished : REVIEW_MESSAGES.windowClosed);
    if (window.closesAt <= now) throw conflict(REVIEW_MESSAGES.windowClosed);
    const subjectId = side === 'client' ? window.creatorId : window.clientId;
    if (!subjectId) throw conflict('This account no longer exists, so there is no one to review.');
    let fields: Pick<typeof reviews.$inferInsert, 'rating' | 'body' | 'communication' | 'quality' | 'onTime' | 'wouldHireAgain'> = {
      rating: input.rating,
      body: input.body,
    };
    if (side === 'client') {
      const parsed = clientReviewInputSchema.safeParse(input);
      if (!parsed.success) throw badRequest(Object.values(fieldsOf(parsed.error))[0], fieldsOf(parsed.error));
      const { communication, quality, onTime, wouldHireAgain } = parsed.data;
      fields = { ...fields, communication, quality, onTime, wouldHireAgain };
    }
    await tx
      .insert(reviews)
      .values({ projectId, direction, authorId: auth.userId, subjectId, ...fields })
      .onConflictDoUpdate({ target: [reviews.projectId, reviews.direction], set: { ...fields, updatedAt: now } });
    if ((await countWindowReviews(tx, projectId)) === 2) await publishWindow(app, tx, window, now);
  });
  return readAfterCommit(() => getReviewState(app, auth, projectId, now));
};

/** A published review that is not hidden, for a reply or a report; anything else is 404 to everyone. */
const requirePublishedReview = async (db: DbExecutor, reviewId: string) => {
  const [review] = await db
    .select()
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt)));
  if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return review;
};

/** The reviewed person's one public reply. */
export const replyToReview = async (app: FastifyInstance, auth: AuthContext, reviewId: string, body: string): Promise<void> => {
  const review = await requirePublishedReview(app.db, reviewId);
  if (review.subjectId !== auth.userId) throw forbidden(REVIEW_MESSAGES.notYours);
  if (review.hiddenAt) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  await app.db.transaction(async (tx) => {
    const [replied] = await tx
      .update(reviews)
      .set({ replyBody: body, repliedAt: new Date() })
      .where(and(eq(reviews.id, reviewId), isNull(reviews.replyBody)))
      .returning({ id: reviews.id });
    if (!replied) throw conflict(REVIEW_MESSAGES.replyExists);
    // Its author hears of it, with the reply's words, in the same transaction.
    await tellAuthor(app, tx, review, 'reply', body);
  });
};

/**
 * Anyone signed in reports a published review; reporting it again keeps one report. Its author may not report their
 * own words, but may report the reply under them (the one person a hostile reply is aimed at), while one is shown.
 */
export const reportReview = async (app: FastifyInstance, auth: AuthContext, reviewId: string, reason: string): Promise<void> => {
  const review = await requirePublishedReview(app.db, reviewId);
  if (review.hiddenAt) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  const hasShownReply = review.replyBody !== null && review.replyHiddenAt === null;
  if (review.authorId === auth.userId && !hasShownReply) throw conflict(REVIEW_MESSAGES.cannotReportOwn);
  await app.db.transaction(async (tx) => {
    const [report] = await tx
      .insert(reviewReports)
      .values({ reviewId, reporterId: auth.userId, reason: reason || null })
      .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] })
      .returning({ id: reviewReports.id });
    // As for a reported message: every admin hears of a new report in the notification centre (a report sent again
    // adds nothing), or it waited unseen until someone opened the Reports tab.
    if (!report) return;
    await notifyAdmins(tx, {
      kind: 'review',
      subjectKey: `review-report:${report.id}`,
      title: 'A review was reported',
      body: reason ? `Reason: ${excerpt(reason)}` : `Reported by ${auth.name}`,
      link: '/dashboard-admin?tab=reports',
    });
  });
};
