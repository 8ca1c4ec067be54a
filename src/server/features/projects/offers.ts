import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { answerOffer, formatCents, type OfferAnswer, type SendOfferInput, sendOfferSchema } from '../../../domain/milestones';
import type { ProjectView } from '../../../domain/project-schemas';
import type { Transaction } from '../../db/client';
import { projectOffers, projects } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { creatorOf, PROJECT_CHANGED, requireProjectAction, requireVisibleProject, unchangedSince } from './access';
import { startMilestones, supersedeOpenOffers } from './milestones';
import { getProject, notifyOtherSide } from './service';

/**
 * Offers (decision 151): on a draft assigned to them, the creator proposes a price, milestones and revision rounds;
 * the client accepts the latest version, asks for changes, or declines. Every version is kept.
 */

export const OFFER_NOT_FOUND = 'Offer not found';

type OfferRow = typeof projectOffers.$inferSelect;

export const summaryOf = (offer: Pick<OfferRow, 'version' | 'priceCents' | 'milestones'>): string =>
  `version ${offer.version}, ${formatCents(offer.priceCents)} in ${offer.milestones.length} milestone${offer.milestones.length === 1 ? '' : 's'}`;

/** The latest version this creator sent on this project; versions count per creator (decision 208). */
const latestVersion = async (tx: Transaction, projectId: string, creatorId: string): Promise<number> => {
  const [latest] = await tx
    .select({ version: projectOffers.version })
    .from(projectOffers)
    .where(and(eq(projectOffers.projectId, projectId), eq(projectOffers.creatorId, creatorId)))
    .orderBy(desc(projectOffers.version))
    .limit(1);
  return latest?.version ?? 0;
};

/** Touches the project under the same condition as every transition (and under the row lock taken when it was read). */
const touch = async (tx: Transaction, project: typeof projects.$inferSelect, changes: Partial<typeof projects.$inferInsert> = {}) => {
  const [updated] = await tx
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(unchangedSince(project))
    .returning();
  if (!updated) throw conflict(PROJECT_CHANGED);
  return updated;
};

export const sendOffer = async (app: FastifyInstance, auth: AuthContext, projectId: string, input: SendOfferInput): Promise<ProjectView> => {
  const offer = sendOfferSchema.parse(input);
  await app.db.transaction(async (tx) => {
    const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
    requireProjectAction(row, viewer, 'send_offer');
    const version = (await latestVersion(tx, projectId, auth.userId)) + 1;
    await supersedeOpenOffers(tx, projectId);
    const [created] = await tx
      .insert(projectOffers)
      .values({
        projectId,
        version,
        creatorId: auth.userId,
        priceCents: offer.price * 100,
        revisionRounds: offer.revisionRounds,
        note: offer.note,
        milestones: offer.milestones,
      })
      .returning();
    const updated = await touch(tx, row);
    await notifyOtherSide(app, tx, 'offer_sent', { before: row, after: updated, actor: auth, detail: summaryOf(created) });
  });
  return readAfterCommit(() => getProject(app, auth, projectId));
};

/** The client's answer to one version: accept (the project starts with its milestones), ask for changes, or decline. */
export const respondToOffer = async (
  app: FastifyInstance,
  auth: AuthContext,
  projectId: string,
  version: number,
  answer: OfferAnswer,
  note: string | null,
): Promise<ProjectView> => {
  await app.db.transaction(async (tx) => {
    const { row, viewer } = await requireVisibleProject(tx, auth, projectId, { lock: true });
    requireProjectAction(row, viewer, 'answer_offer');
    // Only the assigned creator's versions can be answered: an earlier creator's are history.
    const creator = creatorOf(row);
    if (!creator) throw notFound(OFFER_NOT_FOUND);
    const [offer] = await tx
      .select()
      .from(projectOffers)
      .where(and(eq(projectOffers.projectId, projectId), eq(projectOffers.creatorId, creator.id), eq(projectOffers.version, version)));
    if (!offer) throw notFound(OFFER_NOT_FOUND);
    const decided = answerOffer(offer, await latestVersion(tx, projectId, creator.id), answer);
    if (!decided.ok) throw conflict(decided.message);
    const now = new Date();
    const [answered] = await tx
      .update(projectOffers)
      .set({ status: decided.status, responseNote: note, respondedAt: now })
      .where(and(eq(projectOffers.id, offer.id), eq(projectOffers.status, 'pending')))
      .returning();
    if (!answered) throw conflict('This offer has already been answered.');
    const detail = summaryOf(offer);
    if (answer === 'accept') {
      const updated = await touch(tx, row, {
        status: 'active',
        budget: offer.priceCents / 100,
        revisionRounds: offer.revisionRounds,
        revisionsUsed: 0,
        extraRevisions: 0,
      });
      await startMilestones(tx, projectId, offer.milestones, now);
      await notifyOtherSide(app, tx, 'offer_accepted', { before: row, after: updated, actor: auth, detail });
    } else if (answer === 'decline') {
      // Declining ends the match: the draft is the client's again, to assign to someone else (decision 151).
      const updated = await touch(tx, row, { makerId: null, mindId: null });
      await notifyOtherSide(app, tx, 'offer_declined', { before: row, after: updated, actor: auth, detail, note });
    } else {
      const updated = await touch(tx, row);
      await notifyOtherSide(app, tx, 'offer_changes_requested', { before: row, after: updated, actor: auth, detail, note });
    }
  });
  return readAfterCommit(() => getProject(app, auth, projectId));
};
