import { z } from 'zod';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS, type DeliverableCategory, type ExpertiseArea } from './constants';
import { CREATOR_ROLES } from './project-schemas';

/** The category select of the client's Browse Creators tab (spec section 2), label → value. */
export const BROWSE_CATEGORY_OPTIONS = [
  { value: 'branding_packages', label: 'Branding' },
  { value: 'logo_design', label: 'Logo Design' },
  { value: 'web_design', label: 'Web Design' },
  { value: 'social_media_assets', label: 'Social Media' },
  { value: 'content_marketing', label: 'Content Marketing' },
] as const satisfies ReadonlyArray<{ value: DeliverableCategory; label: string }>;

/**
 * Minds list expertise areas, not deliverable categories; a category filter matches a mind whose areas
 * include one of these (decision 031). Business Consulting matches no deliverable.
 */
export const EXPERTISE_FOR_CATEGORY: Record<DeliverableCategory, readonly ExpertiseArea[]> = {
  branding_packages: ['Brand Strategy', 'Creative Direction'],
  logo_design: ['Creative Direction', 'Design Thinking'],
  web_design: ['Design Thinking'],
  social_media_assets: ['Marketing Strategy', 'Content Strategy'],
  content_marketing: ['Content Strategy', 'Marketing Strategy'],
  editorial_design: ['Creative Direction', 'Content Strategy'],
};

export const SEAL_FILTERS = ['all', 'seal'] as const;
export type SealFilter = (typeof SEAL_FILTERS)[number];

export const browseCreatorsQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  category: z.enum(DELIVERABLE_CATEGORIES).optional(),
  seal: z.enum(SEAL_FILTERS).optional(),
});
export type BrowseCreatorsQuery = z.infer<typeof browseCreatorsQuerySchema>;

export const creatorCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(CREATOR_ROLES),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  sealVerified: z.boolean(),
  deliverableCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)),
});
export type CreatorCard = z.infer<typeof creatorCardSchema>;

export const creatorCardListSchema = z.object({ creators: z.array(creatorCardSchema) });

export const creatorOptionSchema = z.object({ id: z.string(), name: z.string(), role: z.enum(CREATOR_ROLES) });
export type CreatorOption = z.infer<typeof creatorOptionSchema>;

export const CLIENT_PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  updateFailed: 'Failed to update profile',
  logoUploaded: 'File uploaded successfully',
  logoFailed: 'Error uploading file',
  companyRequired: 'Please enter your company name',
  industryRequired: 'Please enter your industry',
  budgetRangeRequired: 'Please enter your budget range',
  categoriesRequired: 'Please select at least one deliverable category',
  tooLong: 'Must be less than 200 characters',
} as const;

const P = CLIENT_PROFILE_MESSAGES;

export const clientProfileUpdateSchema = z.object({
  companyName: z.string({ error: P.companyRequired }).trim().min(1, P.companyRequired).max(200, P.tooLong),
  industry: z.string({ error: P.industryRequired }).trim().min(1, P.industryRequired).max(200, P.tooLong),
  budgetRange: z.string({ error: P.budgetRangeRequired }).trim().min(1, P.budgetRangeRequired).max(200, P.tooLong),
  desiredCategories: z
    .array(z.enum(DELIVERABLE_CATEGORIES), { error: P.categoriesRequired })
    .min(1, P.categoriesRequired)
    .max(DELIVERABLE_CATEGORIES.length),
});
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
  activeProjects: z.number().int(),
  profile: clientProfileViewSchema,
});
export type ClientDashboard = z.infer<typeof clientDashboardSchema>;
