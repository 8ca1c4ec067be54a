import { z } from 'zod';
import { LIMITS } from './constants';
import { nameField } from './auth-schemas';
import { VALIDATION_MESSAGES as M } from './messages';
import { HONEYPOT_FIELD } from './contact-copy';

export { CONTACT_MESSAGES, HONEYPOT_FIELD } from './contact-copy';

/** The product's contact email: trimmed, a valid address ('Invalid email address', also when empty), at most 255. */
const contactEmailField = z
  .string({ error: M.emailInvalid })
  .trim()
  .max(LIMITS.emailMax, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

const messageField = z
  .string({ error: M.messageRequired })
  .trim()
  .min(1, M.messageRequired)
  .max(LIMITS.messageMax, M.messageTooLong);

/** The product's contact schema, shared by the Contact page, the marketplace dialog and the server. */
export const contactSchema = z.object({
  name: nameField,
  email: contactEmailField,
  message: messageField,
});
export type ContactInput = z.infer<typeof contactSchema>;

/** What the browser sends: the visible fields plus the honeypot. */
export const contactRequestSchema = contactSchema.extend({
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const contactAcceptedSchema = z.object({ ok: z.literal(true) });
