import { z } from 'zod';
import { contentCredentialsSchema, PROVENANCE_REASONS } from './content-credentials';
import {
  APPLICATION_STATUSES,
  CONTACT_STATUSES,
  DELIVERABLE_CATEGORIES,
  EXPERTISE_AREAS,
  LIMITS,
  PROJECT_STATUSES,
  SEAL_STATUSES,
  SUBSCRIPTION_PLANS,
  USER_ROLES,
  WHITE_GLOVE_STATUSES,
} from './constants';

/** The admin dashboard's toasts (the product's) and the rules' refusals, shared by server, browser and tests. */
export const ADMIN_MESSAGES = {
  loadFailed: 'Error loading dashboard data',
  approved: 'Application approved!',
  approveFailed: 'Error approving application',
  rejected: 'Application rejected',
  rejectFailed: 'Error rejecting application',
  notPending: 'This application is no longer pending. Someone may have reviewed it already.',
  sealAssigned: 'Seal assigned!',
  sealAssignFailed: 'Error assigning seal',
  sealNotEligible: 'This maker is not eligible for the Seal: they need 3 completed projects with process docs.',
  sealRevoked: 'Seal revoked',
  sealRevokeFailed: 'Error revoking seal',
  sealNotVerified: 'This maker does not hold the Seal.',
  userDeleted: 'User deleted successfully',
  userDeleteFailed: 'Error deleting user',
  cannotDeleteSelf: 'You cannot delete your own account.',
  flagCleared: 'Flag cleared. The project is back with the client for review.',
  flagClearFailed: 'Error clearing flag',
  projectCancelled: 'Project cancelled',
  projectCancelFailed: 'Error cancelling project',
  projectNotFlagged: 'This project is not flagged for review any more.',
  matchesSaved: 'Matches sent to the client!',
  curateFailed: 'Error saving matches',
  curateExactly: 'Choose exactly 3 creators',
  curateDistinct: 'Choose 3 different creators',
  curateNotApproved: 'Every match must be an approved maker or mind.',
  requestNotPending: 'This request has already been curated.',
  reasonTooLong: 'Reason must be less than 1000 characters',
  /** Cancelling a project under way (decision 193): both sides are told why. */
  cancelReasonRequired: 'Please say why the project is cancelled',
} as const;

const M = ADMIN_MESSAGES;
export const REASON_MAX = 1000;

/** An optional note from the admin (rejection, flag decision, seal revocation); empty means none. */
export const reasonSchema = z.object({ reason: z.string().trim().max(REASON_MAX, M.reasonTooLong).optional() });
export type ReasonInput = z.infer<typeof reasonSchema>;

/** The admin's cancellation of a project under way (decision 193): the reason is required, as both sides are told it. */
export const cancelActiveProjectSchema = z.object({
  reason: z.string({ error: M.cancelReasonRequired }).trim().min(1, M.cancelReasonRequired).max(REASON_MAX, M.reasonTooLong),
});

export const APPLICANT_ROLES = ['maker', 'mind'] as const;
export type ApplicantRole = (typeof APPLICANT_ROLES)[number];
export const applicantParamsSchema = z.object({ role: z.enum(APPLICANT_ROLES), userId: z.string().min(1) });

export const curateMatchesSchema = z.object({
  creatorIds: z
    .array(z.string().min(1), { error: M.curateExactly })
    .length(LIMITS.whiteGloveMatches, M.curateExactly)
    .refine((ids) => new Set(ids).size === ids.length, M.curateDistinct),
});
export type CurateMatchesInput = z.infer<typeof curateMatchesSchema>;

export const adminUsersQuerySchema = z.object({ q: z.string().trim().max(100).optional() });
export const adminProjectsQuerySchema = z.object({ filter: z.enum(['all', 'flagged']).default('all') });
export const candidatesQuerySchema = z.object({
  all: z.enum(['true', 'false']).default('false'),
  q: z.string().trim().max(100).optional(),
});

// ---- Pure rules ----

const HOUR_MS = 60 * 60 * 1000;

/** A White Glove request is due 48 hours after it was made (the product's rule). */
export const whiteGloveDueAt = (createdAt: Date): Date => new Date(createdAt.getTime() + LIMITS.whiteGloveDueHours * HOUR_MS);

export const isWhiteGloveOverdue = (status: string, createdAt: Date, now: Date = new Date()): boolean =>
  status === 'pending' && whiteGloveDueAt(createdAt).getTime() < now.getTime();

/** "branding_packages" → "branding packages", as the product shows categories. */
export const humanizeCategory = (value: string): string => value.replace(/_/g, ' ');

// ---- Responses (dates travel as ISO strings) ----

const iso = z.string();

export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  pendingApplications: z.number().int(),
  totalProjects: z.number().int(),
  sealEligible: z.number().int(),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

const applicantBase = {
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  avatarUrl: z.string().nullable(),
  bio: z.string().nullable(),
  introVideoUrl: z.string().nullable(),
  portfolioCount: z.number().int(),
  submittedAt: iso.nullable(),
};
export const makerApplicationSchema = z.object({
  ...applicantBase,
  experienceYears: z.number().int().nullable(),
  websiteLink: z.string().nullable(),
  deliverableCategories: z.array(z.enum(DELIVERABLE_CATEGORIES)),
});
export const mindApplicationSchema = z.object({
  ...applicantBase,
  subscriptionPlan: z.enum(SUBSCRIPTION_PLANS),
  expertiseAreas: z.array(z.enum(EXPERTISE_AREAS)),
});
export type MakerApplication = z.infer<typeof makerApplicationSchema>;
export type MindApplication = z.infer<typeof mindApplicationSchema>;
export const applicationsResponseSchema = z.object({ makers: z.array(makerApplicationSchema), minds: z.array(mindApplicationSchema) });
export const applicationDecisionSchema = z.object({ userId: z.string(), role: z.enum(APPLICANT_ROLES), status: z.enum(APPLICATION_STATUSES) });

