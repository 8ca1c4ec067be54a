import { asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ProjectView } from '../../../domain/project-schemas';
import type { DbExecutor } from '../../db/client';
import { clientProfiles, processDocs, profiles, projects } from '../../db/schema';

export type ProjectRow = typeof projects.$inferSelect;

/** Lists are capped: a dashboard shows the newest projects, not an unbounded history (decision 033). */
export const PROJECT_LIST_LIMIT = 100;

const clientPerson = alias(profiles, 'client_person');
const makerPerson = alias(profiles, 'maker_person');
const mindPerson = alias(profiles, 'mind_person');

/** Projects matching `where`, newest first, with names and process docs, as the API returns them. */
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

  const docs = await db
    .select()
    .from(processDocs)
    .where(
      inArray(
        processDocs.projectId,
        rows.map((row) => row.project.id),
      ),
    )
    .orderBy(asc(processDocs.createdAt), asc(processDocs.id));

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
      createdAt: project.createdAt.toISOString(),
      completedAt: project.completedAt ? project.completedAt.toISOString() : null,
      conversationId: project.conversationId,
      client: { id: project.clientId, name: clientName ?? 'Unknown client', companyName: companyName ?? null },
      creator,
      processDocs: docs
        .filter((doc) => doc.projectId === project.id)
        .map((doc) => ({ id: doc.id, fileUrl: doc.fileUrl, description: doc.description, createdAt: doc.createdAt.toISOString() })),
    };
  });
};

export const loadProjectView = async (db: DbExecutor, projectId: string): Promise<ProjectView | null> => {
  const [view] = await loadProjectViews(db, eq(projects.id, projectId), 1);
  return view ?? null;
};
