import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentCredentials } from '../../../domain/content-credentials';
import type { ProcessRecordEntryView, ProcessRecordStatus, ProcessRecordVerification } from '../../../domain/process-record-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { processRecordEntries, projectFileReviews, projects, user } from '../../db/schema';
import { HttpError, notFound } from '../../http/errors';
import { parseFileUrl, type Storage } from '../../storage/storage';
import type { AuthContext } from '../../types';
import { PROJECT_NOT_FOUND, requireVisibleProject } from '../projects/access';
import { checkChain, entryHashOf, GENESIS_HASH, type ProcessRecordKind, type StoredChainEntry } from './chain';
import { RECORD_REMOVED_MESSAGE, removalOf } from './removals';

export const TOMBSTONE_NOTE = "The creator's account was deleted, and their files with it.";

/**
 * The note of the tombstone an admin's Provenance review appends when it removes a file. It names the entry by its
 * position, inside the tombstone's hash, so which file went is as tamper-evident as the rest of the record (the
 * entry itself is never changed: the record is append-only).
 */
export const reviewRemovalNote = (seq: number): string => `Entry ${seq} was removed by Humanmade's provenance review: its Content Credentials declare generative AI.`;

/** For each entry removed by review, the position of the later tombstone that says so. */
const reviewRemovalsOf = (rows: ReadonlyArray<Pick<EntryRow, 'seq' | 'kind' | 'note'>>): Map<number, number> => {
  const tombstones = new Map(rows.filter((row) => row.kind === 'tombstone' && row.note !== null).map((row) => [row.note as string, row.seq]));
  const removals = new Map<number, number>();
  for (const row of rows) {
    const by = row.kind === 'tombstone' ? undefined : tombstones.get(reviewRemovalNote(row.seq));
    if (by !== undefined && by > row.seq) removals.set(row.seq, by);
  }
  return removals;
};

type EntryRow = typeof processRecordEntries.$inferSelect;

/**
 * Appends an entry to a project's chain. The caller holds the project's row lock (`for update`) for the whole
 * transaction, so two appends to one project take turns; the unique (project, seq) index backs that up. An entry
 * is dated now; `at` is for history written after the fact (the demo seed's past projects), hashed like any time.
 */
export const appendProcessRecordEntry = async (
  tx: Transaction,
  input: {
    projectId: string;
    kind: ProcessRecordKind;
    fileUrl: string | null;
    fileSha256: string | null;
    uploaderId: string;
    note?: string | null;
    contentCredentials?: ContentCredentials | null;
    at?: Date;
  },
): Promise<string> => {
  const [last] = await tx
    .select({ seq: processRecordEntries.seq, entryHash: processRecordEntries.entryHash })
    .from(processRecordEntries)
    .where(eq(processRecordEntries.projectId, input.projectId))
    .orderBy(desc(processRecordEntries.seq))
    .limit(1);
  const fields = {
    projectId: input.projectId,
    seq: (last?.seq ?? 0) + 1,
    kind: input.kind,
    fileSha256: input.fileSha256,
    uploaderId: input.uploaderId,
    note: input.note ?? null,
    // A JavaScript date has milliseconds, which the column keeps exactly: the time read back is the time hashed.
    createdAt: input.at ?? new Date(),
    prevHash: last?.entryHash ?? GENESIS_HASH,
  };
  const [entry] = await tx
    .insert(processRecordEntries)
    .values({ ...fields, fileUrl: input.fileUrl, entryHash: entryHashOf(fields), contentCredentials: input.contentCredentials ?? null })
    .returning({ id: processRecordEntries.id });
  return entry.id;
};

/**
 * When a creator's account goes, their files go with it: each chain they added to gets a tombstone entry saying
 * so, in the deletion's transaction, so the record stays whole and explains the files it can no longer check.
 */
export const appendTombstonesFor = async (tx: Transaction, userId: string): Promise<void> => {
  // Only the files they uploaded: an admin's review tombstones carry the admin's id but no file of theirs.
  const touched = await tx
    .selectDistinct({ projectId: processRecordEntries.projectId })
    .from(processRecordEntries)
    .where(and(eq(processRecordEntries.uploaderId, userId), ne(processRecordEntries.kind, 'tombstone')));
  if (touched.length === 0) return;
  const ids = touched.map((row) => row.projectId);
  // The projects this user commissioned go with the account; the others keep their record.
  const surviving = await tx.select({ id: projects.id, clientId: projects.clientId }).from(projects).where(inArray(projects.id, ids)).orderBy(asc(projects.id)).for('update');
  for (const project of surviving) {
    if (project.clientId === userId) continue;
    await appendProcessRecordEntry(tx, { projectId: project.id, kind: 'tombstone', fileUrl: null, fileSha256: null, uploaderId: userId, note: TOMBSTONE_NOTE });
  }
};

