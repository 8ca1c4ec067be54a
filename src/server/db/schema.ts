import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  pgView,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { jsonb } from './well-formed';
import {
  APPLICATION_STATUSES,
  CONTACT_STATUSES,
  DELIVERABLE_CATEGORIES,
  EMAIL_STATUSES,
  EXPERTISE_AREAS,
  PROJECT_STATUSES,
  SEAL_STATUSES,
  SUBSCRIPTION_PLANS,
  USER_ROLES,
  WHITE_GLOVE_STATUSES,
} from '../../domain/constants';
import type { BankDetails } from '../../domain/bank-details-schemas';
import { PROVENANCE_REASONS, type ContentCredentials } from '../../domain/content-credentials';
import { MILESTONE_STATUSES, OFFER_STATUSES } from '../../domain/milestones';
import { LEDGER_ACCOUNT_KINDS, PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYOUT_STATUSES } from '../../domain/payment-schemas';

export const appRoleEnum = pgEnum('app_role', USER_ROLES);
export const applicationStatusEnum = pgEnum('application_status', APPLICATION_STATUSES);
export const sealStatusEnum = pgEnum('seal_status', SEAL_STATUSES);
export const deliverableCategoryEnum = pgEnum('deliverable_category', DELIVERABLE_CATEGORIES);
export const expertiseAreaEnum = pgEnum('expertise_area', EXPERTISE_AREAS);
export const subscriptionPlanEnum = pgEnum('subscription_plan', SUBSCRIPTION_PLANS);
export const projectStatusEnum = pgEnum('project_status', PROJECT_STATUSES);
export const whiteGloveStatusEnum = pgEnum('white_glove_status', WHITE_GLOVE_STATUSES);
export const contactStatusEnum = pgEnum('contact_status', CONTACT_STATUSES);
export const contactSourceEnum = pgEnum('contact_source', ['contact_page', 'marketplace']);

// Index columns are `DESC NULLS FIRST` because that is what `ORDER BY x DESC` means in PostgreSQL: an index built
// `DESC NULLS LAST` (drizzle's default for .desc()) cannot give that order, and the planner sorts the whole table.
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A user's own row: it goes when the account is deleted. */
const userRef = (name: string) =>
  text(name)
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' });
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: 'number' });
/**
 * A creator's published, visible reviews from clients, summed (decision 160): written only by the reviews trigger
 * (migration 0015) in the transaction that publishes, hides, restores or deletes a review. `rating_score` is the
 * Bayesian average times 10,000 (domain/reviews.ts), 0 with no reviews: the 'Highest rated' keyset.
 */
const ratingColumns = () => ({
  ratingCount: integer('rating_count').notNull().default(0),
  ratingSum: integer('rating_sum').notNull().default(0),
  communicationSum: integer('communication_sum').notNull().default(0),
  qualitySum: integer('quality_sum').notNull().default(0),
  onTimeSum: integer('on_time_sum').notNull().default(0),
  wouldHireCount: integer('would_hire_count').notNull().default(0),
  ratingScore: integer('rating_score').notNull().default(0),
});

// ---- better-auth core tables (names and columns as better-auth expects) ----

export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userRef('user_id'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userRef('user_id'),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

// ---- Humanmade tables: the product's data model ----

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    role: appRoleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_roles_user_id_key').on(t.userId), index('user_roles_role_idx').on(t.role)],
);

