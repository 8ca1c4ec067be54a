import { and, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { processDocs, projects, user, whiteGloveRequests } from '../../db/schema';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../http/errors';

/**
 * Deletes a user and everything that is theirs, per PRODUCT-DECISIONS: in one transaction the account,
 * sessions, role, profiles, portfolio, process docs and the projects they commissioned go (foreign keys
 * cascade); projects they were creating lose the assignment and, unless completed, become cancelled.
 * Files are removed only after the commit, so a failed deletion never leaves rows pointing at nothing.
 */
export const deleteUserCompletely = async (
  app: FastifyInstance,
  userId: string,
  inTransaction?: (tx: DbExecutor) => Promise<void>,
): Promise<void> => {
  const orphanedFiles: string[] = [];
  await app.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for('update');
    if (!existing) throw notFound('User not found');

    // Files of commissioned projects live in the creator's folder: collect them before the cascade.
    const commissioned = await tx.select({ id: projects.id, deliverableUrl: projects.deliverableUrl }).from(projects).where(eq(projects.clientId, userId));
    const commissionedIds = commissioned.map((project) => project.id);
    commissioned.forEach((project) => project.deliverableUrl && orphanedFiles.push(project.deliverableUrl));
    if (commissionedIds.length > 0) {
      const docs = await tx.select({ fileUrl: processDocs.fileUrl }).from(processDocs).where(inArray(processDocs.projectId, commissionedIds));
      docs.forEach((doc) => orphanedFiles.push(doc.fileUrl));
    }

    await tx
      .update(projects)
      .set({ status: 'cancelled', updatedAt: new Date() })
      .where(and(or(eq(projects.makerId, userId), eq(projects.mindId, userId)), ne(projects.status, 'completed')));
    // Curated matches are a plain id list without a foreign key: drop the deleted creator from them.
    await tx
      .update(whiteGloveRequests)
      .set({ curatedCreatorIds: sql`array_remove(${whiteGloveRequests.curatedCreatorIds}, ${userId})` })
      .where(sql`${userId} = any(${whiteGloveRequests.curatedCreatorIds})`);
    await inTransaction?.(tx);
    await tx.delete(user).where(eq(user.id, userId));
  });

  await Promise.allSettled([app.storage.removeUserFiles(userId), ...orphanedFiles.map((url) => app.storage.removeByUrl(url))]).then((results) => {
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) app.log.warn({ userId, failed: failed.length }, 'some files of a deleted user could not be removed');
  });
};
