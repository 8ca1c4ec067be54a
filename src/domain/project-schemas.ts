import { z } from 'zod';
import { milestoneViewSchema, offerViewSchema, revisionsViewSchema } from './milestones';
import { BUDGET_MAX, DELIVERABLE_CATEGORIES, PROJECT_STATUSES, type DeliverableCategory } from './constants';
import { projectFileProvenanceSchema } from './content-credentials';

/** The product's toasts for projects, word for word. */
export const PROJECT_MESSAGES = {
  created: 'Project created successfully!',
  createFailed: 'Error creating project',
  accepted: 'Project accepted!',
  acceptFailed: 'Error accepting project',
  declined: 'Project declined',
  declineFailed: 'Error declining project',
  deliverableSubmitted: 'Deliverable submitted for review!',
  deliverableFailed: 'Error uploading deliverable',
  processDocUploaded: 'Process doc uploaded!',
  processDocFailed: 'Error uploading process doc',
  completed: 'Project completed!',
  approveFailed: 'Error approving project',
  flagged: 'Work flagged for admin review',
  flagFailed: 'Error flagging work',
  // Our own wording, for assigning a creator and cancelling (the product's toasts above name neither).
  assigned: 'Creator assigned to your project',
  assignFailed: 'Error assigning creator',
  cancelled: 'Project cancelled',
  cancelFailed: 'Error cancelling project',
  /** The creator leaves a project under way (decision 193). */
  withdrawn: 'You withdrew from the project',
  withdrawFailed: 'Error withdrawing from project',
  /** Plain Accept of a draft made before budgets started at $1 (decision 189): an offer names a price instead. */
  noBudgetToAccept: 'This project has no budget to accept. Send an offer with a price instead.',
} as const;

export const PROJECT_FIELD_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: 'Title must be less than 200 characters',
  descriptionRequired: 'Please enter a description',
  descriptionTooLong: 'Description must be less than 5000 characters',
  deliverableTypeRequired: 'Please select a deliverable type',
  budgetRequired: 'Please enter a budget',
  budgetTooSmall: 'Budget must be at least $1',
  budgetTooLarge: 'Budget must be less than $1,000,000,000',
  budgetCents: 'Budget can have at most two decimal places',
  creatorUnavailable: 'Please choose an approved creator',
  creatorBlocked: 'You can no longer start a project with this creator',
  creatorRequired: 'Please choose a creator',
  deliverableFileRequired: 'Please upload your deliverable',
  processFileRequired: 'Please upload a screenshot',
  processDescriptionTooLong: 'Description must be less than 1000 characters',
} as const;

const M = PROJECT_FIELD_MESSAGES;

export { BUDGET_MAX };

/**
 * A money amount in dollars, at least $1 (an offer's smallest price: a $0 project would start a milestone nobody
 * can fund, decision 189), at most two decimals, as a real number (never a string).
 */
export const budgetField = z
  .number({ error: M.budgetRequired })
  .min(1, M.budgetTooSmall)
  .max(BUDGET_MAX - 0.01, M.budgetTooLarge)
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, M.budgetCents);

export const deliverableTypeField = z.enum(DELIVERABLE_CATEGORIES, { error: M.deliverableTypeRequired });

export const creatorIdField = z.string({ error: M.creatorRequired }).trim().min(1, M.creatorRequired).max(100, M.creatorUnavailable);

export const createProjectSchema = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(200, M.titleTooLong),
  description: z.string({ error: M.descriptionRequired }).trim().min(1, M.descriptionRequired).max(5000, M.descriptionTooLong),
  deliverableType: deliverableTypeField,
  budget: budgetField,
  creatorId: creatorIdField.nullish(),
});
export type CreateProjectInput = z.infer<typeof createProjectSchema>;

export const assignCreatorSchema = z.object({ creatorId: creatorIdField });
export type AssignCreatorInput = z.infer<typeof assignCreatorSchema>;

/** The text field sent with a process screenshot (multipart). */
export const processDocFieldsSchema = z.object({
  description: z.string().trim().max(1000, M.processDescriptionTooLong).optional(),
});

export const PROCESS_DOC_HINT = 'Add 3 to 4 screenshots of your process: sketches, drafts, work in progress.';

export const CREATOR_ROLES = ['maker', 'mind'] as const;
export type CreatorRole = (typeof CREATOR_ROLES)[number];

export const projectPersonSchema = z.object({ id: z.string(), name: z.string() });

export const projectViewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  deliverableType: z.enum(DELIVERABLE_CATEGORIES),
  budget: z.number(),
  status: z.enum(PROJECT_STATUSES),
  flagged: z.boolean(),
  flagReason: z.string().nullable(),
  deliverableUrl: z.string().nullable(),
  /** The same for the file at `deliverableUrl`; null without one. The server always sends it. */
  deliverableProvenance: projectFileProvenanceSchema.nullable().optional(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** The client–creator thread the project belongs to, once it has a creator. */
  conversationId: z.string().nullable(),
  client: projectPersonSchema.extend({ companyName: z.string().nullable() }),
  creator: projectPersonSchema.extend({ role: z.enum(CREATOR_ROLES), avatarUrl: z.string().nullable() }).nullable(),
  processDocs: z.array(
    z.object({
      id: z.string(),
      fileUrl: z.string(),
      description: z.string().nullable(),
      milestoneId: z.string().nullable(),
      createdAt: z.string(),
      /** Its Content Credentials and whether Provenance review holds it (decision 227). The server always sends it. */
      provenance: projectFileProvenanceSchema.optional(),
    }),
  ),
  /** Every version of the creator's offer, newest first (decision 151). */
  offers: z.array(offerViewSchema),
  /** The milestones of an accepted project, in order; empty for a draft. */
  milestones: z.array(milestoneViewSchema),
  revisions: revisionsViewSchema,
});
export type ProjectView = z.infer<typeof projectViewSchema>;

export const projectListSchema = z.object({ projects: z.array(projectViewSchema) });
export type ProjectList = z.infer<typeof projectListSchema>;

/** Figures for dashboard stat cards, counted from the projects table; earnings only for creators. */
export const projectSummarySchema = z.object({
  activeProjects: z.number().int(),
  inReviewProjects: z.number().int(),
  completedProjects: z.number().int(),
  earningsTotal: z.number().nullable(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** The product shows categories with underscores as spaces ("branding packages"). */
export const formatDeliverableType = (type: DeliverableCategory | string): string => type.replace(/_/g, ' ');

export const formatBudget = (amount: number): string =>
  `$${amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

export const PROJECT_STATUS_LABELS = {
  draft: 'Draft',
  active: 'Active',
  in_review: 'In review',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const;