export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    bio: text('bio'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('profiles_created_at_idx').on(t.createdAt.desc().nullsFirst()),
    // Name search is a case-insensitive contains (ILIKE '%q%'): only a trigram index can serve it (pg_trgm).
    index('profiles_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

export const makerProfiles = pgTable(
  'maker_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    applicationStatus: applicationStatusEnum('application_status').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    sealStatus: sealStatusEnum('seal_status').notNull().default('none'),
    experienceYears: integer('experience_years'),
    websiteLink: text('website_link'),
    introVideoUrl: text('intro_video_url'),
    deliverableCategories: deliverableCategoryEnum('deliverable_categories').array().notNull().default(sql`'{}'`),
    earningsTotal: money('earnings_total').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Published, visible reviews from clients (decision 160), kept by the reviews trigger (migration 0015). */
    ...ratingColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('maker_profiles_user_id_key').on(t.userId),
    index('maker_profiles_status_created_idx').on(t.applicationStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // "Seal only" in the listing's keyset order: a few approved makers hold the Seal, so a page reads only them.
    index('maker_profiles_sealed_keyset_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.sealStatus} = 'verified'`),
    index('maker_profiles_categories_gin_idx')
      .using('gin', t.deliverableCategories)
      .where(sql`${t.applicationStatus} = 'approved'`),
    // 'Highest rated' in its keyset order (rating_score, created_at, id), and the same for Seal holders only.
    index('maker_profiles_rating_keyset_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved'`),
    index('maker_profiles_sealed_rating_keyset_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst(), t.userId)
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.sealStatus} = 'verified'`),
    // A minimum rating (at least 3 reviews, decision 160) in either order: only rated creators are in these.
    index('maker_profiles_rated_keyset_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.ratingCount} >= 3`),
    index('maker_profiles_rated_rating_keyset_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.ratingCount} >= 3`),
    check('maker_profiles_experience_nonneg', sql`${t.experienceYears} IS NULL OR ${t.experienceYears} >= 0`),
    check('maker_profiles_earnings_nonneg', sql`${t.earningsTotal} >= 0`),
  ],
);

export const mindProfiles = pgTable(
  'mind_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    applicationStatus: applicationStatusEnum('application_status').notNull().default('draft'),
    rejectionReason: text('rejection_reason'),
    expertiseAreas: expertiseAreaEnum('expertise_areas').array().notNull().default(sql`'{}'`),
    subscriptionPlan: subscriptionPlanEnum('subscription_plan').notNull().default('basic'),
    introVideoUrl: text('intro_video_url'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    earningsTotal: money('earnings_total').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Published, visible reviews from clients (decision 160), kept by the reviews trigger (migration 0015). */
    ...ratingColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('mind_profiles_user_id_key').on(t.userId),
    index('mind_profiles_status_created_idx').on(t.applicationStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('mind_profiles_expertise_gin_idx')
      .using('gin', t.expertiseAreas)
      .where(sql`${t.applicationStatus} = 'approved'`),
    index('mind_profiles_rating_keyset_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved'`),
    index('mind_profiles_rated_keyset_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.ratingCount} >= 3`),
    index('mind_profiles_rated_rating_keyset_idx')
      .on(t.ratingScore.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.applicationStatus} = 'approved' AND ${t.ratingCount} >= 3`),
    check('mind_profiles_earnings_nonneg', sql`${t.earningsTotal} >= 0`),
  ],
);

export const clientProfiles = pgTable(
  'client_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    companyName: text('company_name'),
    logoUrl: text('logo_url'),
    desiredCategories: deliverableCategoryEnum('desired_categories').array().notNull().default(sql`'{}'`),
    budgetRange: text('budget_range'),
    industry: text('industry'),
    applicationStatus: applicationStatusEnum('application_status').notNull().default('draft'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_profiles_user_id_key').on(t.userId)],
);

export const portfolioItems = pgTable(
  'portfolio_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    makerId: userRef('maker_id'),
    title: text('title').notNull(),
    description: text('description'),
    category: deliverableCategoryEnum('category').notNull(),
    imageUrl: text('image_url').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    /**
     * The image's 64-bit perceptual hash (16 hex digits, features/provenance/phash.ts), and the same 64 bits as eight
     * bands of 8 (band i as i × 256 + its value): two images within 7 bits of each other share at least one band,
     * so the GIN index finds the candidates for a near copy without reading every item.
     */
    perceptualHash: text('perceptual_hash'),
    perceptualBands: integer('perceptual_bands').array(),
    /** 'pending' while an admin reviews its provenance (a near copy of another creator's image): not shown publicly. */
    reviewStatus: text('review_status', { enum: ['clear', 'pending'] })
      .notNull()
      .default('clear'),
    /** The other creator's item it resembles, shown beside it in the review. */
    matchedItemId: uuid('matched_item_id'),
    /** Why it waits ('near_copy' or 'ai_declared': its Content Credentials declare generative AI); null when clear from the start. */
    reviewReason: text('review_reason', { enum: PROVENANCE_REASONS }),
    /** What the image's C2PA manifest said at upload (features/provenance/content-credentials.ts); null without one. */
    contentCredentials: jsonb('content_credentials').$type<ContentCredentials>(),
    createdAt: createdAt(),
  },
  (t) => [
    // The card thumbnails' exact order (newest first, id as tie-break), so the LATERAL read stops after 3 rows.
    index('portfolio_items_maker_created_id_idx').on(t.makerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('portfolio_items_perceptual_bands_idx').using('gin', t.perceptualBands),
    index('portfolio_items_pending_review_idx').on(t.createdAt).where(sql`${t.reviewStatus} = 'pending'`),
    check('portfolio_items_review_status', sql`${t.reviewStatus} IN ('clear', 'pending')`),
    check('portfolio_items_review_reason', sql`${t.reviewReason} IS NULL OR ${t.reviewReason} IN ('near_copy', 'ai_declared')`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: userRef('client_id'),
    makerId: text('maker_id').references(() => user.id, { onDelete: 'set null' }),
    mindId: text('mind_id').references(() => user.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    description: text('description').notNull(),
    deliverableType: deliverableCategoryEnum('deliverable_type').notNull(),
    budget: money('budget').notNull(),
    status: projectStatusEnum('status').notNull().default('draft'),
    deliverableUrl: text('deliverable_url'),
    flagged: boolean('flagged').notNull().default(false),
    flagReason: text('flag_reason'),
    /** The client–creator thread this project belongs to; kept after a decline so its history stays linked. */
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    /** Revision rounds the accepted offer includes, those used, and the extra ones the creator (or an admin) allowed. */
    revisionRounds: integer('revision_rounds').notNull().default(2),
    revisionsUsed: integer('revisions_used').notNull().default(0),
    extraRevisions: integer('extra_revisions').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_client_created_idx').on(t.clientId, t.createdAt.desc().nullsFirst()),
    index('projects_maker_created_idx').on(t.makerId, t.createdAt.desc().nullsFirst()),
    index('projects_mind_created_idx').on(t.mindId, t.createdAt.desc().nullsFirst()),
    index('projects_created_idx').on(t.createdAt.desc().nullsFirst()),
    index('projects_conversation_idx').on(t.conversationId),
    index('projects_flagged_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.flagged}`),
    check('projects_one_creator', sql`${t.makerId} IS NULL OR ${t.mindId} IS NULL`),
    check('projects_budget_nonneg', sql`${t.budget} >= 0`),
  ],
);

export const processDocs = pgTable(
  'process_docs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    makerId: userRef('maker_id'),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    fileUrl: text('file_url').notNull(),
    description: text('description'),
    /** The milestone it documents; null for docs made before milestones existed. */
    milestoneId: uuid('milestone_id').references(() => projectMilestones.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('process_docs_project_idx').on(t.projectId), index('process_docs_maker_idx').on(t.makerId)],
);

export const whiteGloveRequests = pgTable(
  'white_glove_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: userRef('client_id'),
    description: text('description').notNull(),
    deliverableType: deliverableCategoryEnum('deliverable_type').notNull(),
    budget: money('budget').notNull(),
    status: whiteGloveStatusEnum('status').notNull().default('pending'),
    curatedCreatorIds: text('curated_creator_ids').array().notNull().default(sql`'{}'`),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('white_glove_client_created_idx').on(t.clientId, t.createdAt.desc().nullsFirst()),
    index('white_glove_created_idx').on(t.createdAt.desc().nullsFirst()),
    check('white_glove_budget_nonneg', sql`${t.budget} >= 0`),
  ],
);

export const workshops = pgTable(
  'workshops',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description'),
    date: timestamp('date', { withTimezone: true }).notNull(),
    link: text('link'),
    maxParticipants: integer('max_participants').notNull().default(50),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('workshops_date_idx').on(t.date),
    check('workshops_max_participants_positive', sql`${t.maxParticipants} > 0`),
  ],
);

export const contactSubmissions = pgTable(
  'contact_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    status: contactStatusEnum('status').notNull().default('new'),
    source: contactSourceEnum('source').notNull().default('contact_page'),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    creatorName: text('creator_name'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_submissions_created_idx').on(t.createdAt.desc().nullsFirst())],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    reason: text('reason'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/**
 * The email outbox, read as a view over `jobs` (decision 198): an email is a job of kind `email` whose payload holds
 * the message, claimed with a lease (`jobs.locked_until`) because its send, a network call, runs outside any
 * transaction. Write emails through `createMailer` (mail/outbox.ts); this view is for reading them, with the columns
 * the outbox table had. `status` reads 'sent' for a delivered email (a job 'done').
 */
export const emailOutbox = pgView('email_outbox', {
  id: uuid('id').notNull(),
  type: text('type').notNull(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  replyTo: text('reply_to'),
  /** The one-click unsubscribe address sent as `List-Unsubscribe` (RFC 8058), for emails a person can turn off. */
  listUnsubscribe: text('list_unsubscribe'),
  status: text('status', { enum: EMAIL_STATUSES }).notNull(),
  attempts: integer('attempts').notNull(),
  nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  lastError: text('last_error'),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}).existing();

/**
 * One row whose `version` goes up, by statement-level triggers (migration 0003), whenever anything the public
 * creator listing shows changes: profiles, maker and mind profiles, portfolio items, roles. The listing's response
 * cache (features/marketplace/listing-cache.ts) is valid while this number stays the same. The bump commits with
 * the change that caused it, so every instance sharing the database sees both at once.
 */
export const listingVersion = pgTable(
  'listing_version',
  {
    id: integer('id').primaryKey(),
    version: integer('version').notNull().default(0),
  },
  (table) => [check('listing_version_single_row', sql`${table.id} = 1`)],
);

/** PostgreSQL's full-text document type; Drizzle has no built-in column for it. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The creator directory's search document, one row per maker or mind (decision 120). Derived data: statement
 * triggers on profiles, user_roles, maker_profiles, mind_profiles and portfolio_items rewrite a creator's row in
 * the writing transaction (migration 0005), so it can never disagree with the tables it is read from.
 * `is_public` is the one visibility rule (the role in user_roles has an approved profile of that role).
 */
export const creatorSearch = pgTable(
  'creator_search',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: appRoleEnum('role').notNull(),
    /** The role profile's id and created_at: the listing's own keyset, so "newest" means the same everywhere. */
    profileId: uuid('profile_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    isPublic: boolean('is_public').notNull(),
    sealVerified: boolean('seal_verified').notNull(),
    /** Deliverable categories (makers) or expertise areas (minds), as text. */
    categories: text('categories').array().notNull(),
    /** lower(unaccent(name)), for the name's word similarity in relevance. */
    nameKey: text('name_key').notNull(),
    /**
     * Weighted: name A, specialties B, bio C, portfolio titles D; unaccented, 'simple' configuration. It also holds
     * the filter lexemes ('§role:…', '§seal', '§cat:…', migration 0020) and each word of the name again as '§n:word'
     * (migration 0023), so a match in the name is read off the same GIN index without a recheck of weights.
     */
    document: tsvector('document').notNull(),
  },
  (t) => [
    index('creator_search_document_idx').using('gin', t.document).where(sql`${t.isPublic}`),
    index('creator_search_newest_idx').on(t.createdAt.desc().nullsFirst(), t.profileId.desc().nullsFirst()).where(sql`${t.isPublic}`),
  ],
);

/**
 * Every word of every creator's search document, once (migration 0023; a statement trigger on creator_search adds
 * new ones). A query word is compared by trigram similarity with this short list, not with 100,000 documents, and the
 * words it may be a typo of join the full-text query (decision 125). Words are never removed: a word nobody has any
 * more only widens a query by a term that matches nothing.
 */
export const searchLexicon = pgTable(
  'search_lexicon',
  {
    word: text('word').primaryKey(),
  },
  (t) => [index('search_lexicon_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
);

/**
 * Platform-wide settings an admin can change, one row per key (`src/domain/settings-schemas.ts` names the keys and
 * their defaults). A missing row means the default, so a fresh database needs no seed.
 */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});

/**
 * A project's process record: a hash chain over every process doc and deliverable, in upload order. Each entry's
 * hash covers its file's SHA-256, its kind, its time, its uploader and the previous entry's hash, so a swapped file
 * or a rewritten entry shows when the chain is recomputed. Append-only: a trigger (migration 0007) refuses updates,
 * and deletes unless the project itself is gone. The uploader is plain text, not a foreign key, so deleting an
 * account leaves the chain whole; its files go, and a tombstone entry says so.
 */
export const processRecordEntries = pgTable(
  'process_record_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: ['process_doc', 'deliverable', 'tombstone'] }).notNull(),
    fileUrl: text('file_url'),
    fileSha256: text('file_sha256'),
    uploaderId: text('uploader_id').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    prevHash: text('prev_hash').notNull(),
    entryHash: text('entry_hash').notNull(),
    /**
     * What the file's C2PA manifest said at upload (features/provenance/content-credentials.ts); null without one.
     * Outside the entry's hash: it is read from the file, whose own hash the chain already holds.
     */
    contentCredentials: jsonb('content_credentials').$type<ContentCredentials>(),
  },
  (t) => [
    uniqueIndex('process_record_entries_project_seq_idx').on(t.projectId, t.seq),
    check('process_record_entries_kind', sql`${t.kind} IN ('process_doc', 'deliverable', 'tombstone')`),
    check('process_record_entries_file', sql`(${t.kind} = 'tombstone') = (${t.fileSha256} IS NULL)`),
  ],
);

/**
 * What stays of a project's process record once the project itself is gone: a client's account deletion takes the
 * projects they commissioned, and the foreign key's cascade their record entries (decision 192). No foreign key, so
 * this row outlives them. It keeps the entries' hashes in order, not their files, people or times, so a Seal
 * credential that cites one of them reads as 'removed with an account deletion', not as a record that changed;
 * `chain_held` says whether the chain's links and hashes checked out when it was removed.
 */
export const processRecordRemovals = pgTable(
  'process_record_removals',
  {
    projectId: uuid('project_id').primaryKey(),
    reason: text('reason', { enum: ['client_account_deleted'] }).notNull(),
    entryHashes: text('entry_hashes').array().notNull(),
    chainHeld: boolean('chain_held').notNull(),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('process_record_removals_reason', sql`${t.reason} IN ('client_account_deleted')`)],
);

/**
 * A process doc or deliverable whose Content Credentials declare generative AI, waiting for (or cleared or removed
 * by) an admin in Provenance review. Kept beside the append-only record rather than in it, since a review changes state.
 */
export const projectFileReviews = pgTable(
  'project_file_reviews',
  {
    entryId: uuid('entry_id')
      .primaryKey()
      .references(() => processRecordEntries.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** 'removed': the admin removed the file; its bytes are gone and a tombstone in the record says so. */
    status: text('status', { enum: ['pending', 'clear', 'removed'] })
      .notNull()
      .default('pending'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('project_file_reviews_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('project_file_reviews_status', sql`${t.status} IN ('pending', 'clear', 'removed')`),
  ],
);

/**
 * Seal credentials issued: each a signed W3C Verifiable Credential (VC-JOSE, `jwt`) for one maker, with its own
 * position in the revocation status list (`status_index`). The list published at /credentials/status/seal is read
 * from `revoked_at`, which revoking the Seal sets in the revocation's own transaction. A deleted maker's
 * credentials stay listed (the maker set to null), revoked, so a copy anyone kept still reads as revoked.
 */
export const sealCredentials = pgTable(
  'seal_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    makerId: text('maker_id').references(() => user.id, { onDelete: 'set null' }),
    statusIndex: serial('status_index').notNull(),
    jwt: text('jwt').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('seal_credentials_status_index_idx').on(t.statusIndex), index('seal_credentials_maker_idx').on(t.makerId, t.issuedAt.desc().nullsFirst())],
);

// ---- Conversations: one thread per client–creator pair ----

export const MESSAGE_KINDS = ['text', 'system'] as const;
export const messageKindEnum = pgEnum('message_kind', MESSAGE_KINDS);

export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: userRef('client_id'),
    creatorId: userRef('creator_id'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    /** The participant who blocked the other; once set, neither can send in this conversation. */
    blockedBy: text('blocked_by').references(() => user.id, { onDelete: 'set null' }),
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.clientId, t.creatorId),
    index('conversations_client_recent_idx').on(t.clientId, t.lastMessageAt.desc().nullsFirst()),
    index('conversations_creator_recent_idx').on(t.creatorId, t.lastMessageAt.desc().nullsFirst()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One increasing number across all messages: the order in a thread and the SSE event id readers resume from. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Who wrote it, or whose action a system line records; null once that account is deleted. */
    senderId: text('sender_id').references(() => user.id, { onDelete: 'set null' }),
    kind: messageKindEnum('kind').notNull().default('text'),
    body: text('body').notNull(),
    /** The sender's own id for the send, so a retried request finds the message it already made. */
    clientMessageId: uuid('client_message_id'),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    projectEvent: text('project_event'),
    /** Set when an admin removes the message after a report; it then reads 'Message removed by Humanmade'. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_sender_client_id_key').on(t.senderId, t.clientMessageId),
    index('messages_conversation_seq_idx').on(t.conversationId, t.seq),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    /** Private storage key, served only through the conversation's attachment route. */
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

export const conversationReads = pgTable(
  'conversation_reads',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: userRef('user_id'),
    /** The highest message seq this participant has read. */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** The highest seq an unread-messages email has covered, and when the last one went (at most one an hour). */
    emailedSeq: bigint('emailed_seq', { mode: 'number' }).notNull().default(0),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.conversationId, t.userId] })],
);

export const REPORT_STATUSES = ['open', 'dismissed', 'removed'] as const;
export const reportStatusEnum = pgEnum('message_report_status', REPORT_STATUSES);

/** A participant's report of a message to the admins; resolved by dismissing it or removing the message. */
export const messageReports = pgTable(
  'message_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: reportStatusEnum('status').notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_reports_message_reporter_key').on(t.messageId, t.reporterId),
    index('message_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
  ],
);

/**
 * The in-app notification centre: one row per item. `subject_key` makes an item replaceable: a conversation has one
 * item per recipient ("New message from …") that each new message updates and marks unread again.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef('user_id'),
    kind: text('kind').notNull(),
    subjectKey: text('subject_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('notifications_user_subject_key').on(t.userId, t.subjectKey),
    index('notifications_user_recent_idx').on(t.userId, t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/**
 * The durable scheduler's timers (decision 150): one row per future action, fired once by whichever instance claims
 * it first (`FOR UPDATE SKIP LOCKED` inside the transaction that runs the action and marks it done). `key` names
 * the occurrence, so scheduling the same timer twice keeps one row. The email outbox shares this table (decision 198):
 * its rows are claimed with a lease instead, and the `email_outbox` view reads them.
 */
export const JOB_STATUSES = ['pending', 'done', 'cancelled', 'failed'] as const;
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /**
     * A lease, for a job whose action runs outside the claiming transaction (an email's send): another runner leaves
     * the row alone until this time passes. Timers fired inside their transaction hold a row lock instead.
     */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('jobs_key').on(t.key),
    /** An account's emails, found by address when the account is deleted. */
    index('jobs_email_to_idx').on(sql`lower(${t.payload}->>'to')`).where(sql`${t.kind} = 'email'`),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'pending'`),
    check('jobs_status_known', sql`${t.status} in ('pending', 'done', 'cancelled', 'failed')`),
  ],
);

/**
 * Every version of a creator's offer on a project (decision 151); a version never changes but for its answer. Versions
 * count per creator (decision 208): a draft reassigned after a decline starts its new creator at version 1.
 */
export const projectOffers = pgTable(
  'project_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    revisionRounds: integer('revision_rounds').notNull(),
    note: text('note').notNull().default(''),
    /** [{ title, amountCents, dueDate: 'YYYY-MM-DD' }], in order. */
    milestones: jsonb('milestones').$type<Array<{ title: string; amountCents: number; dueDate: string }>>().notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('pending'),
    responseNote: text('response_note'),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('project_offers_version_key').on(t.projectId, t.creatorId, t.version),
    check('project_offers_price_whole_dollars', sql`${t.priceCents} >= 100 and ${t.priceCents} % 100 = 0`),
    check('project_offers_rounds_range', sql`${t.revisionRounds} between 0 and 5`),
    check('project_offers_status_known', sql`${t.status} in ('pending', 'accepted', 'declined', 'changes_requested', 'superseded')`),
  ],
);

/** A project's milestones, in order; the project's status follows theirs (domain/milestones.ts). */
export const projectMilestones = pgTable(
  'project_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    dueDate: text('due_date'),
    status: text('status', { enum: MILESTONE_STATUSES }).notNull().default('pending'),
    deliverableUrl: text('deliverable_url'),
    /** How many times it has been submitted; names the timers of each submission. */
    submissions: integer('submissions').notNull().default(0),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    autoApproveAt: timestamp('auto_approve_at', { withTimezone: true }),
    revisionNote: text('revision_note'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    approvedByTime: boolean('approved_by_time').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('project_milestones_position_key').on(t.projectId, t.position),
    check('project_milestones_amount_nonneg', sql`${t.amountCents} >= 0`),
    check('project_milestones_position_range', sql`${t.position} between 1 and 10`),
    check('project_milestones_status_known', sql`${t.status} in ('pending', 'active', 'submitted', 'revision_requested', 'approved')`),
  ],
);

/** Per person, the kinds of email they turned off (decision 145); in-app notifications are always on. */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  emailOff: text('email_off').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: updatedAt(),
});

// ---- Reviews (decision 160): two-way and double-blind, after a completed project ----

/**
 * One per completed project: who may review whom, and until when. `published_at` is set when both reviews are in or
 * the window closes, whichever is first; the reviews are published together in that transaction.
 */
export const reviewWindows = pgTable(
  'review_windows',
  {
    projectId: uuid('project_id')
      .primaryKey()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('review_windows_client_idx').on(t.clientId), index('review_windows_creator_idx').on(t.creatorId)],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => reviewWindows.projectId, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['client_to_creator', 'creator_to_client'] }).notNull(),
    authorId: userRef('author_id'),
    subjectId: userRef('subject_id'),
    rating: integer('rating').notNull(),
    /** The client's sub-ratings and 'Would hire again'; null on a creator's review of a client. */
    communication: integer('communication'),
    quality: integer('quality'),
    onTime: integer('on_time'),
    wouldHireAgain: boolean('would_hire_again'),
    body: text('body').notNull(),
    /** Set with the other side's, never before: until then nobody but the author reads it. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Set by an admin ('Hidden by Humanmade'): the review leaves the averages; restoring clears it. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    replyBody: text('reply_body'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    /** Set by an admin ('Reply hidden by Humanmade'): the reply is withheld, the review stays; restoring clears it. */
    replyHiddenAt: timestamp('reply_hidden_at', { withTimezone: true }),
    replyHiddenReason: text('reply_hidden_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_project_direction_key').on(t.projectId, t.direction),
    // A studio's reviews, newest first (hidden ones keep their place).
    index('reviews_subject_published_idx')
      .on(t.subjectId, t.publishedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.publishedAt} IS NOT NULL`),
    index('reviews_author_idx').on(t.authorId),
    index('reviews_hidden_idx').on(t.hiddenAt.desc().nullsFirst()).where(sql`${t.hiddenAt} IS NOT NULL`),
    check('reviews_direction_known', sql`${t.direction} in ('client_to_creator', 'creator_to_client')`),
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    check(
      'reviews_client_fields',
      sql`(${t.direction} = 'client_to_creator') = (${t.communication} between 1 and 5 and ${t.quality} between 1 and 5 and ${t.onTime} between 1 and 5 and ${t.wouldHireAgain} is not null)`,
    ),
    check('reviews_body_length', sql`char_length(${t.body}) between 10 and 2000`),
    check('reviews_reply_length', sql`${t.replyBody} IS NULL OR char_length(${t.replyBody}) between 1 and 1000`),
  ],
);

