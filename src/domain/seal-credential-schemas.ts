import { z } from 'zod';
import { CREDENTIAL_MAX_LENGTH, EVIDENCE_RECORD_STATES, VERIFICATION_OUTCOMES, VERIFY_MESSAGES } from './seal-verification';

// The paths, copy and outcomes live in seal-verification.ts, which has no zod, so the public /verify page loads no
// schema library; they are re-exported here for the server.
export {
  CREDENTIAL_MAX_LENGTH,
  EVIDENCE_RECORD_STATES,
  SEAL_ACHIEVEMENT_NAME,
  VERIFICATION_HEADLINES,
  VERIFICATION_OUTCOMES,
  VERIFY_MESSAGES,
  VERIFY_PATH,
  credentialVerificationQueryKey,
  type VerificationOutcome,
} from './seal-verification';

export const verifyCredentialSchema = z.object({
  credential: z.string().trim().min(1, VERIFY_MESSAGES.empty).max(CREDENTIAL_MAX_LENGTH, VERIFY_MESSAGES.tooLong),
});
export type VerifyCredentialInput = z.infer<typeof verifyCredentialSchema>;

export const credentialVerificationSchema = z.object({
  outcome: z.enum(VERIFICATION_OUTCOMES),
  signatureValid: z.boolean(),
  revoked: z.boolean().nullable(),
  /** When the Seal was withdrawn, for a revoked credential of ours (the status list itself carries no date). */
  revokedAt: z.string().nullable(),
  issuer: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  subject: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  achievement: z.string().nullable(),
  validFrom: z.string().nullable(),
  evidenceCount: z.number().int().nonnegative(),
  /** `removedAt`: when a project whose record is `removed` went with its client's account. */
  evidence: z.array(z.object({ name: z.string(), record: z.enum(EVIDENCE_RECORD_STATES), removedAt: z.string().nullable().optional() })),
});
export type CredentialVerification = z.infer<typeof credentialVerificationSchema>;

