import { and, desc, eq, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ClientRecord, PublicReview, RatingSummary, ReviewPage } from '../../../domain/review-schemas';
import { displayAverage, REVIEW_LIMITS } from '../../../domain/reviews';
import type { DbExecutor } from '../../db/client';
import { clientProfiles, profiles, projects, reviews, user } from '../../db/schema';
import { badRequest } from '../../http/errors';

export type ReviewRow = typeof reviews.$inferSelect;

/** A creator's figures, as kept on their role profile by the reviews trigger. */
export interface RatingFigures {
  ratingCount: number;
  ratingSum: number;
  communicationSum: number;
  qualitySum: number;
  onTimeSum: number;
  wouldHireCount: number;
}

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

export const ratingSummaryOf = (figures: RatingFigures): RatingSummary => {
  const { ratingCount: n } = figures;
  const average = displayAverage(n, figures.ratingSum);
  return {
    count: n,
    average,
    subRatings:
      average === null
        ? null
        : { communication: oneDecimal(figures.communicationSum / n), quality: oneDecimal(figures.qualitySum / n), onTime: oneDecimal(figures.onTimeSum / n) },
    wouldHireAgainPercent: average === null ? null : Math.round((figures.wouldHireCount / n) * 100),
  };
};

const monthOf = (date: Date) => `${date.toISOString().slice(0, 7)}-01`;

/**
 * What anyone may read of a published review. A hidden one keeps its place, and nothing else: its stars, text,
 * author and reply are left out here, on the server, so no route can leak them.
 */
/** The review's own fields that a public review is made from. */
type PublicReviewFields = Pick<
  ReviewRow,
  'id' | 'direction' | 'rating' | 'communication' | 'quality' | 'onTime' | 'wouldHireAgain' | 'body' | 'publishedAt' | 'hiddenAt' | 'replyBody' | 'repliedAt' | 'replyHiddenAt' | 'createdAt'
>;

interface PublicReviewSource {
  review: PublicReviewFields;
  authorName: string | null;
  deliverableType: PublicReview['deliverableType'];
  completedAt: Date | null;
}

export const toPublicReview = (row: PublicReviewSource): PublicReview => {
  const { review } = row;
  const hidden = review.hiddenAt !== null;
  // A reply an admin hid is withheld here, on the server, as a hidden review is; the review itself stays.
  const isReplyHidden = !hidden && review.replyBody !== null && review.replyHiddenAt !== null;
  const isClientReview = review.direction === 'client_to_creator';
  return {
    id: review.id,
    direction: review.direction,
    isHidden: hidden,
    rating: hidden ? null : review.rating,
    subRatings:
      hidden || !isClientReview ? null : { communication: review.communication ?? 0, quality: review.quality ?? 0, onTime: review.onTime ?? 0 },
    wouldHireAgain: hidden || !isClientReview ? null : review.wouldHireAgain,
    body: hidden ? null : review.body,
    authorName: hidden ? null : row.authorName,
    deliverableType: row.deliverableType,
    projectMonth: monthOf(row.completedAt ?? review.publishedAt ?? review.createdAt),
    publishedAt: (review.publishedAt ?? review.createdAt).toISOString(),
    reply: hidden || isReplyHidden || !review.replyBody || !review.repliedAt ? null : { body: review.replyBody, createdAt: review.repliedAt.toISOString() },
    isReplyHidden,
  };
};

/** The published-review columns with their project, for toPublicReview. */
export const publicReviewColumns = {
  review: reviews,
  authorName: profiles.name,
  deliverableType: projects.deliverableType,
  completedAt: projects.completedAt,
};

const CURSOR = /^(\d{13})_([0-9a-f-]{36})$/;
const encodeCursor = (row: Pick<ReviewRow, 'publishedAt' | 'id'>) => Buffer.from(`${row.publishedAt!.getTime()}_${row.id}`).toString('base64url');
const decodeCursor = (cursor: string) => {
  const match = CURSOR.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) throw badRequest('Invalid cursor', { cursor: 'Invalid cursor' });
  return { publishedAt: new Date(Number(match[1])), id: match[2] };
};

/** A page of published reviews from the rows read, newest first: one row more than a page says another follows. */
const toReviewPage = (rows: PublicReviewSource[]): ReviewPage => {
  const page = rows.slice(0, REVIEW_LIMITS.pageSize);
  const last = page[page.length - 1]?.review;
  return {
    reviews: page.map(toPublicReview),
    nextCursor: rows.length > REVIEW_LIMITS.pageSize && last ? encodeCursor(last) : null,
  };
};

/** Which of a subject's reviews anyone may read, newest first: a review waiting for the other side has no published_at. */
const publishedReviewsOf = (subjectId: string | AnyPgColumn) =>
  and(eq(reviews.subjectId, subjectId), eq(reviews.direction, 'client_to_creator'), isNotNull(reviews.publishedAt));

/**
 * The published reviews of a creator, newest first, a keyset page at a time along reviews_subject_published_idx.
 * Only published rows are ever read here: a review waiting for the other side has no published_at.
 */
export const listCreatorReviews = async (db: DbExecutor, creatorId: string, cursor?: string): Promise<ReviewPage> => {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select(publicReviewColumns)
    .from(reviews)
    .innerJoin(projects, eq(projects.id, reviews.projectId))
    .leftJoin(profiles, eq(profiles.id, reviews.authorId))
    .where(
      and(
        publishedReviewsOf(creatorId),
        after ? or(lt(reviews.publishedAt, after.publishedAt), and(eq(reviews.publishedAt, after.publishedAt), lt(reviews.id, after.id))) : undefined,
      ),
    )
    .orderBy(desc(reviews.publishedAt), desc(reviews.id))
    .limit(REVIEW_LIMITS.pageSize + 1);
  return toReviewPage(rows);
};

