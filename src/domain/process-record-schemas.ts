import { z } from 'zod';
import { contentCredentialsSchema } from './content-credentials';

/** A project's process record: a hash chain over its process docs and deliverables (server: features/process-record). */
export const PROCESS_RECORD_KINDS = ['process_doc', 'deliverable', 'tombstone'] as const;

/**
 * What a check found for one entry: `ok`; `file_changed` (the file's bytes are not those recorded); `file_missing`
 * (the file is gone and nothing says why); `file_removed` (gone with its creator's deleted account, as a later
 * tombstone entry records); `file_removed_by_review` (removed by an admin's Provenance review, as a later tombstone
 * naming the entry records); `chain_broken` (the entry's link or hash does not hold: it was altered).
 */
export const PROCESS_RECORD_STATUSES = ['ok', 'file_changed', 'file_missing', 'file_removed', 'file_removed_by_review', 'chain_broken'] as const;

/** Where an AI-declared file stands in Provenance review: held until an admin approves or removes it. */
export const PROCESS_RECORD_REVIEW_STATES = ['held', 'approved', 'removed'] as const;
export type ProcessRecordReviewState = (typeof PROCESS_RECORD_REVIEW_STATES)[number];
export type ProcessRecordStatus = (typeof PROCESS_RECORD_STATUSES)[number];

export const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

export const processRecordEntryViewSchema = z.object({
  seq: z.number().int().positive(),
  kind: z.enum(PROCESS_RECORD_KINDS),
  fileUrl: z.string().nullable(),
  fileSha256: sha256Hex.nullable(),
  uploaderName: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  prevHash: sha256Hex,
  entryHash: sha256Hex,
  /** What the file's Content Credentials (C2PA manifest) said at upload; null without one. */
  contentCredentials: contentCredentialsSchema.nullable().optional(),
  /** A file sent to Provenance review (its credentials declare generative AI): how that stands; null otherwise. */
  review: z.enum(PROCESS_RECORD_REVIEW_STATES).nullable().optional(),
  /** On a tombstone appended by Provenance review, the position of the entry whose file it removed. */
  removesSeq: z.number().int().positive().nullable().optional(),
});
export type ProcessRecordEntryView = z.infer<typeof processRecordEntryViewSchema>;

export const processRecordSchema = z.object({ entries: z.array(processRecordEntryViewSchema) });

export const processRecordStatusSchema = z.object({
  projectId: z.uuid(),
  verified: z.boolean(),
  entryCount: z.number().int().nonnegative(),
  head: sha256Hex.nullable(),
  checkedAt: z.string(),
  /**
   * Asked with `?head=` (the head a Seal credential's evidence cites): `verified` when that entry is in the chain and
   * the chain verifies, so the record at issuance is still its beginning; otherwise `changed`. An empty record has
   * no entry to find.
   */
  cited: z.enum(['verified', 'changed']).optional(),
});

export const processRecordVerificationSchema = processRecordStatusSchema.extend({
  entries: z.array(z.object({ seq: z.number().int().positive(), status: z.enum(PROCESS_RECORD_STATUSES) })),
});
export type ProcessRecordVerification = z.infer<typeof processRecordVerificationSchema>;

/** The labels the web app shows for each check result. */
export const PROCESS_RECORD_STATUS_LABELS: Record<ProcessRecordStatus, string> = {
  ok: 'Verified',
  file_changed: 'File changed since upload',
  file_missing: 'File missing',
  file_removed: "Removed with the creator's account",
  file_removed_by_review: 'Removed by provenance review',
  chain_broken: 'Entry altered',
};

/** What the record says beside a file in Provenance review. */
export const PROCESS_RECORD_REVIEW_LABELS: Record<ProcessRecordReviewState, string> = {
  held: 'Held for provenance review',
  approved: 'Approved in provenance review',
  removed: 'Removed by provenance review',
};
