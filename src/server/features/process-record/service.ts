import { createHash } from 'node:crypto';
import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ContentCredentials } from '../../../domain/content-credentials';
import type { ProcessRecordEntryView, ProcessRecordStatus, ProcessRecordVerification } from '../../../domain/process-record-schemas';
import type { DbExecutor, Transaction } from '../../db/client';
import { processRecordEntries, projects, user } from '../../db/schema';
import { notFound } from '../../http/errors';
import { parseFileUrl, type Storage } from '../../storage/storage';
import type { AuthContext } from '../../types';
import { PROJECT_NOT_FOUND, requireVisibleProject } from '../projects/access';
import { checkChain, entryHashOf, GENESIS_HASH, type ProcessRecordKind, type StoredChainEntry } from './chain';

export const TOMBSTONE_NOTE = "The creator's account was deleted, and their files with it.";

type EntryRow = typeof processRecordEntries.$inferSelect;

/**
 * Appends an entry to a project's chain. The caller holds the project's row lock (`for update`) for the whole
 * transaction, so two appends to one project take turns; the unique (project, seq) index backs that up.
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
    createdAt: new Date(),
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
  const touched = await tx
    .selectDistinct({ projectId: processRecordEntries.projectId })
    .from(processRecordEntries)
    .where(eq(processRecordEntries.uploaderId, userId));
  if (touched.length === 0) return;
  const ids = touched.map((row) => row.projectId);
  // The projects this user commissioned go with the account; the others keep their record.
  const surviving = await tx.select({ id: projects.id, clientId: projects.clientId }).from(projects).where(inArray(projects.id, ids)).orderBy(asc(projects.id)).for('update');
  for (const project of surviving) {
    if (project.clientId === userId) continue;
    await appendProcessRecordEntry(tx, { projectId: project.id, kind: 'tombstone', fileUrl: null, fileSha256: null, uploaderId: userId, note: TOMBSTONE_NOTE });
  }
};

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
 * uploader says their account was deleted.
 */
const verifyEntries = async (storage: Storage, rows: EntryRow[]): Promise<{ statuses: ProcessRecordStatus[]; verified: boolean }> => {
  const chainProblems = checkChain(rows.map((row): StoredChainEntry => ({ ...row, kind: row.kind })));
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
    const actual = await hashStoredFile(storage, row.fileUrl);
    if (actual === row.fileSha256) statuses.push('ok');
    else if (actual !== null) statuses.push('file_changed');
    else if (rows.slice(index + 1).some((later) => later.kind === 'tombstone' && later.uploaderId === row.uploaderId)) statuses.push('file_removed');
    else statuses.push('file_missing');
  }
  const verified = statuses.every((status) => status === 'ok' || status === 'file_removed');
  return { statuses, verified };
};

const headOf = (rows: EntryRow[]): string | null => rows.at(-1)?.entryHash ?? null;

/** The record as its participants (and admins) see it: every entry, with its file and who added it. */
export const getProcessRecord = async (app: FastifyInstance, auth: AuthContext, projectId: string): Promise<ProcessRecordEntryView[]> => {
  await requireVisibleProject(app.db, auth, projectId);
  const rows = await app.db
    .select({ entry: processRecordEntries, uploaderName: user.name })
    .from(processRecordEntries)
    .leftJoin(user, eq(user.id, processRecordEntries.uploaderId))
    .where(eq(processRecordEntries.projectId, projectId))
    .orderBy(asc(processRecordEntries.seq));
  return rows.map(({ entry, uploaderName }) => ({
    seq: entry.seq,
    kind: entry.kind,
    fileUrl: entry.fileUrl,
    fileSha256: entry.fileSha256,
    uploaderName,
    note: entry.note,
    createdAt: entry.createdAt.toISOString(),
    prevHash: entry.prevHash,
    entryHash: entry.entryHash,
    contentCredentials: entry.contentCredentials,
  }));
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
export const publicProcessRecordStatus = async (app: FastifyInstance, projectId: string): Promise<Omit<ProcessRecordVerification, 'entries'>> => {
  const [project] = await app.db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId));
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const rows = await readEntries(app.db, projectId);
  const { verified } = await verifyEntries(app.storage, rows);
  return { projectId, verified, entryCount: rows.length, head: headOf(rows), checkedAt: new Date().toISOString() };
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
