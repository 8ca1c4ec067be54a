import { z } from 'zod';
import { contentCredentialsSchema } from './content-credentials';
import { APPLICATION_STATUSES, DELIVERABLE_CATEGORIES, EXPERTISE_AREAS, SEAL_STATUSES, SUBSCRIPTION_PLANS } from './constants';
import { CREATOR_ROLES, CREATOR_SORTS, MARKETPLACE_MAX_PAGE_SIZE, MARKETPLACE_PAGE_SIZE, SEARCH_MATCHES, SEARCH_MAX_LENGTH } from './marketplace';
import { cardRatingSchema, minRatingQuerySchema, ratingSummarySchema, reviewPageSchema } from './review-schemas';

/** Request and response schemas of the marketplace and studio APIs (the server validates with these). */

const emptyToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

export const marketplaceCategorySchema = z.union([z.enum(DELIVERABLE_CATEGORIES), z.enum(EXPERTISE_AREAS)]);

/** Query of GET /api/marketplace/creators. Every filter is applied by the server. */
export const marketplaceQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(SEARCH_MAX_LENGTH).optional()),
  role: z.preprocess(emptyToUndefined, z.enum(CREATOR_ROLES).optional()),
  category: z.preprocess(emptyToUndefined, marketplaceCategorySchema.optional()),
  seal: z.preprocess(emptyToUndefined, z.enum(['1', 'true', '0', 'false']).optional()).transform((value) => value === '1' || value === 'true'),
  /** At least this average from at least 3 reviews (decision 160). */
  minRating: z.preprocess(emptyToUndefined, minRatingQuerySchema),
  /** Relevance needs a query; without one the listing is newest first (or highest rated) whatever is asked. */
  sort: z.preprocess(emptyToUndefined, z.enum(CREATOR_SORTS).optional()),
  cursor: z.preprocess(emptyToUndefined, z.string().max(200).optional()),
  limit: z.coerce.number().int().min(1).max(MARKETPLACE_MAX_PAGE_SIZE).default(MARKETPLACE_PAGE_SIZE),
});
export type MarketplaceQuery = z.infer<typeof marketplaceQuerySchema>;
export type MarketplaceFilters = Omit<MarketplaceQuery, 'cursor' | 'limit' | 'sort'>;

export const portfolioThumbSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
});

/** The directory view of a creator, as the creator card shows it. */
export const creatorCardSchema = z.object({
  id: z.string(),
  role: z.enum(CREATOR_ROLES),
  name: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  /**
   * The avatar's small copy (480 px wide) for the card; null when the avatar is not an image we stored. Optional so
   * that a card without it still shows, with the full avatar. The studio page keeps the full image.
   */
  avatarThumbnailUrl: z.string().nullable().optional(),
  sealStatus: z.enum(SEAL_STATUSES),
  /** Deliverable categories for makers, expertise areas for minds. */
  categories: z.array(z.string()),
  portfolio: z.array(portfolioThumbSchema),
  /** Under a search: the strongest field that matched. */
  matchedField: z.enum(SEARCH_MATCHES).optional(),
  rating: cardRatingSchema.optional(),
});
export type CreatorCardData = z.infer<typeof creatorCardSchema>;

export const marketplacePageSchema = z.object({
  creators: z.array(creatorCardSchema),
  nextCursor: z.string().nullable(),
  total: z.number().int(),
  /** True when a search matched more than `total` (1,000) creators: the count line says 'over 1,000'. */
  totalCapped: z.boolean().optional(),
  /**
   * On the last page of a search ordered by relevance or rating, when it ends before `total`: how many creators the
   * ranking holds (it covers the best candidates only, decision 120). 'Newest' lists every match.
   */
  rankedUpTo: z.number().int().optional(),
});
export type MarketplacePage = z.infer<typeof marketplacePageSchema>;

export const showcaseItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(DELIVERABLE_CATEGORIES),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  creatorId: z.string(),
  creatorName: z.string(),
});
export type ShowcaseItem = z.infer<typeof showcaseItemSchema>;

export const studioPortfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(DELIVERABLE_CATEGORIES),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  /** The image's Content Credentials as read at upload; null (or absent) without a manifest. */
  contentCredentials: contentCredentialsSchema.nullable().optional(),
});
export type StudioPortfolioItem = z.infer<typeof studioPortfolioItemSchema>;

/** A creator's public studio. `isPreview` is true when the owner or an admin looks at a studio not yet public. */
export const studioSchema = z.object({
  id: z.string(),
  role: z.enum(CREATOR_ROLES),
  name: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  sealStatus: z.enum(SEAL_STATUSES),
  /**
   * The maker holds a Seal credential in force, so the studio offers 'Verify this Seal' and 'Download credential'. A
   * Seal from before credentials existed may have none (decision 192); absent counts as none.
   */
  hasSealCredential: z.boolean().optional(),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  isPreview: z.boolean(),
  websiteLink: z.string().nullable(),
  experienceYears: z.number().int().nullable(),
  deliverableCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  introVideoUrl: z.string().nullable(),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS).nullable(),
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)),
  portfolio: z.array(studioPortfolioItemSchema),
  /** Reviews from clients (decision 160): the figures, and the first page of published reviews. */
  rating: ratingSummarySchema.optional(),
  reviews: reviewPageSchema.optional(),
});
export type StudioData = z.infer<typeof studioSchema>;
