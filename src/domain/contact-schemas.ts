import { z } from 'zod';
import { LIMITS } from './constants';
import { nameField } from './auth-schemas';
import { VALIDATION_MESSAGES as M } from './messages';

/** Contact copy quoted verbatim from spec section 8. */
export const CONTACT_MESSAGES = {
  pageSuccess: "Thank you for reaching out. We'll be in touch shortly.",
  pageFailure: 'Error submitting form',
  sending: 'Sending...',
  marketplaceSuccess: "Message sent! We'll get back to you soon.",
  marketplaceFailure: 'Failed to send message',
} as const;

/** The hidden field bots fill in and people never see; a filled one is accepted silently and dropped. */
export const HONEYPOT_FIELD = 'website';

/** Spec section 5's contact email: trimmed, a valid address ('Invalid email address', also when empty), at most 255. */
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

/** The contact schema of spec section 5, shared by the Contact page, the marketplace dialog and the server. */
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
