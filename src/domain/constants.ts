/** The product's business enumerations and limits. */

export const USER_ROLES = ['admin', 'maker', 'mind', 'client'] as const;
export type UserRole = (typeof USER_ROLES)[number];
/** How a role reads to people: 'Maker', not the stored 'maker'. */
export const ROLE_LABELS: Record<UserRole, string> = { maker: 'Maker', mind: 'Mind', client: 'Client', admin: 'Admin' };

/** Roles a person may choose at sign-up. Admins are made only from the command line. */
export const SIGNUP_ROLES = ['maker', 'mind', 'client'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

export const APPLICATION_STATUSES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const SEAL_STATUSES = ['none', 'verified'] as const;
export type SealStatus = (typeof SEAL_STATUSES)[number];

export const DELIVERABLE_CATEGORIES = [
  'branding_packages',
  'logo_design',
  'web_design',
  'social_media_assets',
  'content_marketing',
  'editorial_design',
] as const;
export type DeliverableCategory = (typeof DELIVERABLE_CATEGORIES)[number];

export const EXPERTISE_AREAS = [
  'Brand Strategy',
  'Marketing Strategy',
  'Creative Direction',
  'Content Strategy',
  'Design Thinking',
  'Business Consulting',
] as const;
export type ExpertiseArea = (typeof EXPERTISE_AREAS)[number];

export const SUBSCRIPTION_PLANS = ['basic', 'pro', 'premium'] as const;
export type SubscriptionPlan = (typeof SUBSCRIPTION_PLANS)[number];

export const PROJECT_STATUSES = ['draft', 'active', 'in_review', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const WHITE_GLOVE_STATUSES = ['pending', 'completed'] as const;
export type WhiteGloveStatus = (typeof WHITE_GLOVE_STATUSES)[number];

export const CONTACT_STATUSES = ['new', 'read'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const STORAGE_BUCKETS = [
  'profile-images',
  'client-logos',
  'portfolio-items',
  'process-docs',
  'deliverables',
  'message-attachments',
] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];
export const PUBLIC_BUCKETS: readonly StorageBucket[] = ['profile-images', 'client-logos', 'portfolio-items'];

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

/** Budgets and prices stay below a billion dollars. */
export const BUDGET_MAX = 1_000_000_000;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 128,
  nameMax: 100,
  emailMax: 255,
  messageMax: 1000,
  bioPreview: 100,
  cardTags: 3,
  cardThumbnails: 3,
  sealThreshold: 3,
  whiteGloveMatches: 3,
  whiteGloveDueHours: 48,
  workshopsUpcoming: 5,
  workshopDefaultMaxParticipants: 50,
  clientBrowsePerRole: 10,
  adminProjectFetch: 50,
  adminProjectDisplay: 20,
  adminContactFetch: 50,
} as const;

/** Upload limits in megabytes, per use (the product's limits). */
export const UPLOAD_LIMITS_MB = {
  profileImage: 5,
  clientLogo: 5,
  portfolioImage: 10,
  deliverable: 20,
  processScreenshot: 10,
  messageAttachment: 20,
} as const;

export const DEFAULT_SITE_NAME = 'Humanmade';
