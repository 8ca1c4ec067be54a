import { z } from 'zod';
import { LIMITS, SIGNUP_ROLES } from './constants';
import { VALIDATION_MESSAGES as M } from './messages';

/**
 * Direction embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). In a name they would reverse the text
 * shown after it wherever it is quoted ("Ana\u202Eyap ot deen" reads as a request to pay), and a name, in any script,
 * never needs them: the browser orders right-to-left letters by itself (decision 210).
 */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export const nameField = z
  .string({ error: M.nameRequired })
  .overwrite((name) => name.replace(DIRECTION_CONTROLS, ''))
  .trim()
  .min(1, M.nameRequired)
  .max(LIMITS.nameMax, M.nameTooLong);

export const emailField = z
  .string({ error: M.emailRequired })
  .trim()
  .min(1, M.emailRequired)
  .max(LIMITS.emailMax, M.emailTooLong)
  .pipe(z.email(M.emailInvalid));

export const signUpSchema = z.object({
  name: nameField,
  email: emailField,
  password: z
    .string({ error: M.passwordRequired })
    .min(1, M.passwordRequired)
    .min(LIMITS.passwordMin, M.passwordTooShort)
    .max(LIMITS.passwordMax, M.passwordTooLong),
  role: z.enum(SIGNUP_ROLES, { error: M.roleInvalid }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailField,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired).max(LIMITS.passwordMax, M.passwordTooLong),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const requestPasswordResetSchema = z.object({ email: emailField });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetSchema>;

export const resetPasswordSchema = z
  .object({
    newPassword: signUpSchema.shape.password,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** Where the emailed reset link sends the browser (with ?token=… or ?error=INVALID_TOKEN). */
export const RESET_PASSWORD_PATH = '/reset-password';
