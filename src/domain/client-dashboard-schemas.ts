import { z } from 'zod';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS, type DeliverableCategory } from './constants';
import { clientProfileSchema } from './profile-schemas';
import { SEARCH_MATCHES, SEARCH_MAX_LENGTH } from './marketplace';
import { CREATOR_ROLES } from './project-schemas';
import { cardRatingSchema, minRatingQuerySchema } from './review-schemas';

/** The category select of the client's Browse Creators tab (the product's labels), label → value. */
export const BROWSE_CATEGORY_OPTIONS = [
  { value: 'branding_packages', label: 'Branding' },
  { value: 'logo_design', label: 'Logo Design' },
  { value: 'web_design', label: 'Web Design' },
  { value: 'social_media_assets', label: 'Social Media' },
  { value: 'content_marketing', label: 'Content Marketing' },
] as const satisfies ReadonlyArray<{ value: DeliverableCategory; label: string }>;

export const SEAL_FILTERS = ['all', 'seal'] as const;
export type SealFilter = (typeof SEAL_FILTERS)[number];

export const browseCreatorsQuerySchema = z.object({
  search: z.string().trim().max(SEARCH_MAX_LENGTH).optional(),
  category: z.enum(DELIVERABLE_CATEGORIES).optional(),
  seal: z.enum(SEAL_FILTERS).optional(),
  /** 'rating': 'Highest rated' within each kind (decision 160), a search's too; with a search, 'newest' is relevance. */
  sort: z.enum(['newest', 'rating']).optional(),
  minRating: minRatingQuerySchema,
});
export type BrowseCreatorsQuery = z.infer<typeof browseCreatorsQuerySchema>;

export const creatorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(CREATOR_ROLES),
  avatarUrl: z.string().nullable(),
  /** The avatar's small copy for the card (null when there is none); cards fall back to avatarUrl without it. */
  avatarThumbnailUrl: z.string().nullable().optional(),
  bio: z.string().nullable(),
  sealVerified: z.boolean(),
  deliverableCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)),
  /** Under a search: the strongest field that matched. */
  matchedField: z.enum(SEARCH_MATCHES).optional(),
  rating: cardRatingSchema.optional(),
});
export type CreatorCard = z.infer<typeof creatorCardSchema>;

export const creatorCardListSchema = z.object({ creators: z.array(creatorCardSchema) });

export const creatorOptionSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(CREATOR_ROLES) });
export type CreatorOption = z.infer<typeof creatorOptionSchema>;

/**
 * The dashboard's profile edit (PUT /api/client/profile): the onboarding schema's fields, rules and messages
 * (e.g. 'Company name is required'), without the logo, which has its own upload endpoint there.
 */
export const clientProfileUpdateSchema = clientProfileSchema.omit({ logoUrl: true });
export type ClientProfileUpdate = z.infer<typeof clientProfileUpdateSchema>;

export const clientProfileViewSchema = z.object({
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  budgetRange: z.string().nullable(),
  desiredCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  logoUrl: z.string().nullable(),
});
export type ClientProfileView = z.infer<typeof clientProfileViewSchema>;

export const clientDashboardSchema = z.object({
  /** Projects with status `active` (the 'Active Projects' card); those whose work waits on the client are counted apart. */
  activeProjects: z.number().int(),
  inReviewProjects: z.number().int(),
  profile: clientProfileViewSchema,
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;
