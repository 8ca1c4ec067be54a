import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AdminReviewReport } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import type { DbExecutor } from '../../db/client';
import { profiles, reviewReports, reviews } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { tellAuthor, tellReplier } from './tell';

const LIST_LIMIT = 50;

type ReviewRow = typeof reviews.$inferSelect;

const toAdminReview = (review: ReviewRow, names: Map<string, string>): AdminReviewReport['review'] => ({
  id: review.id,
  rating: review.rating,
  body: review.body,
  authorName: names.get(review.authorId) ?? 'Someone',
  subjectName: names.get(review.subjectId) ?? 'Someone',
  subjectId: review.subjectId,
  isHidden: review.hiddenAt !== null,
  hiddenReason: review.hiddenReason,
  reply: review.replyBody,
  isReplyHidden: review.replyHiddenAt !== null,
  replyHiddenReason: review.replyHiddenReason,
});

const namesFor = async (db: DbExecutor, ids: (string | null)[]) => {
  const wanted = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = await db.select({ id: profiles.id, name: profiles.name }).from(profiles).where(inArray(profiles.id, wanted));
  return new Map(rows.map((row) => [row.id, row.name]));
};

/** Open review reports, oldest first, and the reviews now hidden (newest first), which an admin may restore. */
export const listReviewModeration = async (app: FastifyInstance) => {
  const open = await app.db
    .select({ report: reviewReports, review: reviews })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(eq(reviewReports.status, 'open'))
    .orderBy(asc(reviewReports.createdAt))
    .limit(LIST_LIMIT);
  // A review hidden, or only its reply: either may be restored. Newest decision first.
  const hidden = await app.db
    .select()
    .from(reviews)
    .where(or(isNotNull(reviews.hiddenAt), isNotNull(reviews.replyHiddenAt)))
    .orderBy(desc(sql`greatest(${reviews.hiddenAt}, ${reviews.replyHiddenAt})`))
    .limit(LIST_LIMIT);
  const names = await namesFor(app.db, [
    ...open.flatMap(({ report, review }) => [report.reporterId, review.authorId, review.subjectId]),
    ...hidden.flatMap((review) => [review.authorId, review.subjectId]),
  ]);
  return {
    reports: open.map(({ report, review }) => ({
      id: report.id,
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
      reporter: { id: report.reporterId, name: (report.reporterId && names.get(report.reporterId)) || 'Someone' },
      review: toAdminReview(review, names),
    })),
    hidden: hidden.map((review) => toAdminReview(review, names)),
  };
};

/**
 * What the audit log names a review by, as it was at the time: "Cleo Client about Mara Maker" (the log showed a bare
 * 'review', and its author and subject may later be deleted).
 */
const auditName = async (tx: DbExecutor, review: Pick<ReviewRow, 'authorId' | 'subjectId'>): Promise<string> => {
  const names = await namesFor(tx, [review.authorId, review.subjectId]);
  return `${names.get(review.authorId) ?? 'Someone'} about ${names.get(review.subjectId) ?? 'someone'}`;
};

/**
 * Hides a published review ('Hidden by Humanmade'; it leaves the averages through the reviews trigger) or restores
 * it; hiding closes its open reports. Audited in the same transaction. Deciding what is already so is a 409.
 */
export const moderateReview = async (app: FastifyInstance, auth: AuthContext, reviewId: string, decision: 'hide' | 'restore', reason: string) => {
  await app.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt)))
      .for('update');
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    const now = new Date();
    if (decision === 'hide') {
      if (review.hiddenAt) throw conflict('This review is already hidden.');
      await tx.update(reviews).set({ hiddenAt: now, hiddenReason: reason }).where(eq(reviews.id, reviewId));
      await tx
        .update(reviewReports)
        .set({ status: 'hidden', resolvedAt: now })
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')));
    } else {
      if (!review.hiddenAt) throw conflict('This review is not hidden.');
      await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, reviewId));
    }
    await recordAudit(tx, auth, {
      action: decision === 'hide' ? 'review.hide' : 'review.restore',
      targetType: 'review',
      targetId: reviewId,
      reason: reason || null,
      metadata: { name: await auditName(tx, review), subjectId: review.subjectId, projectId: review.projectId },
    });
    await tellAuthor(app, tx, review, decision, reason);
  });
};

/**
 * Hides the reviewed person's reply to a published review ('Reply hidden by Humanmade') or restores it, leaving the
 * review and its averages as they are: an abusive reply is not the review author's doing. Hiding closes the review's
 * open reports as 'reply_hidden'. Audited, and the replier told, in the same transaction. A review with no reply, or
 * hidden itself (its reply is withheld with it), is a 409; so is deciding what is already so.
 */
export const moderateReply = async (app: FastifyInstance, auth: AuthContext, reviewId: string, decision: 'hide' | 'restore', reason: string) => {
  await app.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt)))
      .for('update');
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    if (review.replyBody === null) throw conflict('This review has no reply.');
    const now = new Date();
    if (decision === 'hide') {
      if (review.hiddenAt) throw conflict('This review is hidden, and its reply with it.');
      if (review.replyHiddenAt) throw conflict('This reply is already hidden.');
      await tx.update(reviews).set({ replyHiddenAt: now, replyHiddenReason: reason }).where(eq(reviews.id, reviewId));
      await tx
        .update(reviewReports)
        .set({ status: 'reply_hidden', resolvedAt: now })
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')));
    } else {
      if (!review.replyHiddenAt) throw conflict('This reply is not hidden.');
      await tx.update(reviews).set({ replyHiddenAt: null, replyHiddenReason: null }).where(eq(reviews.id, reviewId));
    }
    await recordAudit(tx, auth, {
      action: decision === 'hide' ? 'review.hide_reply' : 'review.restore_reply',
      targetType: 'review',
      targetId: reviewId,
      reason: reason || null,
      metadata: { name: await auditName(tx, review), subjectId: review.subjectId, projectId: review.projectId },
    });
    await tellReplier(app, tx, review, decision, reason);
  });
};

/** Closes a review report without hiding the review (audited). */
export const dismissReviewReport = async (app: FastifyInstance, auth: AuthContext, reportId: string, reason: string) => {
  await app.db.transaction(async (tx) => {
    const [report] = await tx.select().from(reviewReports).where(eq(reviewReports.id, reportId)).for('update');
    if (!report) throw notFound('Report not found');
    if (report.status !== 'open') throw conflict('This report was already resolved.');
    await tx.update(reviewReports).set({ status: 'dismissed', resolvedAt: new Date() }).where(and(eq(reviewReports.id, reportId), isNull(reviewReports.resolvedAt)));
    const [review] = await tx.select({ authorId: reviews.authorId, subjectId: reviews.subjectId }).from(reviews).where(eq(reviews.id, report.reviewId));
    const metadata = { reportId, ...(review ? { name: await auditName(tx, review) } : {}) };
    await recordAudit(tx, auth, { action: 'review_report.dismiss', targetType: 'review', targetId: report.reviewId, reason: reason || null, metadata });
  });
};
