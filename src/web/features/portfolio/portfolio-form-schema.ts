import { z } from 'zod';
import { fileTooLargeMessage } from '../../../domain/messages';
import { PORTFOLIO_MESSAGES, portfolioItemFieldsSchema } from '../../../domain/portfolio-schemas';
import { bytesLimit, UPLOAD_RULES } from '../../../domain/upload-policy';

const rule = UPLOAD_RULES.portfolioImage;

/** The shared item fields plus the image the browser holds; the size is checked here before sending. */
export const portfolioFormSchema = portfolioItemFieldsSchema.extend({
  file: z
    .custom<File>((value) => value instanceof File, { error: PORTFOLIO_MESSAGES.imageRequired })
    .refine((file) => file.size <= bytesLimit(rule), fileTooLargeMessage(rule.maxMb)),
});
export type PortfolioFormInput = z.input<typeof portfolioFormSchema>;
export type PortfolioFormValues = z.output<typeof portfolioFormSchema>;
