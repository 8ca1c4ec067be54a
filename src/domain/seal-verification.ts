/** The Seal as a verifiable credential (server: features/seal-credentials; page: /verify). */
export const SEAL_ACHIEVEMENT_NAME = 'Seal of human creativity';
export const VERIFY_PATH = '/verify';

/** A signed credential is a few kilobytes; this leaves room and refuses anything that could not be one. */
export const CREDENTIAL_MAX_LENGTH = 20_000;

export const VERIFY_MESSAGES = {
  empty: 'Paste a credential, or upload its file.',
  tooLong: 'This is too long to be a Humanmade credential.',
} as const;

/**
 * What a check found: `valid`; `revoked` (signed by us, but the Seal was withdrawn); `evidence_changed` (signed by
 * us and in force, but a process record it cites no longer verifies); `invalid_signature` (altered, or not signed by
 * a key of ours); `unreadable` (not a credential in a form we issue).
 */
export const VERIFICATION_OUTCOMES = ['valid', 'revoked', 'evidence_changed', 'invalid_signature', 'unreadable'] as const;

/**
 * Per evidence project: its record recomputed and still holding the cited head; changed since; removed with the
 * client's deleted account (the project went, and what stays of its record shows the cited head: decision 192); or
 * none cited.
 */
export const EVIDENCE_RECORD_STATES = ['verified', 'changed', 'removed', 'none'] as const;
export type VerificationOutcome = (typeof VERIFICATION_OUTCOMES)[number];

export const credentialVerificationQueryKey = (input: { credential?: string; maker?: string }) => ['credential-verification', input] as const;

export const VERIFICATION_HEADLINES: Record<VerificationOutcome, string> = {
  valid: 'Valid: this Seal was issued by Humanmade and is in force.',
  revoked: 'Revoked: this Seal was issued by Humanmade and has since been withdrawn.',
  evidence_changed: 'Signed by Humanmade and in force, but its evidence no longer checks out: a process record it cites has changed since the Seal was issued.',
  invalid_signature: 'Not valid: the signature does not match. The credential was altered, or Humanmade did not issue it.',
  unreadable: 'Not a credential we can read. Paste the whole file, or the signed text it holds.',
};
