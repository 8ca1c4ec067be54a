import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import { SAVED_CREATOR_MESSAGES, SAVED_CREATORS_LIMIT } from '../../../domain/saved-creators';
import { savedCreators, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { findApprovedCreator } from '../creators/visibility';
import { listCreatorCards } from './directory';

/**
 * The client's shortlist (decision 187), most recently saved first. Cards come from the directory's own statement
 * by id, so a creator who is no longer public (unapproved, deleted) is simply not among them.
 */
export const listSavedCreators = async (app: FastifyInstance, auth: AuthContext): Promise<CreatorCard[]> => {
  const rows = await app.db
    .select({ creatorId: savedCreators.creatorId })
    .from(savedCreators)
    .where(eq(savedCreators.clientId, auth.userId))
    .orderBy(desc(savedCreators.createdAt), desc(savedCreators.creatorId))
    .limit(SAVED_CREATORS_LIMIT);
  const ids = rows.map((row) => row.creatorId);
  if (ids.length === 0) return [];
  const cards = await listCreatorCards(app.db, { ids, seal: false }, ids.length);
  const byId = new Map(cards.map((card) => [card.id, card]));
  return ids.flatMap((id) => byId.get(id) ?? []);
};

/** Saves a public creator; saving one already saved changes nothing. A creator no one may see is 404. */
export const saveCreator = async (app: FastifyInstance, auth: AuthContext, creatorId: string): Promise<void> => {
  if (!(await findApprovedCreator(app.db, creatorId))) throw notFound(SAVED_CREATOR_MESSAGES.notFound);
  await app.db.transaction(async (tx) => {
    // Two saves at once by one client take turns on the client's row, so the count holds the limit.
    await tx.select({ id: user.id }).from(user).where(eq(user.id, auth.userId)).for('update');
    const [existing] = await tx
      .select({ creatorId: savedCreators.creatorId })
      .from(savedCreators)
      .where(and(eq(savedCreators.clientId, auth.userId), eq(savedCreators.creatorId, creatorId)));
    if (existing) return;
    const [{ saved }] = await tx.select({ saved: count() }).from(savedCreators).where(eq(savedCreators.clientId, auth.userId));
    if (saved >= SAVED_CREATORS_LIMIT) throw conflict(SAVED_CREATOR_MESSAGES.full);
    await tx.insert(savedCreators).values({ clientId: auth.userId, creatorId }).onConflictDoNothing();
  });
};

/** Removes a creator from the shortlist; one that is not in it is 404, as any record the caller does not have. */
export const unsaveCreator = async (app: FastifyInstance, auth: AuthContext, creatorId: string): Promise<void> => {
  const removed = await app.db
    .delete(savedCreators)
    .where(and(eq(savedCreators.clientId, auth.userId), eq(savedCreators.creatorId, creatorId)))
    .returning({ creatorId: savedCreators.creatorId });
  if (removed.length === 0) throw notFound(SAVED_CREATOR_MESSAGES.notSaved);
};
