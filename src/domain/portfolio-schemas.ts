import { z } from 'zod';
import { contentCredentialsSchema } from './content-credentials';
import { DELIVERABLE_CATEGORIES } from './constants';

export const PORTFOLIO_TITLE_MAX = 120;
export const PORTFOLIO_DESCRIPTION_MAX = 1000;
/** A portfolio shows a creator's best work; past this many items they are asked to prune. */
export const PORTFOLIO_MAX_ITEMS = 60;

/** The product's portfolio messages word for word, plus our own where it names none. */
export const PORTFOLIO_MESSAGES = {
  loginRequired: 'You must be logged in to upload portfolio items',
  titleRequired: 'Please enter a title',
  titleTooLong: `Title must be less than ${PORTFOLIO_TITLE_MAX} characters`,
  categoryRequired: 'Please select a category',
  imageRequired: 'Please upload an image',
  descriptionTooLong: `Description must be less than ${PORTFOLIO_DESCRIPTION_MAX} characters`,
  added: 'Portfolio item added!',
  addFailed: 'Error uploading portfolio item',
  deleted: 'Portfolio item deleted',
  deleteFailed: 'Error deleting item',
  tooMany: `You can show up to ${PORTFOLIO_MAX_ITEMS} portfolio items. Delete one to add another.`,
} as const;

/** The text fields sent with a portfolio image (multipart form fields, so all strings). */
export const portfolioItemFieldsSchema = z.object({
  title: z
    .string({ error: PORTFOLIO_MESSAGES.titleRequired })
    .trim()
    .min(1, PORTFOLIO_MESSAGES.titleRequired)
    .max(PORTFOLIO_TITLE_MAX, PORTFOLIO_MESSAGES.titleTooLong),
  category: z.enum(DELIVERABLE_CATEGORIES, { error: PORTFOLIO_MESSAGES.categoryRequired }),
  description: z
    .string()
    .trim()
    .max(PORTFOLIO_DESCRIPTION_MAX, PORTFOLIO_MESSAGES.descriptionTooLong)
    .optional()
    .transform((value) => (value ? value : null)),
});
export type PortfolioItemFieldsInput = z.input<typeof portfolioItemFieldsSchema>;
export type PortfolioItemFields = z.output<typeof portfolioItemFieldsSchema>;

export const portfolioItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.enum(DELIVERABLE_CATEGORIES),
  imageUrl: z.string(),
  thumbnailUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Held for a provenance review (it closely resembles another creator's image): shown to its owner only. */
  inReview: z.boolean().optional(),
  /** What the image's Content Credentials (C2PA manifest) said at upload, when it carried a valid one. */
  contentCredentials: contentCredentialsSchema.nullable().optional(),
});
export type PortfolioItem = z.infer<typeof portfolioItemSchema>;