/**
 * An admin's Provenance review removes one file: a tombstone naming its entry, appended in the removal's
 * transaction (the caller holds the project's row lock). The admin's id is its uploader; the audit log has the rest.
 */
export const appendReviewTombstone = (tx: Transaction, input: { projectId: string; removedSeq: number; adminId: string }): Promise<string> =>
  appendProcessRecordEntry(tx, { projectId: input.projectId, kind: 'tombstone', fileUrl: null, fileSha256: null, uploaderId: input.adminId, note: reviewRemovalNote(input.removedSeq) });

const readEntries = (db: DbExecutor, projectId: string): Promise<EntryRow[]> =>
  db.select().from(processRecordEntries).where(eq(processRecordEntries.projectId, projectId)).orderBy(asc(processRecordEntries.seq));

/** SHA-256 of a stored file, read as a stream; null when the file is not there. */
const hashStoredFile = async (storage: Storage, url: string | null): Promise<string | null> => {
  const parsed = parseFileUrl(url);
  if (!parsed) return null;
  const opened = await storage.open(parsed.bucket, parsed.key);
  if (!opened) return null;
  const hash = createHash('sha256');
  for await (const chunk of opened.body) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/**
 * Recomputes the chain and every file's hash. An entry is sound when its link and hash hold and its file still
 * has the hash it had at upload; a file that is gone counts as accounted for only when a later tombstone of its
 * uploader says their account was deleted. A file a later review tombstone names is reported removed without being
 * read: its bytes are gone, and a deliverable stored before each upload had a path of its own (the fixed
 * `deliverable.<ext>`) may since have had the creator's next one written there, which is that later entry's to check.
 */
const verifyEntries = async (storage: Storage, rows: EntryRow[]): Promise<{ statuses: ProcessRecordStatus[]; verified: boolean }> => {
  const chainProblems = checkChain(rows.map((row): StoredChainEntry => ({ ...row, kind: row.kind })));
  const removedByReview = reviewRemovalsOf(rows);
  const statuses: ProcessRecordStatus[] = [];
  for (const [index, row] of rows.entries()) {
    const problem = chainProblems[index];
    if (problem) {
      statuses.push('chain_broken');
      continue;
    }
    if (row.kind === 'tombstone') {
      statuses.push('ok');
      continue;
    }
    if (removedByReview.has(row.seq)) {
      statuses.push('file_removed_by_review');
      continue;
    }
    const actual = await hashStoredFile(storage, row.fileUrl);
    if (actual === row.fileSha256) statuses.push('ok');
    else if (actual !== null) statuses.push('file_changed');
    else if (rows.slice(index + 1).some((later) => later.kind === 'tombstone' && later.uploaderId === row.uploaderId)) statuses.push('file_removed');
    else statuses.push('file_missing');
  }
  const verified = statuses.every((status) => status === 'ok' || status === 'file_removed' || status === 'file_removed_by_review');
  return { statuses, verified };
};

const headOf = (rows: EntryRow[]): string | null => rows.at(-1)?.entryHash ?? null;

const REVIEW_STATE = { pending: 'held', clear: 'approved', removed: 'removed' } as const;

/**
 * The record as its participants (and admins) see it: every entry, with its file and who added it, and where a
 * file went to Provenance review, how that stands. A file removed by review has no link (its bytes are gone), and
 * its tombstone names no admin: the audit log does.
 */
export const getProcessRecord = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<ProcessRecordEntryView[]> => {
  await requireVisibleProject(app.db, auth, projectId);
  const rows = await app.db
    .select({ entry: processRecordEntries, uploaderName: user.name, review: projectFileReviews.status })
    .from(processRecordEntries)
    .leftJoin(user, eq(user.id, processRecordEntries.uploaderId))
    .leftJoin(projectFileReviews, eq(projectFileReviews.entryId, processRecordEntries.id))
    .where(eq(processRecordEntries.projectId, projectId))
    .orderBy(asc(processRecordEntries.seq));
  const removals = reviewRemovalsOf(rows.map(({ entry }) => entry));
  const removedBy = new Map([...removals].map(([removed, tombstone]) => [tombstone, removed]));
  return rows.map(({ entry, uploaderName, review }) => {
    const removesSeq = removedBy.get(entry.seq) ?? null;
    const isRemoved = removals.has(entry.seq);
    return {
      seq: entry.seq,
      kind: entry.kind,
      fileUrl: isRemoved ? null : entry.fileUrl,
      fileSha256: entry.fileSha256,
      uploaderName: removesSeq === null ? uploaderName : null,
      note: entry.note,
      createdAt: entry.createdAt.toISOString(),
      prevHash: entry.prevHash,
      entryHash: entry.entryHash,
      contentCredentials: entry.contentCredentials,
      review: isRemoved ? 'removed' : review ? REVIEW_STATE[review] : null,
      removesSeq,
    };
  });
};

/** The participants' 'Verify': the chain and each file rechecked now, entry by entry. */
export const verifyProcessRecord = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<ProcessRecordVerification> => {
  await requireVisibleProject(app.db, auth, projectId);
  const rows = await readEntries(app.db, projectId);
  const { statuses, verified } = await verifyEntries(app.storage, rows);
  return {
    projectId,
    verified,
    entryCount: rows.length,
    head: headOf(rows),
    checkedAt: new Date().toISOString(),
    entries: rows.map((row, index) => ({ seq: row.seq, status: statuses[index] })),
  };
};

/** For anyone, signed out too: whether a project's record verifies, and its head, without its files or people. */
export const publicProcessRecordStatus = async (app: FastifyInstance, projectId: string, citedHead?: string): Promise<Omit<ProcessRecordVerification, 'entries'>> => {
  const [project] = await app.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) {
    // A credential's evidence links here: a record removed with an account answers so, not as if it never was.
    if (await removalOf(app.db, projectId)) throw new HttpError(410, 'gone', RECORD_REMOVED_MESSAGE);
    throw notFound(PROJECT_NOT_FOUND);
  }
  const rows = await readEntries(app.db, projectId);
  const { verified } = await verifyEntries(app.storage, rows);
  const cited = citedHead === undefined ? {} : { cited: verified && rows.some((row) => row.entryHash === citedHead) ? ('verified' as const) : ('changed' as const) };
  return { projectId, verified, entryCount: rows.length, head: headOf(rows), checkedAt: new Date().toISOString(), ...cited };
};

