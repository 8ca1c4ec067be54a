import { and, asc, eq, inArray, isNotNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { conversations, processDocs, processRecordEntries, projectMilestones, projects, user, verification, whiteGloveRequests } from '../../db/schema';
import type { DbExecutor, Transaction } from '../../db/client';
import { notFound } from '../../http/errors';
import { settleCancelledProject } from '../payments/settlement';
import { keepRemovedRecordsOf } from '../process-record/removals';
import { appendTombstonesFor } from '../process-record/service';
import { deleteEmailsTo } from '../../mail/outbox';
import { revokeSealCredentials } from '../seal-credentials/service';

interface OrphanedFiles {
  /** Each commissioned project's folder in the folder of every creator who uploaded to it. */
  folders: Array<{ creatorId: string; projectId: string }>;
  /** Every file URL a row of those projects names, wherever it is stored. */
  urls: string[];
}

/**
 * The files of the projects a client commissioned, which live in their creators' folders: every upload has a path
 * of its own, so the deliverables of earlier milestones and revisions are found through the process record and the
 * milestones, not only the project's current link; the creators' project folders catch anything no row names.
 */
const commissionedProjectFiles = async (tx: Transaction, clientId: string): Promise<OrphanedFiles> => {
  const commissioned = await tx.select({ id: projects.id, makerId: projects.makerId, mindId: projects.mindId, deliverableUrl: projects.deliverableUrl }).from(projects).where(eq(projects.clientId, clientId));
  const ids = commissioned.map((project) => project.id);
  if (ids.length === 0) return { folders: [], urls: [] };
  const docs = await tx.select({ fileUrl: processDocs.fileUrl }).from(processDocs).where(inArray(processDocs.projectId, ids));
  const milestones = await tx.select({ fileUrl: projectMilestones.deliverableUrl }).from(projectMilestones).where(inArray(projectMilestones.projectId, ids));
  const entries = await tx
    .select({ projectId: processRecordEntries.projectId, uploaderId: processRecordEntries.uploaderId, fileUrl: processRecordEntries.fileUrl })
    .from(processRecordEntries)
    .where(and(inArray(processRecordEntries.projectId, ids), ne(processRecordEntries.kind, 'tombstone')));
  const folders = new Map<string, { creatorId: string; projectId: string }>();
  const addFolder = (creatorId: string | null, projectId: string) => {
    if (creatorId) folders.set(`${creatorId}/${projectId}`, { creatorId, projectId });
  };
  commissioned.forEach((project) => [project.makerId, project.mindId].forEach((creatorId) => addFolder(creatorId, project.id)));
  entries.forEach((entry) => addFolder(entry.uploaderId, entry.projectId));
  const urls = [...commissioned.map((project) => project.deliverableUrl), ...docs.map((doc) => doc.fileUrl), ...milestones.map((row) => row.fileUrl), ...entries.map((entry) => entry.fileUrl)];
  return { folders: [...folders.values()], urls: [...new Set(urls.filter((url): url is string => url !== null))] };
};

/**
 * Money held for the user's open work gets its outcome before the work goes (decision 183), in the deletion's
 * transaction. Their open projects end as a cancellation does: funded milestones not yet approved are refunded to the
 * client and open invoices are voided. One exception protects a creator who delivered: when the client is the one
 * leaving, a milestone already submitted (and not disputed) is released to the creator, as approval by time would
 * have done.
 */
const settleOpenWork = async (app: FastifyInstance, tx: Transaction, userId: string) => {
  const open = await tx
    .select()
    .from(projects)
    .where(and(or(eq(projects.clientId, userId), eq(projects.makerId, userId), eq(projects.mindId, userId)), notInArray(projects.status, ['draft', 'completed', 'cancelled'])))
    .orderBy(asc(projects.id))
    .for('update');
  for (const project of open) {
    // A flagged milestone waits on an admin's decision, which the deletion takes away: its money goes back.
    const deliveredToALeavingClient = project.clientId === userId && !project.flagged;
    await settleCancelledProject(app, tx, project, { outcome: deliveredToALeavingClient ? 'release' : 'refund' });
  }
};

/**
 * Deletes a user and everything that is theirs (the product's rule, decision 022): in one transaction the account,
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
  let orphaned: OrphanedFiles = { folders: [], urls: [] };
  await app.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, userId)).for('update');
    if (!existing) throw notFound('User not found');

    await settleOpenWork(app, tx, userId);
    // Files of commissioned projects live in the creator's folder: collect them before the cascade.
    orphaned = await commissionedProjectFiles(tx, userId);

    // Their files go after the commit; each process record they added to says so first (the chain stays whole).
    await appendTombstonesFor(tx, userId);
    // The records of the projects they commissioned go with the cascade; what a Seal cites of them stays (decision 192).
    await keepRemovedRecordsOf(tx, userId);
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
    await deleteEmailsTo(tx, existing.email);
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

  await Promise.allSettled([
    app.storage.removeUserFiles(userId),
    ...orphaned.folders.map((folder) => app.storage.removeProjectFiles(folder.creatorId, folder.projectId)),
    ...orphaned.urls.map((url) => app.storage.removeByUrl(url)),
  ]).then((results) => {
    const failed = results.filter((result) => result.status === 'rejected');
    if (failed.length > 0) app.log.warn({ userId, failed: failed.length }, 'some files of a deleted user could not be removed');
  });
};