export const REVIEW_REPORT_STATUSES = ['open', 'dismissed', 'hidden', 'reply_hidden'] as const;
export const reviewReports = pgTable(
  'review_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reviewId: uuid('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterId: text('reporter_id').references(() => user.id, { onDelete: 'set null' }),
    reason: text('reason'),
    status: text('status', { enum: REVIEW_REPORT_STATUSES }).notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_key').on(t.reviewId, t.reporterId),
    index('review_reports_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    check('review_reports_status_known', sql`${t.status} in ('open', 'dismissed', 'hidden', 'reply_hidden')`),
  ],
);

// ---- Money (decision 170): a double-entry ledger, funding requests (invoices) and payouts ----
// Money history outlives the people and projects it names: the ledger keeps bare ids (no foreign keys) and the
// documents keep what they say, so deleting an account or a project never deletes or rewrites a cent.

export const LEDGER_TRANSACTION_KINDS = ['funding', 'release', 'refund', 'split', 'payout'] as const;
export type LedgerTransactionKind = (typeof LEDGER_TRANSACTION_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** The client or creator it belongs to; null for the platform's fee account and for a project's escrow. */
    ownerId: text('owner_id'),
    /** Escrow only: the project whose money it holds. */
    projectId: uuid('project_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_kind_owner_project_key').on(t.kind, t.ownerId, t.projectId).nullsNotDistinct(),
    index('ledger_accounts_owner_idx').on(t.ownerId),
    index('ledger_accounts_project_idx').on(t.projectId),
    check('ledger_accounts_kind_known', sql`${t.kind} in ('funding', 'escrow', 'creator_payable', 'platform_fees', 'paid_out', 'refunded')`),
    check(
      'ledger_accounts_shape',
      sql`(${t.kind} = 'escrow') = (${t.projectId} IS NOT NULL) AND (${t.kind} in ('platform_fees', 'escrow')) = (${t.ownerId} IS NULL)`,
    ),
  ],
);