export const sealMakerSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  qualifyingProjects: z.number().int(),
  sealStatus: z.enum(SEAL_STATUSES),
});
export type SealMaker = z.infer<typeof sealMakerSchema>;
export const sealListSchema = z.object({ eligible: z.array(sealMakerSchema), verified: z.array(sealMakerSchema) });

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.enum(USER_ROLES).nullable(),
  createdAt: iso,
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema), total: z.number().int(), limit: z.number().int() });

export const adminProjectSchema = z.object({
  id: z.string(),
  title: z.string(),
  deliverableType: z.enum(DELIVERABLE_CATEGORIES),
  status: z.enum(PROJECT_STATUSES),
  budget: z.number(),
  flagged: z.boolean(),
  flagReason: z.string().nullable(),
  clientName: z.string().nullable(),
  creatorName: z.string().nullable(),
  createdAt: iso,
});
export type AdminProject = z.infer<typeof adminProjectSchema>;
export const adminProjectsResponseSchema = z.object({ projects: z.array(adminProjectSchema) });

export const adminWhiteGloveSchema = z.object({
  id: z.string(),
  companyName: z.string().nullable(),
  description: z.string(),
  deliverableType: z.enum(DELIVERABLE_CATEGORIES),
  budget: z.number(),
  status: z.enum(WHITE_GLOVE_STATUSES),
  curatedCreatorIds: z.array(z.string()),
  createdAt: iso,
  dueAt: iso,
  completedAt: iso.nullable(),
  isOverdue: z.boolean(),
});
export type AdminWhiteGloveRequest = z.infer<typeof adminWhiteGloveSchema>;
export const adminWhiteGloveResponseSchema = z.object({ requests: z.array(adminWhiteGloveSchema) });

export const curationCandidateSchema = z.object({
  userId: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  role: z.enum(APPLICANT_ROLES),
  sealStatus: z.enum(SEAL_STATUSES),
  /** Deliverable categories for makers, expertise areas for minds. */
  specialties: z.array(z.string()),
  matchesType: z.boolean(),
});
export type CurationCandidate = z.infer<typeof curationCandidateSchema>;
export const candidatesResponseSchema = z.object({ creators: z.array(curationCandidateSchema) });

export const contactSubmissionSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  source: z.enum(['contact_page', 'marketplace']),
  creatorName: z.string().nullable(),
  createdAt: iso,
});
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;
export const contactSubmissionsResponseSchema = z.object({ submissions: z.array(contactSubmissionSchema) });

export const AUDIT_ACTIONS = [
  'application.approve',
  'application.reject',
  'seal.assign',
  'seal.revoke',
  'user.delete',
  'project.clear_flag',
  'project.cancel',
  'project.auto_approve',
  'project.allow_revision',
  'project.cancel_active',
  'project.withdraw',
  'white_glove.curate',
  'workshop.create',
  'settings.update',
  'provenance.approve',
  'provenance.remove',
  'provenance.clear_project_file',
  'provenance.remove_project_file',
  'report.dismiss',
  'message.remove',
  'review.hide',
  'review.restore',
  'review.hide_reply',
  'review.restore_reply',
  'review_report.dismiss',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const auditEntrySchema = z.object({
  id: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: iso,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({ entries: z.array(auditEntrySchema) });

export const okSchema = z.object({ ok: z.literal(true) });

/** The Provenance review: portfolio images held because they closely resemble another creator's, or declare generative AI (features/admin-provenance). */
const provenanceImageSchema = z.object({
  id: z.string(),
  title: z.string(),
  imageUrl: z.string(),
  createdAt: iso,
  maker: z.object({ id: z.string(), name: z.string() }),
});
export const provenanceReviewItemSchema = provenanceImageSchema.extend({
  match: provenanceImageSchema.nullable(),
  /** Why it waits: a near copy of another creator's image, or Content Credentials that declare generative AI. */
  reason: z.enum(PROVENANCE_REASONS),
  contentCredentials: contentCredentialsSchema.nullable(),
});
export type ProvenanceReviewItem = z.infer<typeof provenanceReviewItemSchema>;
export const provenanceReviewResponseSchema = z.object({ items: z.array(provenanceReviewItemSchema) });
/** Process docs and deliverables whose Content Credentials declare generative AI, for an admin to look at and clear. */
export const projectFileReviewItemSchema = z.object({
  entryId: z.string(),
  projectId: z.string(),
  projectTitle: z.string(),
  kind: z.enum(['process_doc', 'deliverable']),
  fileUrl: z.string().nullable(),
  createdAt: iso,
  uploader: z.object({ id: z.string(), name: z.string() }),
  contentCredentials: contentCredentialsSchema.nullable(),
});
export type ProjectFileReviewItem = z.infer<typeof projectFileReviewItemSchema>;
export const projectFileReviewResponseSchema = z.object({ items: z.array(projectFileReviewItemSchema) });
/** The same optional note as every other admin decision: the removal dialog counts to REASON_MAX, so the server takes as much. */
export const provenanceRemoveSchema = reasonSchema;

export const PROVENANCE_MESSAGES = {
  approved: 'Image cleared',
  removed: 'Image removed',
  notPending: 'This image is not waiting for review any more.',
  notFound: 'Portfolio item not found',
  fileCleared: 'File approved',
  fileRemoved: 'File removed',
  fileNotFound: 'Project file not found',
} as const;
