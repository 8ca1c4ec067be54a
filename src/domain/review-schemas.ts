import { z } from 'zod';
import { DELIVERABLE_CATEGORIES } from './constants';
import { MIN_RATING_OPTIONS, REVIEW_DIRECTIONS, REVIEW_LIMITS, visibleLength } from './reviews';

/** Request and response schemas of the reviews API (decision 160); the forms reuse the request schemas. */

export const REVIEW_FIELD_MESSAGES = {
  rating: 'Please choose from 1 to 5 stars',
  communication: 'Please rate communication from 1 to 5',
  quality: 'Please rate quality from 1 to 5',
  onTime: 'Please rate timeliness from 1 to 5',
  wouldHireAgain: "Please say whether you would hire them again",
  bodyShort: `Please write at least ${REVIEW_LIMITS.bodyMin} characters`,
  bodyLong: `Please keep your review under ${REVIEW_LIMITS.bodyMax.toLocaleString('en-US')} characters`,
  replyEmpty: 'Please write your reply',
  replyLong: `Please keep your reply under ${REVIEW_LIMITS.replyMax.toLocaleString('en-US')} characters`,
  reasonLong: `Please keep the reason under ${REVIEW_LIMITS.reportReasonMax.toLocaleString('en-US')} characters`,
  hideReason: 'Please give the reason for hiding this review',
  minRating: 'Please choose 3, 4 or 4.5 stars and up',
} as const;

// A number, or its digits as text (a form's value); anything else (true, [], '') is refused, not coerced into a star.
const stars = (message: string) =>
  z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: message }).int({ error: message }).min(1, { error: message }).max(5, { error: message }),
  );

/** Forms post 'yes' / 'no'; the JSON API takes a boolean. */
const yesNo = z.preprocess(
  (value) => (value === 'yes' || value === 'true' ? true : value === 'no' || value === 'false' ? false : value),
  z.boolean({ error: REVIEW_FIELD_MESSAGES.wouldHireAgain }),
);

// Control characters (but newlines and tabs) are taken out before the length is checked; NUL is left for the API's
// own rule (decision 091), which refuses it with its message.
const isDroppedControl = (char: string) => {
  const code = char.charCodeAt(0);
  return (code < 32 && char !== '\n' && char !== '\t' && char !== '\r') || code === 127;
};
const cleanText = (value: unknown) =>
  typeof value === 'string'
    ? [...value]
        .filter((char) => char === '\u0000' || !isDroppedControl(char))
        .join('')
        .trim()
    : value;

// The minimums count what a reader sees: twelve zero-width spaces are no review, and one is no reply.
const reviewBody = z.preprocess(
  cleanText,
  z
    .string({ error: REVIEW_FIELD_MESSAGES.bodyShort })
    .refine((text) => visibleLength(text) >= REVIEW_LIMITS.bodyMin, { error: REVIEW_FIELD_MESSAGES.bodyShort })
    .max(REVIEW_LIMITS.bodyMax, { error: REVIEW_FIELD_MESSAGES.bodyLong }),
);

/**
 * The listings' minimum rating (the marketplace and the client's Browse tab): 3, 4 or 4.5, from a query string. Text
 * that is no number gets the same message as a number not offered (it got zod's 'expected number, received NaN').
 */
export const minRatingQuerySchema = z.coerce
  .number({ error: REVIEW_FIELD_MESSAGES.minRating })
  .refine((value) => (MIN_RATING_OPTIONS as readonly number[]).includes(value), { error: REVIEW_FIELD_MESSAGES.minRating })
  .optional();

/** A creator's review of a client. */
export const creatorReviewInputSchema = z.object({ rating: stars(REVIEW_FIELD_MESSAGES.rating), body: reviewBody });
export type CreatorReviewInput = z.infer<typeof creatorReviewInputSchema>;

/** A client's review of a creator. */
export const clientReviewInputSchema = creatorReviewInputSchema.extend({
  communication: stars(REVIEW_FIELD_MESSAGES.communication),
  quality: stars(REVIEW_FIELD_MESSAGES.quality),
  onTime: stars(REVIEW_FIELD_MESSAGES.onTime),
  wouldHireAgain: yesNo,
});
export type ClientReviewInput = z.infer<typeof clientReviewInputSchema>;

/**
 * What PUT /api/projects/:id/review accepts: the client's fields are optional here because the route serves both
 * sides; the service checks the client's with clientReviewInputSchema and answers per field.
 */
