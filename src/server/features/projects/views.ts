import { and, asc, desc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectFileProvenance } from '../../../domain/content-credentials';
import type { ProjectView } from '../../../domain/project-schemas';
import type { DbExecutor } from '../../db/client';
import { isLate, revisionsLeft } from '../../../domain/milestones';
import { fundingStatuses } from '../payments/views';
import { clientProfiles, processDocs, processRecordEntries, profiles, projectFileReviews, projectMilestones, projectOffers, projects } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

/** Lists are capped: a dashboard shows the newest projects, not an unbounded history (decision 033). */
export const PROJECT_LIST_LIMIT = 100;

const clientPerson = alias(profiles, 'client_person');
const makerPerson = alias(profiles, 'maker_person');
const mindPerson = alias(profiles, 'mind_person');

type OfferRow = typeof projectOffers.$inferSelect;

/**
 * One match's offers, newest first: the assigned creator's, or on an unassigned draft those of the creator who sent
 * the newest (an earlier match's versions, numbered per creator, would read as a second "Version 1").
 */
const offersOfMatch = (offers: OfferRow[], creatorId: string | undefined): OfferRow[] => {
  const match = creatorId ?? offers[0]?.creatorId;
  return match === undefined ? offers : offers.filter((offer) => offer.creatorId === match);
};

const PLAIN_FILE: ProjectFileProvenance = { contentCredentials: null, heldForReview: false };

/**
 * What each file of these projects said in its Content Credentials at upload, and whether Provenance review holds
 * it (decision 227), by the file's URL, which its process record entry shares with the process doc or the delivery.
 * Only files with credentials: a file goes to review only when they declare generative AI. A removed file's URL is
 * no longer on any doc or milestone, so its entry is never asked for.
 */
const fileProvenanceOf = async (db: DbExecutor, projectIds: string[]): Promise<(fileUrl: string) => ProjectFileProvenance> => {
  const rows = await db
    .select({ fileUrl: processRecordEntries.fileUrl, contentCredentials: processRecordEntries.contentCredentials, review: projectFileReviews.status })
    .from(processRecordEntries)
    .leftJoin(projectFileReviews, eq(projectFileReviews.entryId, processRecordEntries.id))
    .where(and(inArray(processRecordEntries.projectId, projectIds), isNotNull(processRecordEntries.contentCredentials)));
  const byUrl = new Map<string, ProjectFileProvenance>();
  for (const row of rows) {
    if (row.fileUrl) byUrl.set(row.fileUrl, { contentCredentials: row.contentCredentials, heldForReview: row.review === 'pending' });
  }
  return (fileUrl) => byUrl.get(fileUrl) ?? PLAIN_FILE;
};

