import { z } from 'zod';
import { nameField } from './auth-schemas';
import { isHttpUrl } from './urls';
import {
  APPLICATION_STATUSES,
  DELIVERABLE_CATEGORIES,
  EXPERTISE_AREAS,
  SEAL_STATUSES,
  SUBSCRIPTION_PLANS,
  type DeliverableCategory,
  type SubscriptionPlan,
} from './constants';

export const BIO_MAX = 2000;
export const SHORT_TEXT_MAX = 120;
export const URL_MAX = 500;
export const EXPERIENCE_MAX = 80;

/** Onboarding and profile messages: the product's own word for word, and ours where it names none. */
export const PROFILE_MESSAGES = {
  termsRequired: 'Please accept the terms and conditions',
  expertiseRequired: 'Please select at least one expertise area',
  categoriesRequired: 'Please select at least one deliverable category',
  bioRequired: 'Please tell us a little about yourself',
  bioTooLong: `Bio must be less than ${BIO_MAX} characters`,
  experienceRequired: 'Please enter your years of experience',
  experienceWhole: 'Please enter a whole number of years',
  experienceNegative: 'Years of experience cannot be negative',
  experienceTooHigh: `Please enter at most ${EXPERIENCE_MAX} years`,
  urlInvalid: 'Please enter a full link starting with https://',
  companyRequired: 'Company name is required',
  industryRequired: 'Industry is required',
  budgetRequired: 'Budget range is required',
  planRequired: 'Please choose a plan',
  makerSubmitted: "Application submitted! We'll review it shortly.",
  makerSubmitFailed: 'Failed to submit application',
  mindSubmitted: 'Application submitted successfully! Awaiting approval.',
  mindSubmitFailed: 'Error submitting application',
  clientCreated: 'Profile created successfully!',
  clientCreateFailed: 'Error creating profile',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  dashboardLoadFailed: 'Failed to load dashboard data',
  alreadyApproved: 'Your application has already been approved.',
  foreignFile: 'Please upload this image again from your own account.',
} as const;

/** Category values are stored with underscores; people read them with spaces (the product's rule). */
export const categoryLabel = (category: DeliverableCategory): string => category.replace(/_/g, ' ');

export const PLAN_LABELS: Record<SubscriptionPlan, { name: string; price: string }> = {
  basic: { name: 'Basic', price: 'Free' },
  pro: { name: 'Pro', price: 'Contact us' },
  premium: { name: 'Premium', price: 'Contact us' },
};


