/**
 * A form the browser posted natively (before the app's scripts ran, or without them) that the server could not
 * accept: the page is rendered again with the values entered and one message per field (docs/decisions/105).
 * Passwords are never among the values.
 */

/** The forms of the public pages that post to the server, named by their hidden `form` field. */
export const POSTED_FORMS = ['login', 'signup', 'contact', 'creator-contact', 'reset-request', 'reset-password', 'verify'] as const;
export type PostedFormName = (typeof POSTED_FORMS)[number];

/** The hidden field that says which form of a page was posted. */
export const FORM_NAME_FIELD = 'form';

export const isPostedFormName = (value: unknown): value is PostedFormName => (POSTED_FORMS as readonly unknown[]).includes(value);

export interface PostedForm {
  form: PostedFormName;
  /** What was entered, as text; never a password. */
  values: Record<string, string>;
  /** One message per field, as the JSON API gives them. */
  errors: Record<string, string>;
  /** A message about the whole form (wrong credentials, too many attempts, a failure on our side). */
  message?: string;
}

/** The element that carries a posted form in the page, beside the first-paint data (JSON, never executed). */
export const POSTED_FORM_ID = 'posted-form';

/** Fields whose values are never echoed into a page, whatever form they arrive in. */
const SECRET_FIELDS = new Set(['password', 'newPassword', 'confirmPassword', 'currentPassword', 'token']);

/** The posted text values worth giving back: known fields only, secrets left out, each at most `maxLength` long. */
export const keptValues = (body: Record<string, unknown>, fields: readonly string[], maxLength = 5000): Record<string, string> => {
  const kept: Record<string, string> = {};
  for (const field of fields) {
    const value = body[field];
    if (typeof value === 'string' && !SECRET_FIELDS.has(field)) kept[field] = value.slice(0, maxLength);
  }
  return kept;
};

/** The address a sent contact form returns to: the page it was sent from, saying so (`sent=1`). */
export const SENT_PARAM = 'sent';

/** Where a password changed through the posted reset form lands: the log-in page, saying so (`/auth?reset=1`). */
export const PASSWORD_RESET_DONE_PARAM = 'reset';