export const reviewInputSchema = creatorReviewInputSchema.extend({
  communication: z.unknown().optional(),
  quality: z.unknown().optional(),
  onTime: z.unknown().optional(),
  wouldHireAgain: z.unknown().optional(),
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

export const replyInputSchema = z.object({
  body: z.preprocess(
    cleanText,
    z
      .string({ error: REVIEW_FIELD_MESSAGES.replyEmpty })
      .refine((text) => visibleLength(text) > 0, { error: REVIEW_FIELD_MESSAGES.replyEmpty })
      .max(REVIEW_LIMITS.replyMax, { error: REVIEW_FIELD_MESSAGES.replyLong }),
  ),
});

export const reportReviewInputSchema = z.object({
  reason: z.preprocess(cleanText, z.string().max(REVIEW_LIMITS.reportReasonMax, { error: REVIEW_FIELD_MESSAGES.reasonLong }).optional().default('')),
});

export const hideReviewInputSchema = z.object({
  reason: z.preprocess(
    cleanText,
    z
      .string({ error: REVIEW_FIELD_MESSAGES.hideReason })
      .refine((text) => visibleLength(text) > 0, { error: REVIEW_FIELD_MESSAGES.hideReason })
      .max(REVIEW_LIMITS.reportReasonMax, { error: REVIEW_FIELD_MESSAGES.reasonLong }),
  ),
});

const subRatingsSchema = z.object({ communication: z.number(), quality: z.number(), onTime: z.number() });

/** A published review as anyone may read it; a hidden one keeps only its place ('Hidden by Humanmade'). */
export const publicReviewSchema = z.object({
  id: z.string(),
  direction: z.enum(REVIEW_DIRECTIONS),
  isHidden: z.boolean(),
  rating: z.number().nullable(),
  subRatings: subRatingsSchema.nullable(),
  wouldHireAgain: z.boolean().nullable(),
  body: z.string().nullable(),
  authorName: z.string().nullable(),
  deliverableType: z.enum(DELIVERABLE_CATEGORIES),
  /** The month the project completed, ISO date of its first day. */
  projectMonth: z.string(),
  publishedAt: z.string(),
  reply: z.object({ body: z.string(), createdAt: z.string() }).nullable(),
  /** An admin withheld the reply ('Reply hidden by Humanmade'): `reply` is null, and no second reply may be written. */
  isReplyHidden: z.boolean(),
});
export type PublicReview = z.infer<typeof publicReviewSchema>;

/** A card's stars and count: the average is null below 3 reviews, where the card says 'New'. */
export const cardRatingSchema = z.object({ count: z.number().int(), average: z.number().nullable() });
export type CardRating = z.infer<typeof cardRatingSchema>;

export const ratingSummarySchema = z.object({
  count: z.number().int(),
  /** One decimal; null below 3 reviews ('New'). */
  average: z.number().nullable(),
  subRatings: subRatingsSchema.nullable(),
  /** Share of reviewers who would hire again, 0–100; null below 3 reviews. */
  wouldHireAgainPercent: z.number().nullable(),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewPageSchema = z.object({ reviews: z.array(publicReviewSchema), nextCursor: z.string().nullable() });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

export const reviewPageQuerySchema = z.object({ cursor: z.string().max(200).optional() });

/**
 * A studio's reviews past the first page, at `/studio/:id?reviews=<cursor>`: the page a visitor without scripts
 * reaches by the 'Show older reviews' link, rendered in the first paint (decision 160). With scripts, the same link
 * appends the page in place.
 */
// The paths and keys live in reviews.ts, which has no zod, so the public studio page loads no schema library.
export { STUDIO_REVIEWS_PARAM, reviewPageQueryKey, reviewPageUrl } from './reviews';

/**
 * Which of a creator's published reviews the signed-in reader wrote (none for anyone else), asked apart from the
 * public pages: those are the same for everyone, cached and in the first paint, and never name an author's id.
 */
export const ownReviewIdsSchema = z.object({ reviewIds: z.array(z.string()) });
export type OwnReviewIds = z.infer<typeof ownReviewIdsSchema>;
export { ownReviewIdsQueryKey, ownReviewIdsUrl } from './reviews';

/** The caller's own side of a project's reviews: what they wrote (editable until published), and the state. */
export const projectReviewStateSchema = z.object({
  projectId: z.string(),
  /** closed: the window passed without a review from the caller. */
  status: z.enum(['not_open', 'open', 'waiting', 'published', 'closed']),
  closesAt: z.string().nullable(),
  side: z.enum(['client', 'creator']),
  otherName: z.string(),
  mine: z
    .object({
      rating: z.number(),
      body: z.string(),
      communication: z.number().nullable(),
      quality: z.number().nullable(),
      onTime: z.number().nullable(),
      wouldHireAgain: z.boolean().nullable(),
      publishedAt: z.string().nullable(),
      /** Hidden by an admin: its author still reads it, and is told that others see 'Hidden by Humanmade'. */
      isHidden: z.boolean(),
    })
    .nullable(),
  /** The other side's review: only once both are published, never before. */
  theirs: publicReviewSchema.nullable(),
});
export type ProjectReviewState = z.infer<typeof projectReviewStateSchema>;

/** A client's record, as a creator deciding on a draft sees it. */
export const clientRecordSchema = z.object({
  clientId: z.string(),
  projectsCompleted: z.number().int(),
  reviewCount: z.number().int(),
  /** One decimal; null below 3 reviews. */
  averageRating: z.number().nullable(),
  memberSince: z.string(),
});
export type ClientRecord = z.infer<typeof clientRecordSchema>;

export const adminReviewReportSchema = z.object({
  id: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  reporter: z.object({ id: z.string().nullable(), name: z.string() }),
  review: z.object({
    id: z.string(),
    rating: z.number(),
    body: z.string(),
    authorName: z.string(),
    subjectName: z.string(),
    subjectId: z.string(),
    isHidden: z.boolean(),
    hiddenReason: z.string().nullable(),
    reply: z.string().nullable(),
    isReplyHidden: z.boolean(),
    replyHiddenReason: z.string().nullable(),
  }),
});
export type AdminReviewReport = z.infer<typeof adminReviewReportSchema>;
/** A page of open review reports, oldest first (decision 229); `nextCursor` is passed back as `cursor`, null on the last page. */
export const adminReviewReportListSchema = z.object({ reports: z.array(adminReviewReportSchema), nextCursor: z.string().nullable() });
export type AdminReviewReportList = z.infer<typeof adminReviewReportListSchema>;
export type AdminModeratedReview = AdminReviewReport['review'];
/** A page of the reviews hidden (or with their reply hidden), newest decision first, which an admin may restore. */
export const adminHiddenReviewListSchema = z.object({ hidden: z.array(adminReviewReportSchema.shape.review), nextCursor: z.string().nullable() });
export type AdminHiddenReviewList = z.infer<typeof adminHiddenReviewListSchema>;
