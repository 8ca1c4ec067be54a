import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PROVENANCE_MESSAGES, type ProjectFileReviewItem } from '../../../domain/admin-schemas';
import type { Database } from '../../db/client';
import { processRecordEntries, profiles, projectFileReviews, projects, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';

const LIST_LIMIT = 100;

/**
 * Process docs and deliverables whose Content Credentials declare generative AI, oldest first. They are never public
 * (only the project's people see them), so the review is a look and a decision on the record: clearing is audited,
 * and a file that should not stand is taken up with the project (its record is append-only).
 */
export const listProjectFileReviews = async (db: Database): Promise<ProjectFileReviewItem[]> => {
  const rows = await db
    .select({
      entryId: projectFileReviews.entryId,
      projectId: projectFileReviews.projectId,
      projectTitle: projects.title,
      kind: processRecordEntries.kind,
      fileUrl: processRecordEntries.fileUrl,
      createdAt: projectFileReviews.createdAt,
      uploaderId: processRecordEntries.uploaderId,
      uploaderName: sql<string | null>`coalesce(${profiles.name}, ${user.name})`,
      contentCredentials: processRecordEntries.contentCredentials,
    })
    .from(projectFileReviews)
    .innerJoin(processRecordEntries, eq(processRecordEntries.id, projectFileReviews.entryId))
    .innerJoin(projects, eq(projects.id, projectFileReviews.projectId))
    .leftJoin(user, eq(user.id, processRecordEntries.uploaderId))
    .leftJoin(profiles, eq(profiles.id, processRecordEntries.uploaderId))
    .where(eq(projectFileReviews.status, 'pending'))
    .orderBy(asc(projectFileReviews.createdAt))
    .limit(LIST_LIMIT);
  return rows.map((row) => ({
    entryId: row.entryId,
    projectId: row.projectId,
    projectTitle: row.projectTitle,
    kind: row.kind === 'deliverable' ? 'deliverable' : 'process_doc',
    fileUrl: row.fileUrl,
    createdAt: row.createdAt.toISOString(),
    uploader: { id: row.uploaderId, name: row.uploaderName ?? 'A deleted creator' },
    contentCredentials: row.contentCredentials,
  }));
};

/** The admin has looked at the file and lets it stand: it leaves the list, and the decision is audited. */
export const clearProjectFileReview = (app: FastifyInstance, auth: AuthContext, entryId: string): Promise<void> =>
  app.db.transaction(async (tx) => {
    const [row] = await tx.select().from(projectFileReviews).where(eq(projectFileReviews.entryId, entryId)).for('update');
    if (!row) throw notFound(PROVENANCE_MESSAGES.fileNotFound);
    if (row.status !== 'pending') throw conflict(PROVENANCE_MESSAGES.notPending);
    await tx
      .update(projectFileReviews)
      .set({ status: 'clear', reviewedAt: new Date() })
      .where(and(eq(projectFileReviews.entryId, entryId), eq(projectFileReviews.status, 'pending')));
    await recordAudit(tx, auth, { action: 'provenance.clear_project_file', targetType: 'process_record_entry', targetId: entryId, metadata: { projectId: row.projectId, reason: 'ai_declared' } });
  });