/** Projects matching `where`, newest first, with names, process docs and what their files' credentials say, as the API returns them. */
export const loadProjectViews = async (db: DbExecutor, where: SQL | undefined, limit = PROJECT_LIST_LIMIT): Promise<ProjectView[]> => {
  const rows = await db
    .select({
      project: projects,
      clientName: clientPerson.name,
      companyName: clientProfiles.companyName,
      makerName: makerPerson.name,
      makerAvatar: makerPerson.avatarUrl,
      mindName: mindPerson.name,
      mindAvatar: mindPerson.avatarUrl,
    })
    .from(projects)
    .leftJoin(clientPerson, eq(clientPerson.id, projects.clientId))
    .leftJoin(clientProfiles, eq(clientProfiles.userId, projects.clientId))
    .leftJoin(makerPerson, eq(makerPerson.id, projects.makerId))
    .leftJoin(mindPerson, eq(mindPerson.id, projects.mindId))
    .where(where)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(limit);
  if (rows.length === 0) return [];

  const ids = rows.map((row) => row.project.id);
  const [docs, offers, milestones, provenanceOf] = await Promise.all([
    db.select().from(processDocs).where(inArray(processDocs.projectId, ids)).orderBy(asc(processDocs.createdAt), asc(processDocs.id)),
    db.select().from(projectOffers).where(inArray(projectOffers.projectId, ids)).orderBy(desc(projectOffers.createdAt), desc(projectOffers.version)),
    db.select().from(projectMilestones).where(inArray(projectMilestones.projectId, ids)).orderBy(asc(projectMilestones.position)),
    fileProvenanceOf(db, ids),
  ]);
  const now = new Date();
  const cancelled = new Set(rows.filter((row) => row.project.status === 'cancelled').map((row) => row.project.id));
  const funding = await fundingStatuses(db, milestones.map((milestone) => ({ id: milestone.id, status: milestone.status, projectCancelled: cancelled.has(milestone.projectId) })));

  return rows.map(({ project, clientName, companyName, makerName, makerAvatar, mindName, mindAvatar }) => {
    const creator = project.makerId
      ? { id: project.makerId, name: makerName ?? 'Unknown creator', role: 'maker' as const, avatarUrl: makerAvatar ?? null }
      : project.mindId
        ? { id: project.mindId, name: mindName ?? 'Unknown creator', role: 'mind' as const, avatarUrl: mindAvatar ?? null }
        : null;
    return {
      id: project.id,
      title: project.title,
      description: project.description,
      deliverableType: project.deliverableType,
      budget: Number(project.budget),
      status: project.status,
      flagged: project.flagged,
      flagReason: project.flagReason,
      deliverableUrl: project.deliverableUrl,
      deliverableProvenance: project.deliverableUrl ? provenanceOf(project.deliverableUrl) : null,
      createdAt: project.createdAt.toISOString(),
      completedAt: project.completedAt ? project.completedAt.toISOString() : null,
      conversationId: project.conversationId,
      client: { id: project.clientId, name: clientName ?? 'Unknown client', companyName: companyName ?? null },
      creator,
      processDocs: docs
        .filter((doc) => doc.projectId === project.id)
        .map((doc) => ({
          id: doc.id,
          fileUrl: doc.fileUrl,
          description: doc.description,
          milestoneId: doc.milestoneId,
          createdAt: doc.createdAt.toISOString(),
          provenance: provenanceOf(doc.fileUrl),
        })),
      // The offers between the client and the creator assigned now: after a decline the draft may go to someone
      // else, who must not read the first creator's prices and the client's reasons (the pair's thread keeps them).
      // An unassigned draft still shows its client the last match's history. Versions count per creator (decision 208).
      offers: offersOfMatch(
        offers.filter((offer) => offer.projectId === project.id),
        creator?.id,
      )
        .map((offer) => ({
          id: offer.id,
          version: offer.version,
          priceCents: offer.priceCents,
          revisionRounds: offer.revisionRounds,
          note: offer.note,
          milestones: offer.milestones,
          status: offer.status,
          responseNote: offer.responseNote,
          createdAt: offer.createdAt.toISOString(),
          respondedAt: offer.respondedAt?.toISOString() ?? null,
        })),
      milestones: milestones
        .filter((milestone) => milestone.projectId === project.id)
        .map((milestone) => ({
          id: milestone.id,
          position: milestone.position,
          title: milestone.title,
          amountCents: milestone.amountCents,
          dueDate: milestone.dueDate,
          status: milestone.status,
          deliverableUrl: milestone.deliverableUrl,
          deliverableProvenance: milestone.deliverableUrl ? provenanceOf(milestone.deliverableUrl) : null,
          submittedAt: milestone.submittedAt?.toISOString() ?? null,
          autoApproveAt: milestone.autoApproveAt?.toISOString() ?? null,
          approvedAt: milestone.approvedAt?.toISOString() ?? null,
          approvedByTime: milestone.approvedByTime,
          revisionNote: milestone.revisionNote,
          late: project.status !== 'cancelled' && isLate(milestone, now),
          funding: funding.get(milestone.id) ?? 'not_due',
        })),
      revisions: {
        included: project.revisionRounds,
        used: project.revisionsUsed,
        extra: project.extraRevisions,
        left: revisionsLeft({ revisionRounds: project.revisionRounds, revisionsUsed: project.revisionsUsed, extraRevisions: project.extraRevisions }),
      },
    };
  });
};

export const loadProjectView = async (db: DbExecutor, projectId: string): Promise<ProjectView | null> => {
  const [view] = await loadProjectViews(db, eq(projects.id, projectId), 1);
  return view ?? null;
};
