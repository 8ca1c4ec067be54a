import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROVENANCE_MESSAGES } from '../../../domain/admin-schemas';
import type { Transaction } from '../../db/client';
import { processDocs, processRecordEntries, projectFileReviews, projectMilestones, projects } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { notify } from '../notifications/service';
import { appendReviewTombstone } from '../process-record/service';
import { creatorOf } from '../projects/access';
import { projectCardPath } from '../../../domain/routes';
import { stopReviewClock } from '../projects/milestones';
import type { ProjectRow } from '../projects/views';

/** What the creator reads on the milestone sent back to them when its deliverable is removed. */
export const REMOVED_DELIVERABLE_NOTE = "Humanmade's provenance review removed this deliverable: its Content Credentials declare generative AI. Please submit your own work.";

const KIND_NAME = { process_doc: 'process doc', deliverable: 'deliverable' } as const;

/**
 * A removed deliverable leaves nothing to approve. Where it is the milestone's submission under review, the
 * milestone goes back to the creator as 'revision requested' (without using one of the client's rounds: nobody
 * asked for a revision), the review clock stops and the project is active again, so they can submit their own work.
 * A milestone already approved keeps its approval and its money; only the link to the file goes.
 */
const withdrawDeliverable = async (tx: Transaction, project: ProjectRow, fileUrl: string, now: Date): Promise<boolean> => {
  const [milestone] = await tx
    .select()
    .from(projectMilestones)
    .where(and(eq(projectMilestones.projectId, project.id), eq(projectMilestones.deliverableUrl, fileUrl)));
  if (milestone?.status === 'submitted') {
    await tx.update(projectMilestones).set({ status: 'revision_requested', revisionNote: REMOVED_DELIVERABLE_NOTE, deliverableUrl: null, updatedAt: now }).where(eq(projectMilestones.id, milestone.id));
    await stopReviewClock(tx, milestone.id);
  } else if (milestone) {
    await tx.update(projectMilestones).set({ deliverableUrl: null, updatedAt: now }).where(eq(projectMilestones.id, milestone.id));
  }
  const isReopened = milestone?.status === 'submitted' && project.status === 'in_review';
  await tx
    .update(projects)
    .set({ ...(isReopened ? { status: 'active' as const } : {}), ...(project.deliverableUrl === fileUrl ? { deliverableUrl: null } : {}), updatedAt: now })
    .where(eq(projects.id, project.id));
  return isReopened;
};

/** The project's client and its creator hear of it in the app, in the removal's transaction, with a link to the project's tab. */
const tellParties = async (tx: Transaction, project: ProjectRow, entryId: string, kind: keyof typeof KIND_NAME, isReopened: boolean) => {
  const creator = creatorOf(project);
  const body = `Its Content Credentials declare generative AI, so Humanmade's provenance review removed it.${isReopened ? ' The milestone is open again for the creator’s own work.' : ''}`;
  const recipients = [{ id: project.clientId, role: 'client' as const }, ...(creator ? [creator] : [])];
  for (const recipient of recipients) {
    await notify(tx, {
      userId: recipient.id,
      kind: 'project',
      subjectKey: `provenance:${entryId}`,
      title: `A ${KIND_NAME[kind]} was removed from “${project.title}”`,
      body,
      link: projectCardPath(recipient.role, project.id),
    });
  }
};

/**
 * The admin removes an AI-declared process doc or deliverable. The record is append-only, so the entry stays and a
 * tombstone naming it is appended; the file's row goes (a process doc) or its milestone is reopened (a
 * deliverable under review) and so do its bytes, so the file's URL answers 404 to everyone.
 */
export const removeProjectFile = (app: FastifyInstance, auth: AuthContext, entryId: string, reason: string | null): Promise<void> =>
  app.db.transaction(async (tx) => {
    const [found] = await tx.select({ projectId: projectFileReviews.projectId }).from(projectFileReviews).where(eq(projectFileReviews.entryId, entryId));
    if (!found) throw notFound(PROVENANCE_MESSAGES.fileNotFound);
    // The project first, as an upload takes it: the tombstone is appended under its lock.
    const [project] = await tx.select().from(projects).where(eq(projects.id, found.projectId)).for('update');
    const [review] = await tx.select().from(projectFileReviews).where(eq(projectFileReviews.entryId, entryId)).for('update');
    if (!project || !review) throw notFound(PROVENANCE_MESSAGES.fileNotFound);
    if (review.status !== 'pending') throw conflict(PROVENANCE_MESSAGES.notPending);
    const [entry] = await tx.select().from(processRecordEntries).where(eq(processRecordEntries.id, entryId));
    if (!entry?.fileUrl || entry.kind === 'tombstone') throw notFound(PROVENANCE_MESSAGES.fileNotFound);
    const now = new Date();
    await tx.update(projectFileReviews).set({ status: 'removed', reviewedAt: now }).where(eq(projectFileReviews.entryId, entryId));
    await appendReviewTombstone(tx, { projectId: project.id, removedSeq: entry.seq, adminId: auth.userId });
    let isReopened = false;
    if (entry.kind === 'process_doc') await tx.delete(processDocs).where(and(eq(processDocs.projectId, project.id), eq(processDocs.fileUrl, entry.fileUrl)));
    else isReopened = await withdrawDeliverable(tx, project, entry.fileUrl, now);
    await recordAudit(tx, auth, {
      action: 'provenance.remove_project_file',
      targetType: 'process_record_entry',
      targetId: entryId,
      reason,
      metadata: { projectId: project.id, kind: entry.kind, seq: entry.seq, fileSha256: entry.fileSha256, uploaderId: entry.uploaderId, reason: 'ai_declared', milestoneReopened: isReopened },
    });
    await tellParties(tx, project, entryId, entry.kind, isReopened);
    // Last, once every row is written. Each upload has a path of its own (projects/file-keys.ts), so this deletes
    // the removed file's bytes and nothing a later submission stored. Should the commit then fail, the file that was
    // to go is gone and the review still waits; removing again finishes it.
    await app.storage.removeByUrl(entry.fileUrl);
  });