/** The ids of a creator's published reviews that `authorId` wrote: how a reader's own reviews are told apart, per reader. */
export const listOwnReviewIds = async (db: DbExecutor, creatorId: string, authorId: string): Promise<string[]> => {
  const rows = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(publishedReviewsOf(creatorId), eq(reviews.authorId, authorId)));
  return rows.map((row) => row.id);
};

/** A review row as `firstReviewPageJson` writes it: its times are ISO text. */
interface ReviewJson extends Omit<PublicReviewFields, 'publishedAt' | 'hiddenAt' | 'repliedAt' | 'replyHiddenAt' | 'createdAt'> {
  publishedAt: string | null;
  hiddenAt: string | null;
  repliedAt: string | null;
  replyHiddenAt: string | null;
  createdAt: string;
  authorName: string | null;
  deliverableType: PublicReview['deliverableType'];
  completedAt: string | null;
}

const dateOrNull = (text: string | null) => (text === null ? null : new Date(text));

/**
 * A creator's first page of published reviews as one JSON value, for a statement that reads a whole studio in one
 * round trip (studio/service.ts). The same rows, order and limit as `listCreatorReviews` without a cursor.
 */
// The author's profile is joined under its own name: the statement that embeds the page reads the creator's.
export const firstReviewPageJson = (creatorId: AnyPgColumn): SQL<ReviewJson[]> => sql`(
  select coalesce(json_agg(json_build_object('id', r.id, 'direction', r.direction, 'rating', r.rating,
      'communication', r.communication, 'quality', r.quality, 'onTime', r.on_time, 'wouldHireAgain', r.would_hire_again,
      'body', r.body, 'publishedAt', r.published_at, 'hiddenAt', r.hidden_at, 'replyBody', r.reply_body,
      'repliedAt', r.replied_at, 'replyHiddenAt', r.reply_hidden_at, 'createdAt', r.created_at, 'authorName', r.author_name,
      'deliverableType', r.deliverable_type, 'completedAt', r.completed_at) order by r.published_at desc, r.id desc), '[]'::json)
  from (
    select ${reviews.id} as id, ${reviews.direction} as direction, ${reviews.rating} as rating, ${reviews.communication} as communication,
      ${reviews.quality} as quality, ${reviews.onTime} as on_time, ${reviews.wouldHireAgain} as would_hire_again, ${reviews.body} as body,
      ${reviews.publishedAt} as published_at, ${reviews.hiddenAt} as hidden_at, ${reviews.replyBody} as reply_body,
      ${reviews.repliedAt} as replied_at, ${reviews.replyHiddenAt} as reply_hidden_at, ${reviews.createdAt} as created_at, review_author.name as author_name,
      ${projects.deliverableType} as deliverable_type, ${projects.completedAt} as completed_at
    from ${reviews}
    inner join ${projects} on ${projects.id} = ${reviews.projectId}
    left join ${profiles} review_author on review_author.id = ${reviews.authorId}
    where ${publishedReviewsOf(creatorId)}
    order by ${reviews.publishedAt} desc, ${reviews.id} desc
    limit ${sql.raw(String(REVIEW_LIMITS.pageSize + 1))}
  ) r)`;

/** The page `firstReviewPageJson` read. */
export const reviewPageFromJson = (rows: ReviewJson[]): ReviewPage =>
  toReviewPage(
    rows.map(({ authorName, deliverableType, completedAt, ...review }) => ({
      review: {
        ...review,
        publishedAt: dateOrNull(review.publishedAt),
        hiddenAt: dateOrNull(review.hiddenAt),
        repliedAt: dateOrNull(review.repliedAt),
        replyHiddenAt: dateOrNull(review.replyHiddenAt),
        createdAt: new Date(review.createdAt),
      },
      authorName,
      deliverableType,
      completedAt: dateOrNull(completedAt),
    })),
  );

/** A client's record for a creator deciding on a draft: projects completed, creators' average rating, member since. */
export const loadClientRecord = async (db: DbExecutor, clientId: string): Promise<ClientRecord | null> => {
  const [person] = await db
    .select({ createdAt: user.createdAt, hasProfile: clientProfiles.id })
    .from(user)
    .innerJoin(clientProfiles, eq(clientProfiles.userId, user.id))
    .where(eq(user.id, clientId));
  if (!person) return null;
  const [completed] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.clientId, clientId), eq(projects.status, 'completed')));
  const [rated] = await db
    .select({ n: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int` })
    .from(reviews)
    .where(
      and(eq(reviews.subjectId, clientId), eq(reviews.direction, 'creator_to_client'), isNotNull(reviews.publishedAt), isNull(reviews.hiddenAt)),
    );
  const count = Number(rated?.n ?? 0);
  return {
    clientId,
    projectsCompleted: Number(completed?.n ?? 0),
    reviewCount: count,
    averageRating: displayAverage(count, Number(rated?.sum ?? 0)),
    memberSince: person.createdAt.toISOString(),
  };
};

/** Whether `viewerId` has a project with the client (any state): who may read a client's record. */
export const hasProjectWith = async (db: DbExecutor, viewerId: string, clientId: string): Promise<boolean> => {
  const [row] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.clientId, clientId), or(eq(projects.makerId, viewerId), eq(projects.mindId, viewerId))))
    .limit(1);
  return row !== undefined;
};
