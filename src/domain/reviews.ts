import { formatMonthYear } from './dates';
// Pure rules and copy of reviews (decision 160). No zod here: cards on public pages import these.

export const REVIEW_DIRECTIONS = ['client_to_creator', 'creator_to_client'] as const;
export type ReviewDirection = (typeof REVIEW_DIRECTIONS)[number];

export const REVIEW_LIMITS = {
  bodyMin: 10,
  bodyMax: 2000,
  replyMax: 1000,
  reportReasonMax: 1000,
  /** Below this many published reviews a creator shows 'New' instead of an average. */
  newBelow: 3,
  /** Reviews per studio page. */
  pageSize: 5,
  /**
   * The reminder goes at this share of the window: day 10 of the default 14 (decision 160), and as far in of a shorter
   * or longer one (day 3.6 of 5, day 43 of 60), never on its first day.
   */
  reminderShareOfWindow: 10 / 14,
} as const;

/**
 * The Bayesian average behind 'Highest rated': the published ratings plus PRIOR_WEIGHT imagined reviews of
 * PRIOR_MEAN. One 5-star review scores 4.17, forty of 4.9 score 4.80. The database keeps the same figure, times
 * 10,000, in `rating_score` (migration 0015); 0 means no reviews, so the unrated sort last.
 */
export const RATING_PRIOR_MEAN = 4;
export const RATING_PRIOR_WEIGHT = 5;

export const bayesianScore = (count: number, sum: number): number =>
  count === 0 ? 0 : Math.round(((RATING_PRIOR_WEIGHT * RATING_PRIOR_MEAN + sum) / (RATING_PRIOR_WEIGHT + count)) * 10_000);

/** The average shown: one decimal, or null while the creator is 'New'. */
export const displayAverage = (count: number, sum: number): number | null =>
  count < REVIEW_LIMITS.newBelow ? null : Math.round((sum / count) * 10) / 10;

export const cardRatingOf = (count: number, sum: number): { count: number; average: number | null } => ({ count, average: displayAverage(count, sum) });

/**
 * How many characters of a review or reply a reader sees: code points (an emoji is one, as the server's limits count
 * them), leaving out format characters (zero-width spaces and joiners, direction marks) and the spaces around it.
 */
export const visibleLength = (text: string): number => [...text.replace(/\p{Cf}/gu, '').trim()].length;

export const MIN_RATING_OPTIONS = [3, 4, 4.5] as const;

export const REVIEW_MESSAGES = {
  newCreator: 'New',
  hidden: 'Hidden by Humanmade',
  replyHidden: 'Reply hidden by Humanmade',
  waiting: 'Your review is saved. It will be published together with theirs, when they have written it or when the review window closes.',
  windowClosed: 'The review window for this project has closed.',
  notOpen: 'Reviews open when the project is complete.',
  alreadyPublished: 'Published reviews cannot be changed.',
  notYours: 'Only the person reviewed can reply.',
  replyExists: 'You have already replied to this review.',
  cannotReportOwn: 'You cannot report your own review.',
  reported: 'Thank you. The Humanmade team will look at this review.',
  reviewNotFound: 'Review not found',
  noReviews: 'No reviews yet',
  saved: 'Review saved',
  published: 'Reviews published',
} as const;

export const SUB_RATINGS = [
  { key: 'communication', label: 'Communication' },
  { key: 'quality', label: 'Quality' },
  { key: 'onTime', label: 'On time' },
] as const;
export type SubRatingKey = (typeof SUB_RATINGS)[number]['key'];

/** 'March 2026', for the studio's "Logo Design · March 2026". */
export const reviewMonth = (iso: string): string => formatMonthYear(iso);

/** 'Rated 4.8 out of 5 from 12 reviews', the stars' accessible name. */
export const ratingLabel = (average: number | null, count: number): string => {
  if (count === 0) return 'No reviews yet';
  const reviews = `${count} ${count === 1 ? 'review' : 'reviews'}`;
  return average === null ? `New: ${reviews}` : `Rated ${average.toFixed(1)} out of 5 from ${reviews}`;
};

/**
 * A studio's reviews past the first page, at `/studio/:id?reviews=<cursor>` (decision 160), and the reader's own
 * review ids; their schemas are in review-schemas.ts.
 */
export const STUDIO_REVIEWS_PARAM = 'reviews';
export const reviewPageQueryKey = (creatorId: string, cursor: string) => ['reviews', 'creator', creatorId, cursor] as const;
export const reviewPageUrl = (creatorId: string, cursor: string) => `/api/reviews/creators/${encodeURIComponent(creatorId)}?cursor=${encodeURIComponent(cursor)}`;
export const ownReviewIdsQueryKey = (creatorId: string, viewerId: string) => ['reviews', 'own', creatorId, viewerId] as const;
export const ownReviewIdsUrl = (creatorId: string) => `/api/reviews/creators/${encodeURIComponent(creatorId)}/mine`;