export type CitedRecordState = { state: 'verified' | 'changed' } | { state: 'removed'; removedAt: Date };

/**
 * Where a record a credential cites stands. `verified`: the project's chain verifies now (links, hashes and every
 * file), and the cited head is one of its entries, so the record at issuance is still its beginning (later entries,
 * a tombstone or a review's removal, may follow it). `removed`: the project went with its client's deleted account,
 * and its removal row shows the cited head in a chain that held when it went (decision 192). Otherwise `changed`.
 */
export const citedRecordState = async (app: FastifyInstance, projectId: string, head: string): Promise<CitedRecordState> => {
  const rows = await readEntries(app.db, projectId);
  if (rows.length === 0) {
    const removal = await removalOf(app.db, projectId);
    if (removal?.chainHeld && removal.entryHashes.includes(head)) return { state: 'removed', removedAt: removal.removedAt };
    return { state: 'changed' };
  }
  if (!rows.some((row) => row.entryHash === head)) return { state: 'changed' };
  return { state: (await verifyEntries(app.storage, rows)).verified ? 'verified' : 'changed' };
};

/** The head of each project's chain (null for a project with no entries), for credentials that cite them. */
export const processRecordHeads = async (db: DbExecutor, projectIds: string[]): Promise<Map<string, string | null>> => {
  const heads = new Map<string, string | null>(projectIds.map((id) => [id, null]));
  if (projectIds.length === 0) return heads;
  const rows = await db
    .selectDistinctOn([processRecordEntries.projectId], { projectId: processRecordEntries.projectId, entryHash: processRecordEntries.entryHash })
    .from(processRecordEntries)
    .where(inArray(processRecordEntries.projectId, projectIds))
    .orderBy(processRecordEntries.projectId, desc(processRecordEntries.seq));
  for (const row of rows) heads.set(row.projectId, row.entryHash);
  return heads;
};
