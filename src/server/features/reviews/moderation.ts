import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '../../../domain/admin-schemas';
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

type Decision = 'hide' | 'restore';

/**
 * What an admin decides on: the review itself, or only the reply under it. Each names its checks (a 409 for deciding
 * what is already so), the columns a decision sets, the status it closes open reports with, its audit actions, and who
 * is told.
 */
interface ModerationTarget {
  /** Throws the conflict that refuses this decision on this review, if any. */
  refuse: (review: ReviewRow, decision: Decision) => void;
  set: (decision: Decision, now: Date, reason: string) => Partial<ReviewRow>;
  closesReportsAs: 'hidden' | 'reply_hidden';
  actions: Record<Decision, AuditAction>;
  tell: (app: FastifyInstance, tx: DbExecutor, review: ReviewRow, decision: Decision, reason: string) => Promise<void>;
}

const REVIEW_TARGET: ModerationTarget = {
  refuse: (review, decision) => {
    if (decision === 'hide' && review.hiddenAt) throw conflict('This review is already hidden.');
    if (decision === 'restore' && !review.hiddenAt) throw conflict('This review is not hidden.');
  },
  set: (decision, now, reason) => (decision === 'hide' ? { hiddenAt: now, hiddenReason: reason } : { hiddenAt: null, hiddenReason: null }),
  closesReportsAs: 'hidden',
  actions: { hide: 'review.hide', restore: 'review.restore' },
  tell: tellAuthor,
};

const REPLY_TARGET: ModerationTarget = {
  refuse: (review, decision) => {
    if (review.replyBody === null) throw conflict('This review has no reply.');
    if (decision === 'hide' && review.hiddenAt) throw conflict('This review is hidden, and its reply with it.');
    if (decision === 'hide' && review.replyHiddenAt) throw conflict('This reply is already hidden.');
    if (decision === 'restore' && !review.replyHiddenAt) throw conflict('This reply is not hidden.');
  },
  set: (decision, now, reason) =>
    decision === 'hide' ? { replyHiddenAt: now, replyHiddenReason: reason } : { replyHiddenAt: null, replyHiddenReason: null },
  closesReportsAs: 'reply_hidden',
  actions: { hide: 'review.hide_reply', restore: 'review.restore_reply' },
  tell: tellReplier,
};

/** One decision on a published review, locked, audited and told in one transaction; hiding closes its open reports. */
const moderate = async (app: FastifyInstance, auth: AuthContext, reviewId: string, decision: Decision, reason: string, target: ModerationTarget) => {
  await app.db.transaction(async (tx) => {
    const [review] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.id, reviewId), isNotNull(reviews.publishedAt)))
      .for('update');
    if (!review) throw notFound(REVIEW_MESSAGES.reviewNotFound);
    target.refuse(review, decision);
    const now = new Date();
    await tx.update(reviews).set(target.set(decision, now, reason)).where(eq(reviews.id, reviewId));
    if (decision === 'hide') {
      await tx
        .update(reviewReports)
        .set({ status: target.closesReportsAs, resolvedAt: now })
        .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.status, 'open')));
    }
    await recordAudit(tx, auth, {
      action: target.actions[decision],
      targetType: 'review',
      targetId: reviewId,
      reason: reason || null,
      metadata: { name: await auditName(tx, review), subjectId: review.subjectId, projectId: review.projectId },
    });
    await target.tell(app, tx, review, decision, reason);
  });
};

/**
 * Hides a published review ('Hidden by Humanmade'; it leaves the averages through the reviews trigger) or restores
 * it; hiding closes its open reports. Audited in the same transaction. Deciding what is already so is a 409.
 */
export const moderateReview = (app: FastifyInstance, auth: AuthContext, reviewId: string, decision: Decision, reason: string) =>
  moderate(app, auth, reviewId, decision, reason, REVIEW_TARGET);

/**
 * Hides the reviewed person's reply to a published review ('Reply hidden by Humanmade') or restores it, leaving the
 * review and its averages as they are: an abusive reply is not the review author's doing. Hiding closes the review's
 * open reports as 'reply_hidden'. Audited, and the replier told, in the same transaction. A review with no reply, or
 * hidden itself (its reply is withheld with it), is a 409; so is deciding what is already so.
 */
export const moderateReply = (app: FastifyInstance, auth: AuthContext, reviewId: string, decision: Decision, reason: string) =>
  moderate(app, auth, reviewId, decision, reason, REPLY_TARGET);

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
