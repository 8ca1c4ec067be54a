import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, whiteGloveDueAt, type AdminWhiteGloveRequest } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import type { Database } from '../../db/client';
import { clientProfiles, profiles, user, whiteGloveRequests } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { excerpt, notify } from '../notifications/service';
import { matchesReadyEmail } from '../admin/emails';
import { findApprovedCreators } from './candidates';

export const WHITE_GLOVE_LIST_LIMIT = 100;

const overdue = sql<boolean>`(${whiteGloveRequests.status} = 'pending' and ${whiteGloveRequests.createdAt} < now() - make_interval(hours => ${LIMITS.whiteGloveDueHours}))`;

/** Overdue pending requests first, oldest first (they are the most urgent); then the rest, newest first. */
export const listWhiteGloveRequests = async (db: Database): Promise<AdminWhiteGloveRequest[]> => {
  const rows = await db
    .select({ request: whiteGloveRequests, companyName: clientProfiles.companyName, isOverdue: overdue })
    .from(whiteGloveRequests)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, whiteGloveRequests.clientId))
    .orderBy(
      desc(overdue),
      sql`case when ${overdue} then ${whiteGloveRequests.createdAt} end asc`,
      desc(whiteGloveRequests.createdAt),
      desc(whiteGloveRequests.id),
    )
    .limit(WHITE_GLOVE_LIST_LIMIT);
  return rows.map(({ request, companyName, isOverdue }) => ({
    id: request.id,
    companyName: companyName || null,
    description: request.description,
    deliverableType: request.deliverableType,
    budget: request.budget,
    status: request.status,
    curatedCreatorIds: request.curatedCreatorIds,
    createdAt: request.createdAt.toISOString(),
    dueAt: whiteGloveDueAt(request.createdAt).toISOString(),
    completedAt: request.completedAt ? request.completedAt.toISOString() : null,
    isOverdue,
  }));
};

export const requireWhiteGloveRequest = async (db: Database, requestId: string) => {
  const [request] = await db.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, requestId));
  if (!request) throw notFound('Request not found');
  return request;
};

/**
 * Saves exactly 3 distinct approved creators as the request's matches, completes it and emails the client,
 * in one transaction. The request must still be pending (conditional update, else 409).
 */
export const curateMatches = async (app: FastifyInstance, auth: AuthContext, requestId: string, creatorIds: string[]): Promise<void> =>
  app.db.transaction(async (tx) => {
    const [request] = await tx.select().from(whiteGloveRequests).where(eq(whiteGloveRequests.id, requestId)).for('update');
    if (!request) throw notFound('Request not found');
    if (request.status !== 'pending') throw conflict(ADMIN_MESSAGES.requestNotPending);

    const creators = await findApprovedCreators(tx, { ids: creatorIds });
    if (creators.length !== LIMITS.whiteGloveMatches) {
      throw badRequest(ADMIN_MESSAGES.curateNotApproved, { creatorIds: ADMIN_MESSAGES.curateNotApproved });
    }
    const byId = new Map(creators.map((creator) => [creator.userId, creator]));
    const ordered = creatorIds.map((id) => byId.get(id)!);

    const updated = await tx
      .update(whiteGloveRequests)
      .set({ status: 'completed', curatedCreatorIds: creatorIds, completedAt: new Date() })
      .where(and(eq(whiteGloveRequests.id, requestId), eq(whiteGloveRequests.status, 'pending')))
      .returning({ id: whiteGloveRequests.id });
    if (updated.length === 0) throw conflict(ADMIN_MESSAGES.requestNotPending);

    const [client] = await tx
      .select({ email: user.email, name: sql<string>`coalesce(${profiles.name}, ${user.name})`, companyName: clientProfiles.companyName })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .leftJoin(clientProfiles, eq(clientProfiles.userId, user.id))
      .where(eq(user.id, request.clientId));
    if (client) await app.mailer.enqueue(matchesReadyEmail(app, client, request, ordered), tx);
    await notify(tx, {
      userId: request.clientId,
      kind: 'account',
      subjectKey: `white-glove:${requestId}`,
      title: 'Your White Glove matches are ready',
      body: excerpt(`Three creators chosen for you: ${ordered.map((creator) => creator.name).join(', ')}.`),
      link: '/dashboard-client?tab=white-glove',
    });
    await recordAudit(tx, auth, {
      action: 'white_glove.curate',
      targetType: 'white_glove_request',
      targetId: requestId,
      // `name` is what the Audit tab shows as the target: the client's company, as the White Glove tab names it.
      metadata: {
        name: client?.companyName ?? 'Unknown Client',
        creatorIds,
        creatorNames: ordered.map((creator) => creator.name),
        deliverableType: request.deliverableType,
      },
    });
  });
