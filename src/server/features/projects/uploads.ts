import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { processDocFieldsSchema, type ProjectView } from '../../../domain/project-schemas';
import type { ProjectAction } from '../../../domain/project-lifecycle';
import { and, eq } from 'drizzle-orm';
import { processDocs, processRecordEntries } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { badRequest } from '../../http/errors';
import type { ReceivedUpload } from '../../storage/upload-request';
import type { StoredFile } from '../../storage/storage';
import { discardFileOfFailedWrite } from '../../storage/failed-write';
import type { AuthContext } from '../../types';
import { requireProjectAction, requireVisibleProject } from './access';
import { loadMilestones, submitMilestone } from './milestones';
import { appendProcessRecordEntry } from '../process-record/service';
import { readProjectFileCredentials, recordProjectFileReview } from '../provenance/project-file-credentials';
import { deliverableKey, processDocKey } from './file-keys';
import { getProject, notifyOtherSide } from './service';

/** Checks the caller may take this action now, before the upload is read and stored (cheap refusal). */
export const precheckProjectAction = async (app: FastifyInstance, auth: AuthContext, projectId: string, action: ProjectAction) => {
  const { row, viewer } = await requireVisibleProject(app.db, auth, projectId);
  requireProjectAction(row, viewer, action);
};

/**
 * A file stored for a write that then fails is removed, so no file is left that no row points at; unless the write
 * committed after all, which its process record entry (written in the same transaction) shows.
 */
const removeOnFailure = async <T>(app: FastifyInstance, projectId: string, stored: StoredFile, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    return discardFileOfFailedWrite(app.log, error, {
      committed: async () =>
        (
          await app.db
            .select({ id: processRecordEntries.id })
            .from(processRecordEntries)
            .where(and(eq(processRecordEntries.projectId, projectId), eq(processRecordEntries.fileUrl, stored.url)))
            .limit(1)
        ).length > 0,
      remove: () => app.storage.removeByUrl(stored.url).catch((removeError: unknown) => app.log.warn({ err: removeError }, 'could not remove a file')),
    });
  }
};

/** Stores a process screenshot at a path of its own (`processDocKey`) and records it, while the project is active. */
export const addProcessDoc = async (app: FastifyInstance, auth: AuthContext, projectId: string, upload: ReceivedUpload): Promise<ProjectView> => {
  const fields = processDocFieldsSchema.safeParse(upload.fields);
  if (!fields.success) {
    const message = fields.error.issues[0]?.message ?? 'Invalid description';
    throw badRequest(message, { description: message });
  }
  const docId = randomUUID();
  const contentCredentials = await readProjectFileCredentials(upload.data);
  const stored = await app.storage.saveUpload('processScreenshot', processDocKey(auth.userId, projectId, docId), upload.data);
  await removeOnFailure(
    app,
    projectId,
    stored,
    () =>
      app.db.transaction(async (tx) => {
        // Locked so that a transition finishing meanwhile (e.g. the deliverable) cannot slip in between.
        const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
        requireProjectAction(row, viewer, 'upload_process_doc');
        const current = (await loadMilestones(tx, row)).find((milestone) => milestone.status !== 'approved');
        await tx.insert(processDocs).values({
          id: docId,
          makerId: auth.userId,
          projectId,
          milestoneId: current?.id ?? null,
          fileUrl: stored.url,
          description: fields.data.description || null,
        });
        const entryId = await appendProcessRecordEntry(tx, { projectId, kind: 'process_doc', fileUrl: stored.url, fileSha256: stored.sha256, uploaderId: auth.userId, contentCredentials });
        await recordProjectFileReview(tx, entryId, projectId, contentCredentials);
      }),
  );
  return readAfterCommit(() => getProject(app, auth, projectId));
};

/**
 * Stores the deliverable at a path of its own (`deliverableKey`), then moves the project to in_review. No upload
 * reuses a path, so the file is written before the row is locked: of two simultaneous submits the one refused
 * removes only its own file, and an earlier submission's file (a revision's predecessor) is never touched.
 */
export const submitDeliverable = async (app: FastifyInstance, auth: AuthContext, projectId: string, upload: ReceivedUpload): Promise<ProjectView> => {
  const contentCredentials = await readProjectFileCredentials(upload.data);
  const stored = await app.storage.saveUpload('deliverable', deliverableKey(auth.userId, projectId), upload.data);
  await removeOnFailure(
    app,
    projectId,
    stored,
    () =>
      app.db.transaction(async (tx) => {
        const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
        requireProjectAction(row, viewer, 'submit_deliverable');
        const submitted = await submitMilestone(app, tx, row, stored.url, new Date());
        const entryId = await appendProcessRecordEntry(tx, { projectId, kind: 'deliverable', fileUrl: stored.url, fileSha256: stored.sha256, uploaderId: auth.userId, contentCredentials });
        await recordProjectFileReview(tx, entryId, projectId, contentCredentials);
        await notifyOtherSide(app, tx, 'deliverable_submitted', { before: row, after: submitted.project, actor: auth, detail: submitted.detail });
      }),
  );
  return readAfterCommit(() => getProject(app, auth, projectId));
};
