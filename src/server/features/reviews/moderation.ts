import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AuditAction } from '../../../domain/admin-schemas';
import { ADMIN_REPORT_PAGE_SIZE } from '../../../domain/keyset-cursor';
import type { AdminHiddenReviewList, AdminReviewReport, AdminReviewReportList } from '../../../domain/review-schemas';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import type { DbExecutor } from '../../db/client';
import { decodeMicrosCursor, keysetPage, microsOf, pastCursor } from '../../db/keyset';
import { profiles, reviewReports, reviews } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { tellAuthor, tellReplier } from './tell';

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

/**
 * A page of open review reports, oldest first (then by id, so reports made in the same instant keep one order);
 * `cursor` (the page before's `nextCursor`) continues after it (decision 229).
 */
export const listReviewReports = async (app: FastifyInstance, cursor?: string): Promise<AdminReviewReportList> => {
  const rows = await app.db
    .select({ report: reviewReports, review: reviews, micros: microsOf(reviewReports.createdAt) })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .where(and(eq(reviewReports.status, 'open'), pastCursor(reviewReports.createdAt, reviewReports.id, decodeMicrosCursor(cursor), 'asc')))
    .orderBy(asc(reviewReports.createdAt), asc(reviewReports.id))
    .limit(ADMIN_REPORT_PAGE_SIZE + 1);
  const { rows: page, nextCursor } = keysetPage(rows, ADMIN_REPORT_PAGE_SIZE, ({ report }) => report.id);
  const names = await namesFor(
    app.db,
    page.flatMap(({ report, review }) => [report.reporterId, review.authorId, review.subjectId]),
  );
  return {
    reports: page.map(({ report, review }) => ({
      id: report.id,
      reason: report.reason,
      createdAt: report.createdAt.toISOString(),
      reporter: { id: report.reporterId, name: (report.reporterId && names.get(report.reporterId)) || 'Someone' },
      review: toAdminReview(review, names),
    })),
    nextCursor,
  };
};

/** When the review, or only its reply, was last hidden: what the hidden list is ordered by. */
const lastHiddenAt = sql<Date>`greatest(${reviews.hiddenAt}, ${reviews.replyHiddenAt})`;

/**
 * A page of the reviews now hidden, or whose reply is (either may be restored), newest decision first, then by id;
 * `cursor` continues after the page before (decision 229).
 */
export const listHiddenReviews = async (app: FastifyInstance, cursor?: string): Promise<AdminHiddenReviewList> => {
  const rows = await app.db
    .select({ review: reviews, micros: microsOf(lastHiddenAt) })
    .from(reviews)
    .where(and(or(isNotNull(reviews.hiddenAt), isNotNull(reviews.replyHiddenAt)), pastCursor(lastHiddenAt, reviews.id, decodeMicrosCursor(cursor), 'desc')))
    .orderBy(desc(lastHiddenAt), desc(reviews.id))
    .limit(ADMIN_REPORT_PAGE_SIZE + 1);
  const { rows: page, nextCursor } = keysetPage(rows, ADMIN_REPORT_PAGE_SIZE, ({ review }) => review.id);
  const names = await namesFor(
    app.db,
    page.flatMap(({ review }) => [review.authorId, review.subjectId]),
  );
  return { hidden: page.map(({ review }) => toAdminReview(review, names)), nextCursor };
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