const requiredText = (message: string, max = SHORT_TEXT_MAX) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please keep this under ${max} characters`);

const bioField = z.string({ error: PROFILE_MESSAGES.bioRequired }).trim().min(1, PROFILE_MESSAGES.bioRequired).max(BIO_MAX, PROFILE_MESSAGES.bioTooLong);

/** An optional http(s) link: an empty box means none (null). */
export const optionalUrlField = z
  .union([z.string(), z.null()])
  .optional()
  .transform((value) => (value ?? '').trim())
  .refine((value) => value === '' || (value.length <= URL_MAX && isHttpUrl(value)), PROFILE_MESSAGES.urlInvalid)
  .transform((value) => (value === '' ? null : value));

/** A link to a file we stored (avatar, logo). The server also checks that the file is the caller's own. */
export const ownFileUrlField = z.string().max(URL_MAX).nullable();

/**
 * Whole years, at least 0. A form sends the box's text ('' when empty); the API may send a number. Anything that
 * is not a number reads as missing.
 */
export const experienceYearsField = z.preprocess(
  (value) => {
    if (typeof value === 'string') return value.trim() === '' ? undefined : Number(value);
    return value === null ? undefined : value;
  },
  z
    .number({ error: PROFILE_MESSAGES.experienceRequired })
    .int(PROFILE_MESSAGES.experienceWhole)
    .min(0, PROFILE_MESSAGES.experienceNegative)
    .max(EXPERIENCE_MAX, PROFILE_MESSAGES.experienceTooHigh),
);

const uniqueList = <T>(values: T[]): T[] => [...new Set(values)];

const termsField = z.boolean({ error: PROFILE_MESSAGES.termsRequired }).refine((value) => value, PROFILE_MESSAGES.termsRequired);

// ---- Maker ----

export const makerProfileSchema = z.object({
  name: nameField,
  bio: bioField,
  experienceYears: experienceYearsField,
  avatarUrl: ownFileUrlField,
  websiteLink: optionalUrlField,
  introVideoUrl: optionalUrlField,
  // At least one, as a mind names an expertise area (decision 188): a maker with none matches no category filter,
  // no White Glove request and no client's Browse tab by category.
  deliverableCategories: z
    .array(z.enum(DELIVERABLE_CATEGORIES))
    .min(1, PROFILE_MESSAGES.categoriesRequired)
    .max(DELIVERABLE_CATEGORIES.length)
    .transform(uniqueList),
});
export type MakerProfileInput = z.input<typeof makerProfileSchema>;
export type MakerProfileValues = z.output<typeof makerProfileSchema>;

// ---- Mind ----

export const mindProfileSchema = z.object({
  name: nameField,
  bio: bioField,
  avatarUrl: ownFileUrlField,
  expertiseAreas: z
    .array(z.enum(EXPERTISE_AREAS))
    .min(1, PROFILE_MESSAGES.expertiseRequired)
    .max(EXPERTISE_AREAS.length)
    .transform(uniqueList),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS, { error: PROFILE_MESSAGES.planRequired }),
  introVideoUrl: optionalUrlField,
});
export type MindProfileInput = z.input<typeof mindProfileSchema>;
export type MindProfileValues = z.output<typeof mindProfileSchema>;

export const mindApplicationSchema = mindProfileSchema.extend({ termsAccepted: termsField });
export type MindApplicationInput = z.input<typeof mindApplicationSchema>;
export type MindApplicationValues = z.output<typeof mindApplicationSchema>;

// ---- Client ----

export const clientProfileSchema = z.object({
  companyName: requiredText(PROFILE_MESSAGES.companyRequired),
  industry: requiredText(PROFILE_MESSAGES.industryRequired),
  budgetRange: requiredText(PROFILE_MESSAGES.budgetRequired),
  logoUrl: ownFileUrlField,
  desiredCategories: z
    .array(z.enum(DELIVERABLE_CATEGORIES))
    .min(1, PROFILE_MESSAGES.categoriesRequired)
    .max(DELIVERABLE_CATEGORIES.length)
    .transform(uniqueList),
});
export type ClientProfileInput = z.input<typeof clientProfileSchema>;
export type ClientProfileValues = z.output<typeof clientProfileSchema>;

export const clientOnboardingSchema = clientProfileSchema.extend({ termsAccepted: termsField });
export type ClientOnboardingInput = z.input<typeof clientOnboardingSchema>;
export type ClientOnboardingValues = z.output<typeof clientOnboardingSchema>;

// ---- What the API answers ----

const applicationFields = {
  applicationStatus: z.enum(APPLICATION_STATUSES),
  rejectionReason: z.string().nullable(),
};

export const makerProfileViewSchema = z.object({
  name: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  experienceYears: z.number().int().nullable(),
  websiteLink: z.string().nullable(),
  introVideoUrl: z.string().nullable(),
  deliverableCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  sealStatus: z.enum(SEAL_STATUSES),
  ...applicationFields,
});
export type MakerProfileView = z.infer<typeof makerProfileViewSchema>;

export const mindProfileViewSchema = z.object({
  name: z.string(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)),
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  introVideoUrl: z.string().nullable(),
  termsAccepted: z.boolean(),
  ...applicationFields,
});
export type MindProfileView = z.infer<typeof mindProfileViewSchema>;

export const clientProfileViewSchema = z.object({
  name: z.string(),
  companyName: z.string().nullable(),
  industry: z.string().nullable(),
  budgetRange: z.string().nullable(),
  logoUrl: z.string().nullable(),
  desiredCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
  applicationStatus: z.enum(APPLICATION_STATUSES),
  termsAccepted: z.boolean(),
});
export type ClientProfileView = z.infer<typeof clientProfileViewSchema>;

/** Who may (re)submit an application: a draft or a rejected creator; a pending one may update it. */
export const canSubmitApplication = (status: (typeof APPLICATION_STATUSES)[number]): boolean => status !== 'approved';

// ---- Creator dashboards ----

export const creatorSummarySchema = z.object({
  applicationStatus: z.enum(APPLICATION_STATUSES),
  rejectionReason: z.string().nullable(),
  sealStatus: z.enum(SEAL_STATUSES),
  earningsTotal: z.number(),
  /** Projects with status `active` (the 'Active Projects' card); those whose work waits on the client are counted apart. */
  activeProjects: z.number().int(),
  inReviewProjects: z.number().int(),
  portfolioItems: z.number().int(),
});
export type CreatorSummary = z.infer<typeof creatorSummarySchema>;

/** Earnings from the ledger and project counts; no budget sums, which read as money earned (decision 228). */
export const creatorEarningsSchema = z.object({
  earningsTotal: z.number(),
  completedProjects: z.number().int(),
  inProgressProjects: z.number().int(),
  recentCompleted: z.array(z.object({ id: z.string(), title: z.string(), budget: z.number(), completedAt: z.string() })),
});
export type CreatorEarnings = z.infer<typeof creatorEarningsSchema>;
