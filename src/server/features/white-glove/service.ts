import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import { formatBudget, formatDeliverableType } from '../../../domain/project-schemas';
import { whiteGloveDueAt, type WhiteGloveRequestInput, type WhiteGloveRequestView } from '../../../domain/white-glove-schemas';
import { clientProfiles, whiteGloveRequests } from '../../db/schema';
import { notFound } from '../../http/errors';
import { composeEmail } from '../../mail/templates';
import type { AuthContext } from '../../types';
import { listCreatorCards } from '../client/directory';

type RequestRow = typeof whiteGloveRequests.$inferSelect;

const REQUEST_LIST_LIMIT = 50;

const toView = (row: RequestRow): WhiteGloveRequestView => ({
  id: row.id,
  description: row.description,
  deliverableType: row.deliverableType,
  budget: Number(row.budget),
  status: row.status,
  curatedCreatorIds: row.curatedCreatorIds,
  createdAt: row.createdAt.toISOString(),
  dueAt: whiteGloveDueAt(row.createdAt).toISOString(),
});

/** Records a pending request and tells the team's inbox, in one transaction, so curation can start at once. */
export const createWhiteGloveRequest = async (app: FastifyInstance, auth: AuthContext, input: WhiteGloveRequestInput): Promise<WhiteGloveRequestView> => {
  const row = await app.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(whiteGloveRequests)
      .values({ clientId: auth.userId, description: input.description, deliverableType: input.deliverableType, budget: input.budget, status: 'pending' })
      .returning();
    const [profile] = await tx.select({ companyName: clientProfiles.companyName }).from(clientProfiles).where(eq(clientProfiles.userId, auth.userId));
    const due = whiteGloveDueAt(created.createdAt);
    await app.mailer.enqueue(
      composeEmail(
        { type: 'white-glove-request', to: app.config.CONTACT_INBOX, subject: `White Glove request from ${profile?.companyName ?? auth.name}`, siteName: app.config.SITE_NAME },
        [
          `${auth.name}${profile?.companyName ? ` (${profile.companyName})` : ''} asked for White Glove matching.`,
          `Deliverable: ${formatDeliverableType(created.deliverableType)}. Budget: ${formatBudget(Number(created.budget))}.`,
          created.description,
          `Please curate 3 creators by ${due.toUTCString()}.`,
          `${app.config.PUBLIC_URL}/dashboard-admin`,
        ],
      ),
      tx,
    );
    return created;
  });
  return toView(row);
};

export const listMyWhiteGloveRequests = async (app: FastifyInstance, auth: AuthContext): Promise<WhiteGloveRequestView[]> => {
  const rows = await app.db
    .select()
    .from(whiteGloveRequests)
    .where(eq(whiteGloveRequests.clientId, auth.userId))
    .orderBy(desc(whiteGloveRequests.createdAt), desc(whiteGloveRequests.id))
    .limit(REQUEST_LIST_LIMIT);
  return rows.map(toView);
};

/** The curated creators of the caller's own request, in curation order; creators no longer approved drop out. */
export const listCuratedMatches = async (app: FastifyInstance, auth: AuthContext, requestId: string): Promise<CreatorCard[]> => {
  const [row] = await app.db
    .select()
    .from(whiteGloveRequests)
    .where(and(eq(whiteGloveRequests.id, requestId), eq(whiteGloveRequests.clientId, auth.userId)));
  if (!row) throw notFound('Request not found');
  if (row.curatedCreatorIds.length === 0) return [];
  const cards = await listCreatorCards(app.db, { ids: row.curatedCreatorIds, seal: false }, row.curatedCreatorIds.length);
  return row.curatedCreatorIds.flatMap((id) => cards.filter((card) => card.id === id));
};
