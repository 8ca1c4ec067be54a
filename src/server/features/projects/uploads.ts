import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { processDocFieldsSchema, type ProjectView } from '../../../domain/project-schemas';
import type { ProjectAction } from '../../../domain/project-lifecycle';
import { processDocs } from '../../db/schema';
import { badRequest } from '../../http/errors';
import type { ReceivedUpload } from '../../storage/upload-request';
import type { StoredFile } from '../../storage/storage';
import type { AuthContext } from '../../types';
import { requireProjectAction, requireVisibleProject } from './access';
import { loadMilestones, submitMilestone } from './milestones';
import { appendProcessRecordEntry } from '../process-record/service';
import { readProjectFileCredentials, recordProjectFileReview } from '../provenance/project-file-credentials';
import { getProject, notifyOtherSide } from './service';

/** Checks the caller may take this action now, before the upload is read and stored (cheap refusal). */
export const precheckProjectAction = async (app: FastifyInstance, auth: AuthContext, projectId: string, action: ProjectAction) => {
  const { row, viewer } = await requireVisibleProject(app.db, auth, projectId);
  requireProjectAction(row, viewer, action);
};

/** A file stored for a write that then fails is removed, so no file is left that no row points at. */
const removeOnFailure = async <T>(app: FastifyInstance, stored: () => StoredFile | null, work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    const file = stored();
    if (file) await app.storage.removeByUrl(file.url).catch((removeError: unknown) => app.log.warn({ err: removeError }, 'could not remove a file'));
    throw error;
  }
};

/** Stores a process screenshot at `<creatorId>/<projectId>/process/<docId>` and records it, while the project is active. */
export const addProcessDoc = async (app: FastifyInstance, auth: AuthContext, projectId: string, upload: ReceivedUpload): Promise<ProjectView> => {
  const fields = processDocFieldsSchema.safeParse(upload.fields);
  if (!fields.success) {
    const message = fields.error.issues[0]?.message ?? 'Invalid description';
    throw badRequest(message, { description: message });
  }
  const docId = randomUUID();
  const contentCredentials = await readProjectFileCredentials(upload.data);
  const stored = await app.storage.saveUpload('processScreenshot', `${auth.userId}/${projectId}/process/${docId}`, upload.data);
  await removeOnFailure(
    app,
    () => stored,
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
  return getProject(app, auth, projectId);
};

/**
 * Stores the deliverable at `<creatorId>/<projectId>/deliverable` and moves the project to in_review. The row
 * is locked before the file is written: the path is fixed, so a second, simultaneous submit must wait and then
 * be refused rather than overwrite (and later remove) the file the first one committed.
 */
export const submitDeliverable = async (app: FastifyInstance, auth: AuthContext, projectId: string, upload: ReceivedUpload): Promise<ProjectView> => {
  let stored: StoredFile | null = null;
  const contentCredentials = await readProjectFileCredentials(upload.data);
  await removeOnFailure(
    app,
    () => stored,
    () =>
      app.db.transaction(async (tx) => {
        const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
        requireProjectAction(row, viewer, 'submit_deliverable');
        const file = await app.storage.saveUpload('deliverable', `${auth.userId}/${projectId}/deliverable`, upload.data);
        stored = file;
        const submitted = await submitMilestone(app, tx, row, file.url, new Date());
        const entryId = await appendProcessRecordEntry(tx, { projectId, kind: 'deliverable', fileUrl: file.url, fileSha256: file.sha256, uploaderId: auth.userId, contentCredentials });
        await recordProjectFileReview(tx, entryId, projectId, contentCredentials);
        await notifyOtherSide(app, tx, 'deliverable_submitted', { before: row, after: submitted.project, actor: auth, detail: submitted.detail });
      }),
  );
  return getProject(app, auth, projectId);
};
