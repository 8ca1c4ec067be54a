import { createHash } from 'node:crypto';

/**
 * The hash chain of a project's process record, pure: what an entry's hash covers and how a chain is checked.
 * Each entry's hash is SHA-256 over a fixed, unambiguous serialisation (JSON of an array, so no field can run into
 * the next) of the project, its position, its kind, its file's SHA-256, its uploader, its time and the previous
 * entry's hash. The first entry's previous hash is GENESIS_HASH.
 */
export const GENESIS_HASH = '0'.repeat(64);

export type ProcessRecordKind = 'process_doc' | 'deliverable' | 'tombstone';

export interface ChainEntryFields {
  projectId: string;
  seq: number;
  kind: ProcessRecordKind;
  fileSha256: string | null;
  uploaderId: string;
  note: string | null;
  createdAt: Date;
  prevHash: string;
}

export const entryHashOf = (entry: ChainEntryFields): string =>
  createHash('sha256')
    .update(
      JSON.stringify([
        'humanmade-process-record/1',
        entry.projectId,
        entry.seq,
        entry.kind,
        entry.fileSha256,
        entry.uploaderId,
        entry.note,
        entry.createdAt.toISOString(),
        entry.prevHash,
      ]),
    )
    .digest('hex');

export interface StoredChainEntry extends ChainEntryFields {
  entryHash: string;
}

export type ChainProblem = 'sequence' | 'link' | 'hash';

/**
 * Checks a chain given in seq order: positions run 1, 2, 3…, each entry points at the one before, and each stored
 * hash is what its fields give. Returns the first problem per entry (none for a sound entry).
 */
export const checkChain = (entries: readonly StoredChainEntry[]): Array<ChainProblem | null> => {
  let previous = GENESIS_HASH;
  return entries.map((entry, index) => {
    const expectedPrevious = previous;
    previous = entry.entryHash;
    if (entry.seq !== index + 1) return 'sequence';
    if (entry.prevHash !== expectedPrevious) return 'link';
    if (entryHashOf(entry) !== entry.entryHash) return 'hash';
    return null;
  });
};
