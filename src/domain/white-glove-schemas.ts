import { z } from 'zod';
import { DELIVERABLE_CATEGORIES, LIMITS, WHITE_GLOVE_STATUSES } from './constants';
import { budgetField, deliverableTypeField } from './project-schemas';

export const WHITE_GLOVE_MESSAGES = {
  submitted: "White Glove request submitted! We'll curate 3 perfect matches within 24-48 hours.",
  submitFailed: 'Error submitting request',
  descriptionRequired: 'Please describe what you need',
  descriptionTooLong: 'Description must be less than 2000 characters',
} as const;

export const whiteGloveRequestSchema = z.object({
  description: z
    .string({ error: WHITE_GLOVE_MESSAGES.descriptionRequired })
    .trim()
    .min(1, WHITE_GLOVE_MESSAGES.descriptionRequired)
    .max(2000, WHITE_GLOVE_MESSAGES.descriptionTooLong),
  deliverableType: deliverableTypeField,
  budget: budgetField,
});
export type WhiteGloveRequestInput = z.infer<typeof whiteGloveRequestSchema>;

export const whiteGloveRequestViewSchema = z.object({
  id: z.string(),
  description: z.string(),
  deliverableType: z.enum(DELIVERABLE_CATEGORIES),
  budget: z.number(),
  status: z.enum(WHITE_GLOVE_STATUSES),
  curatedCreatorIds: z.array(z.string()),
  createdAt: z.string(),
  dueAt: z.string(),
});
export type WhiteGloveRequestView = z.infer<typeof whiteGloveRequestViewSchema>;

/** The product's rule: a request is due 48 hours after it was made. */
export const whiteGloveDueAt = (createdAt: Date): Date => new Date(createdAt.getTime() + LIMITS.whiteGloveDueHours * 60 * 60 * 1000);

export const curatedMatchesLabel = (count: number): string => `${count} creators selected for you`;