export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: LEDGER_TRANSACTION_KINDS }).notNull(),
    projectId: uuid('project_id'),
    milestoneId: uuid('milestone_id'),
    paymentId: uuid('payment_id'),
    payoutId: uuid('payout_id'),
    memo: text('memo'),
    createdBy: text('created_by'),
    /** Names the money move (e.g. `release:<milestone>`): a second attempt at the same move is refused, not doubled. */
    idempotencyKey: text('idempotency_key').notNull().unique('ledger_transactions_idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_transactions_project_idx').on(t.projectId),
    index('ledger_transactions_milestone_idx').on(t.milestoneId),
    check('ledger_transactions_kind_known', sql`${t.kind} in ('funding', 'release', 'refund', 'split', 'payout')`),
  ],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    accountId: uuid('account_id')
      .notNull()
      .references(() => ledgerAccounts.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    index('ledger_entries_transaction_idx').on(t.transactionId),
    index('ledger_entries_account_idx').on(t.accountId),
    check('ledger_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
  ],
);

/** A funding request: one invoice (manual) or checkout (Stripe) for one milestone. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    milestoneId: uuid('milestone_id').references(() => projectMilestones.id, { onDelete: 'set null' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    clientId: text('client_id').references(() => user.id, { onDelete: 'set null' }),
    /**
     * The client it was issued to, as a bare id that outlives their account, as the ledger's owner ids do (decision
     * 170): money that arrives after the account is gone is still booked to that client's funding and refunded.
     */
    payerId: text('payer_id'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('awaiting_payment'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for it (a Stripe Checkout Session), and where the client pays, when the provider has one. */
    providerRef: text('provider_ref'),
    checkoutUrl: text('checkout_url'),
    /** The bank's or provider's reference for the money received. */
    reference: text('reference'),
    invoiceNumber: text('invoice_number').notNull().unique('payments_invoice_number_key'),
    // What the invoice says, kept as issued: the document does not change when a project or a name does.
    projectTitle: text('project_title').notNull(),
    milestoneTitle: text('milestone_title').notNull(),
    milestonePosition: integer('milestone_position').notNull(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    /** The client's company as their profile named it at issue; null if none (and on invoices issued before 0025). */
    clientCompany: text('client_company'),
    creatorName: text('creator_name').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The day payment is due (YYYY-MM-DD, UTC), fixed at issue by the terms then (decision 177); null before 0025. */
    dueDate: text('due_date'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // At most one open or paid payment per milestone: a second 'fund' finds the first, and money arrives once.
    uniqueIndex('payments_milestone_live_key').on(t.milestoneId).where(sql`${t.status} in ('awaiting_payment', 'paid')`),
    index('payments_client_idx').on(t.clientId, t.issuedAt),
    index('payments_project_idx').on(t.projectId),
    index('payments_open_idx').on(t.issuedAt).where(sql`${t.status} = 'awaiting_payment'`),
    check('payments_amount_positive', sql`${t.amountCents} > 0`),
    check('payments_status_known', sql`${t.status} in ('awaiting_payment', 'paid', 'cancelled')`),
    check('payments_provider_known', sql`${t.provider} in ('manual', 'stripe')`),
  ],
);

/**
 * A refund the platform owes a client who paid by bank transfer (decision 216): written when a settlement moves money
 * to their `refunded` account under the manual provider, and recorded as sent by an admin, with the transfer's
 * reference. Stripe refunds go through the provider's refund job instead.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The settlement that owes it: one request per ledger transaction. */
    ledgerTransactionId: uuid('ledger_transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id),
    paymentId: uuid('payment_id').references(() => payments.id),
    /** The client; kept as a bare id after their account is deleted, like the ledger's (decision 183). */
    clientId: text('client_id').notNull(),
    clientName: text('client_name').notNull(),
    clientEmail: text('client_email').notNull(),
    invoiceNumber: text('invoice_number'),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['requested', 'sent'] }).notNull().default('requested'),
    reference: text('reference'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentBy: text('sent_by'),
  },
  (t) => [
    unique('refund_requests_ledger_transaction_key').on(t.ledgerTransactionId),
    index('refund_requests_requested_idx').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
    check('refund_requests_amount_positive', sql`${t.amountCents} > 0`),
    check('refund_requests_status_known', sql`${t.status} in ('requested', 'sent')`),
    check('refund_requests_sent_has_reference', sql`${t.status} <> 'sent' OR (${t.reference} IS NOT NULL AND ${t.sentAt} IS NOT NULL)`),
  ],
);

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: text('creator_id').references(() => user.id, { onDelete: 'set null' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    status: text('status', { enum: PAYOUT_STATUSES }).notNull().default('requested'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerRef: text('provider_ref'),
    reference: text('reference'),
    receiptNumber: text('receipt_number').unique('payouts_receipt_number_key'),
    creatorName: text('creator_name').notNull(),
    creatorEmail: text('creator_email').notNull(),
    /**
     * The account this payout is to be paid to, copied from the creator's payout details when it was requested
     * (decision 173): a later edit of their details does not redirect a requested payout. Null on older requests.
     */
    payTo: jsonb('pay_to').$type<BankDetails>(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the creator withdrew the request (decision 228); it never reached the ledger, so nothing is posted. */
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /**
     * The receipt's context lines, as issued (decision 228): what had been released to the creator (after fees) and the
     * fees withheld on those releases, read in the transaction that paid it. Later releases do not change a receipt.
     */
    receiptEarnedCents: bigint('receipt_earned_cents', { mode: 'number' }),
    receiptFeesCents: bigint('receipt_fees_cents', { mode: 'number' }),
  },
  (t) => [
    index('payouts_creator_idx').on(t.creatorId, t.requestedAt),
    index('payouts_requested_idx').on(t.requestedAt).where(sql`${t.status} = 'requested'`),
    // A requested payout is at least $1 (the service's floor too); a Stripe transfer of a small release or split
    // share is paid as it is, and has its receipt like any other (decision 193).
    check('payouts_amount_min', sql`${t.amountCents} > 0 AND (${t.provider} = 'stripe' OR ${t.amountCents} >= 100)`),
    check('payouts_status_known', sql`${t.status} in ('requested', 'paid', 'cancelled')`),
    check('payouts_paid_has_receipt', sql`${t.status} <> 'paid' OR ${t.receiptNumber} IS NOT NULL`),
    check('payouts_cancelled_has_time', sql`${t.status} <> 'cancelled' OR ${t.cancelledAt} IS NOT NULL`),
    check('payouts_paid_has_receipt_figures', sql`${t.status} <> 'paid' OR (${t.receiptEarnedCents} IS NOT NULL AND ${t.receiptFeesCents} IS NOT NULL)`),
  ],
);

/**
 * Where a creator is paid for manual payouts (decision 173), one row per creator, stored normalized. Read only by
 * its creator (masked but for the last four characters of the account number) and by admins (in full, through the
 * snapshot each payout request keeps).
 */
export const payoutDetails = pgTable('payout_details', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  accountHolder: text('account_holder').notNull(),
  accountNumber: text('account_number').notNull(),
  routingCode: text('routing_code'),
  bankName: text('bank_name'),
  country: text('country'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The last number given per document kind and year; taken with UPDATE … RETURNING so a rollback gives it back. */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: ['invoice', 'receipt'] }).notNull(),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.kind, t.year] }), check('document_counters_kind_known', sql`${t.kind} in ('invoice', 'receipt')`)],
);

