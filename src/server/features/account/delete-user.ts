import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, emailOutbox, processDocs, projects, user, verification, whiteGloveRequests } from '../../db/schema';
import type { DbExecutor } from '../../db/client';
import { notFound } from '../../http/errors';
import { appendTombstonesFor } from '../process-record/service';
import { revokeSealCredentials } from '../seal-credentials/service';

/**
 * Deletes a user and everything that is theirs, per PRODUCT-DECISIONS: in one transaction the account,
 * sessions, role, profiles, portfolio, process docs and the projects they commissioned go (foreign keys
 * cascade); projects they were creating lose the assignment and their deliverable and, unless completed, become
 * cancelled; their password-reset tokens and the emails addressed to them go too.
 * Files are removed only after the commit, so a failed deletion never leaves rows pointing at nothing.
 */
export const deleteUserCompletely = async (
  app: FastifyInstance,
  userId: string,
  inTransaction?: (tx: DbExecutor) => Promise<void>,
): Promise<void> => {
  const orphanedFiles: string[] = [];
  await app.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for('update');
    if (!existing) throw notFound('User not found');

    // Files of commissioned projects live in the creator's folder: collect them before the cascade.
    const commissioned = await tx.select({ id: projects.id, deliverableUrl: projects.deliverableUrl }).from(projects).where(eq(projects.clientId, userId));
    const commissionedIds = commissioned.map((project) => project.id);
    commissioned.forEach((project) => project.deliverableUrl && orphanedFiles.push(project.deliverableUrl));
    if (commissionedIds.length > 0) {
      const docs = await tx.select({ fileUrl: processDocs.fileUrl }).from(processDocs).where(inArray(processDocs.projectId, commissionedIds));
      docs.forEach((doc) => orphanedFiles.push(doc.fileUrl));
    }

    // Their files go after the commit; each process record they added to says so first (the chain stays whole).
    await appendTombstonesFor(tx, userId);
    // A Seal credential someone kept must read as revoked once its maker is gone.
    await revokeSealCredentials(tx, userId);
    const createdByUser = or(eq(projects.makerId, userId), eq(projects.mindId, userId));
    await tx.update(projects).set({ status: 'cancelled', updatedAt: new Date() }).where(and(createdByUser, ne(projects.status, 'completed')));
    // Their deliverables are their files and go with them: the project keeps no link to a removed file.
    await tx.update(projects).set({ deliverableUrl: null, updatedAt: new Date() }).where(and(createdByUser, isNotNull(projects.deliverableUrl)));
    // Curated matches are a plain id list without a foreign key: drop the deleted creator from them.
    await tx
      .update(whiteGloveRequests)
      .set({ curatedCreatorIds: sql`array_remove(${whiteGloveRequests.curatedCreatorIds}, ${userId})` })
      .where(sql`${userId} = any(${whiteGloveRequests.curatedCreatorIds})`);
    // Tokens better-auth keeps outside the user's foreign keys (password reset: the value is the user id), and
    // every email addressed to them: a pending one is never sent to a deleted account, a sent one is their data.
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${existing.email})`);
    await inTransaction?.(tx);
    // Their conversations go with them (the foreign keys cascade). Unlink the projects first: a project row this
    // transaction already changed (cancelled above) has its foreign keys checked again when the cascade sets its
    // creator to null, and would still point at the conversation the same cascade has just deleted.
    await tx
      .update(projects)
      .set({ conversationId: null })
      .where(
        inArray(
          projects.conversationId,
          tx.select({ id: conversations.id }).from(conversations).where(or(eq(conversations.clientId, userId), eq(conversations.creatorId, userId))),
        ),
      );
    await tx.delete(user).where(eq(user.id, userId));
  });

  await Promise.allSettled([app.storage.removeUserFiles(userId), ...orphanedFiles.map((url) => app.storage.removeByUrl(url))]).then((results) => {
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) app.log.warn({ userId, failed: failed.length }, 'some files of a deleted user could not be removed');
  });
};
