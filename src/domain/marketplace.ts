import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS, LIMITS, type DeliverableCategory, type ExpertiseArea, type SubscriptionPlan } from './constants';

// Pure rules and labels only: this module is on the marketing pages' path, so it must not pull in zod.
// The request and response schemas live in marketplace-schemas.ts.
export type {
  CreatorCardData,
  MarketplaceFilters,
  MarketplacePage,
  MarketplaceQuery,
  ShowcaseItem,
  StudioData,
  StudioPortfolioItem,
} from './marketplace-schemas';

export const CREATOR_ROLES = ['maker', 'mind'] as const;
export type CreatorRole = (typeof CREATOR_ROLES)[number];

export const MARKETPLACE_PAGE_SIZE = 12;
/** The longest search the directories take (the marketplace's `q`, the Browse tab's `search`), in UTF-16 units. */
export const SEARCH_MAX_LENGTH = 100;

/** Which field of a creator a search matched, strongest first (decision 120). */
export const SEARCH_MATCHES = ['name', 'specialties', 'bio', 'portfolio'] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

/** Orders of a directory: relevance is the default when there is a query, newest otherwise; 'rating' is 'Highest rated'. */
export const CREATOR_SORTS = ['relevance', 'newest', 'rating'] as const;
export type CreatorSort = (typeof CREATOR_SORTS)[number];

/** The card's "Matched in …" line under a search result. */
export const SEARCH_MATCH_LABELS: Record<SearchMatch, string> = {
  name: 'Matched in name',
  specialties: 'Matched in specialties',
  bio: 'Matched in bio',
  portfolio: 'Matched in portfolio',
};

/** The browser's cache key for a studio; the server seeds it when it renders the studio's first paint. */
export const studioQueryKey = (userId: string) => ['studio', userId] as const;
export const MARKETPLACE_MAX_PAGE_SIZE = 48;

export const MARKETPLACE_MESSAGES = {
  /** The directory itself is empty (the product's words): nobody is listed yet. */
  empty: 'No creators available at the moment',
  /** A search or filters found nobody, though the directory has creators (the product's words on the Browse tab). */
  noMatches: 'No creators found matching your filters',
  noMatchesHint: 'Try another name or fewer filters, or clear them to see every verified creator.',
  clearFilters: 'Clear filters',
  noBio: 'No bio available',
  noImage: 'No image',
  notFound: 'Creator Not Found',
  hireMaker: 'Hire This Maker',
  hireMind: 'Work With This Mind',
  getStarted: 'Get Started',
  viewStudio: 'View Studio',
} as const;

export { CATEGORY_LABELS } from './category-labels';

/**
 * Minds have expertise areas, not deliverable categories. Filtering by a deliverable category finds makers who
 * deliver it and minds whose expertise shapes that kind of work (decision 011).
 */
export const CATEGORY_EXPERTISE: Record<DeliverableCategory, readonly ExpertiseArea[]> = {
  branding_packages: ['Brand Strategy', 'Creative Direction'],
  logo_design: ['Brand Strategy', 'Creative Direction', 'Design Thinking'],
  web_design: ['Design Thinking', 'Creative Direction'],
  social_media_assets: ['Marketing Strategy', 'Content Strategy'],
  content_marketing: ['Content Strategy', 'Marketing Strategy'],
  editorial_design: ['Creative Direction', 'Content Strategy'],
};

export const isDeliverableCategory = (value: string): value is DeliverableCategory =>
  (DELIVERABLE_CATEGORIES as readonly string[]).includes(value);

/**
 * What one category filter value finds, for every directory (the marketplace and the client's Browse tab):
 * makers delivering the category, and minds whose expertise is one of `expertise`. An expertise area as the
 * value finds minds with that area only.
 */
export const categoryTerms = (category: string): { deliverable: DeliverableCategory | null; expertise: readonly string[] } =>
  isDeliverableCategory(category) ? { deliverable: category, expertise: CATEGORY_EXPERTISE[category] } : { deliverable: null, expertise: [category] };

/** A directory category filter: a deliverable category or a mind's expertise area. */
export type MarketplaceCategory = DeliverableCategory | ExpertiseArea;

export const isMarketplaceCategory = (value: string | null | undefined): value is MarketplaceCategory =>
  typeof value === 'string' && (isDeliverableCategory(value) || (EXPERTISE_AREAS as readonly string[]).includes(value));

/** The Seal's tooltip text (the product's words), for pages that explain the Seal without showing the badge. */
export const SEAL_TOOLTIP = {
  title: 'Verified Human Creator',
  description: 'This creator has completed 3+ verified projects with documented process work',
} as const;

/** Category values are shown with underscores as spaces (the product's rule). */
export const formatCategory = (value: string): string => value.replaceAll('_', ' ');

/** The card's bio: cut to 100 characters plus '...', or 'No bio available'. */
export const bioPreview = (bio: string | null | undefined): string => {
  const text = bio?.trim();
  if (!text) return MARKETPLACE_MESSAGES.noBio;
  if (text.length <= LIMITS.bioPreview) return text;
  // A cut that ends on a space or a full stop would read 'on....'; the ellipsis replaces them.
  return `${text.slice(0, LIMITS.bioPreview).replace(/[\s.,;:]+$/, '')}...`;
};

/** Up to 3 tags, and how many more there are ('+N more'). */
export const cardTags = (tags: readonly string[]): { shown: string[]; more: number } => ({
  shown: tags.slice(0, LIMITS.cardTags).map(formatCategory),
  more: Math.max(0, tags.length - LIMITS.cardTags),
});

export const PLAN_LABELS: Record<SubscriptionPlan, string> = { basic: 'Basic', pro: 'Pro', premium: 'Premium' };

/**
 * Where the studio's hire buttons lead (the product's rule): anonymous visitors log in as a client and come back
 * to the studio with `hire=1`; signed-in non-clients go to /auth; clients open project creation.
 */
export const hireDestination = (viewer: { role: string } | null, creatorId: string): string => {
  if (!viewer) return `/auth?type=client&redirect=${encodeURIComponent(`/studio/${creatorId}?hire=1`)}`;
  if (viewer.role !== 'client') return '/auth';
  return `/dashboard-client?hire=${encodeURIComponent(creatorId)}`;
};