// ─── Stripe provider (decision 171) ─────────────────────────────────────────────────────────────────────────
// Kept together at the end of the file: the money core's tables are written beside these in parallel.

export const STRIPE_CONNECT_STATES = ['pending', 'ready'] as const;
/** A creator's Stripe Connect Express account; its state follows the account.updated webhooks. */
export const stripeAccounts = pgTable(
  'stripe_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    state: text('state', { enum: STRIPE_CONNECT_STATES }).notNull().default('pending'),
    chargesEnabled: boolean('charges_enabled').notNull().default(false),
    payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
    detailsSubmitted: boolean('details_submitted').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('stripe_accounts_account_key').on(t.accountId), check('stripe_accounts_state_known', sql`${t.state} in ('pending', 'ready')`)],
);

/**
 * Every webhook event applied, by Stripe's event id. The row is written in the transaction of the event's effect,
 * so an event is applied exactly once whichever instance receives it and however often Stripe redelivers it.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  processedAt: timestamp('processed_at', { withTimezone: true }),
});

export const STRIPE_OPERATION_KINDS = ['transfer', 'refund'] as const;
/** Money the platform moved at Stripe (a transfer to a creator, a refund to a client), keyed by its idempotency key. */
export const stripeOperations = pgTable(
  'stripe_operations',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    kind: text('kind', { enum: STRIPE_OPERATION_KINDS }).notNull(),
    ledgerTransactionId: uuid('ledger_transaction_id').notNull(),
    stripeId: text('stripe_id').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [check('stripe_operations_kind_known', sql`${t.kind} in ('transfer', 'refund')`), check('stripe_operations_amount_positive', sql`${t.amountCents} > 0`)],
);

/**
 * A client's saved creators (decision 187): a private shortlist, one row per client and creator. Both sides cascade
 * with their accounts; a creator who is no longer public simply drops out of the list when it is read.
 */
export const savedCreators = pgTable(
  'saved_creators',
  {
    clientId: userRef('client_id'),
    creatorId: userRef('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.creatorId] }), index('saved_creators_creator_idx').on(t.creatorId)],
);
