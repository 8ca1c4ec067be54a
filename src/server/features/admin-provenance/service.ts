import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { PROVENANCE_MESSAGES, type ProvenanceReviewItem } from '../../../domain/admin-schemas';
import { dashboardPath } from '../../../domain/routes';
import type { Database } from '../../db/client';
import { portfolioItems, profiles, user, userRoles } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { notify } from '../notifications/service';

const PROVENANCE_LIST_LIMIT = 100;

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Every held image, oldest first, with why it waits: beside the other creator's image it resembles, or with what its credentials declare. */
export const listProvenanceReview = async (db: Database): Promise<ProvenanceReviewItem[]> => {
  const match = alias(portfolioItems, 'match');
  const matchProfile = alias(profiles, 'match_profile');
  const matchUser = alias(user, 'match_user');
  const rows = await db
    .select({
      id: portfolioItems.id,
      title: portfolioItems.title,
      imageUrl: portfolioItems.imageUrl,
      createdAt: portfolioItems.createdAt,
      makerId: portfolioItems.makerId,
      makerName: sql<string>`coalesce(${profiles.name}, ${user.name})`,
      reviewReason: portfolioItems.reviewReason,
      contentCredentials: portfolioItems.contentCredentials,
      matchId: match.id,
      matchTitle: match.title,
      matchImageUrl: match.imageUrl,
      matchCreatedAt: match.createdAt,
      matchMakerId: match.makerId,
      matchMakerName: sql<string | null>`coalesce(${matchProfile.name}, ${matchUser.name})`,
    })
    .from(portfolioItems)
    .innerJoin(user, eq(user.id, portfolioItems.makerId))
    .leftJoin(profiles, eq(profiles.id, portfolioItems.makerId))
    .leftJoin(match, eq(match.id, portfolioItems.matchedItemId))
    .leftJoin(matchUser, eq(matchUser.id, match.makerId))
    .leftJoin(matchProfile, eq(matchProfile.id, match.makerId))
    .where(eq(portfolioItems.reviewStatus, 'pending'))
    .orderBy(asc(portfolioItems.createdAt))
    .limit(PROVENANCE_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    imageUrl: row.imageUrl,
    createdAt: row.createdAt.toISOString(),
    maker: { id: row.makerId, name: row.makerName },
    reason: row.reviewReason ?? 'near_copy',
    contentCredentials: row.contentCredentials,
    match:
      row.matchId && row.matchImageUrl && row.matchCreatedAt && row.matchMakerId
        ? {
            id: row.matchId,
            title: row.matchTitle ?? '',
            imageUrl: row.matchImageUrl,
            createdAt: row.matchCreatedAt.toISOString(),
            maker: { id: row.matchMakerId, name: row.matchMakerName ?? 'A deleted creator' },
          }
        : null,
  }));
};

const requirePending = async (tx: Transaction, itemId: string) => {
  const [row] = await tx.select().from(portfolioItems).where(eq(portfolioItems.id, itemId)).for('update');
  if (!row) throw notFound(PROVENANCE_MESSAGES.notFound);
  if (row.reviewStatus !== 'pending') throw conflict(PROVENANCE_MESSAGES.notPending);
  return row;
};

type HeldItem = Awaited<ReturnType<typeof requirePending>>;

/** Why the creator's image waited, in the words their portfolio showed them. */
const whyHeld = (row: HeldItem) =>
  row.reviewReason === 'ai_declared' ? 'Its Content Credentials declare generative AI' : "It closely resembles another creator's image";

/**
 * The creator saw 'Hidden from your studio until our team has checked it' on their piece: they hear the outcome in
 * the app, in the decision's transaction, with a link to their portfolio (one notification per item, the latest wins).
 */
const tellCreator = async (tx: Transaction, row: HeldItem, outcome: 'cleared' | 'removed') => {
  const [role] = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, row.makerId));
  await notify(tx, {
    userId: row.makerId,
    kind: 'account',
    subjectKey: `provenance:${row.id}`,
    title: outcome === 'cleared' ? `“${row.title}” is on your studio` : `“${row.title}” was removed from your portfolio`,
    body:
      outcome === 'cleared'
        ? 'Our team checked it and it now shows on your studio like the rest of your work.'
        : `${whyHeld(row)}, so Humanmade's provenance review removed it. If it is your own work, write to us from the contact page.`,
    link: `${dashboardPath(role?.role === 'mind' ? 'mind' : 'maker')}?tab=portfolio`,
  });
};

/** The admin finds the work the creator's own: it is shown like any other, the creator is told, and the decision is audited. */
export const approveProvenance = (app: FastifyInstance, auth: AuthContext, itemId: string): Promise<void> =>
  app.db.transaction(async (tx) => {
    const row = await requirePending(tx, itemId);
    await tx.update(portfolioItems).set({ reviewStatus: 'clear' }).where(and(eq(portfolioItems.id, itemId), eq(portfolioItems.reviewStatus, 'pending')));
    await recordAudit(tx, auth, { action: 'provenance.approve', targetType: 'portfolio_item', targetId: itemId, metadata: { makerId: row.makerId, title: row.title, matchedItemId: row.matchedItemId, reason: row.reviewReason } });
    await tellCreator(tx, row, 'cleared');
  });

/** The admin finds it a copy (or AI-made): the item and its image go, the creator is told why, and the decision is audited. The file goes after the commit. */
export const removeProvenance = async (app: FastifyInstance, auth: AuthContext, itemId: string, reason: string | null): Promise<void> => {
  const imageUrl = await app.db.transaction(async (tx) => {
    const row = await requirePending(tx, itemId);
    await tx.delete(portfolioItems).where(eq(portfolioItems.id, itemId));
    await recordAudit(tx, auth, {
      action: 'provenance.remove',
      targetType: 'portfolio_item',
      targetId: itemId,
      reason,
      metadata: { makerId: row.makerId, title: row.title, matchedItemId: row.matchedItemId, reason: row.reviewReason },
    });
    await tellCreator(tx, row, 'removed');
    return row.imageUrl;
  });
  await app.storage.removeByUrl(imageUrl).catch((error: unknown) => app.log.warn({ err: error }, 'could not remove a portfolio image'));
};
