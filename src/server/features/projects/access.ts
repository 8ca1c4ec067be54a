import { and, eq, isNull } from 'drizzle-orm';
import {
  applyProjectAction,
  projectRelation,
  projectStateOf,
  type ProjectAction,
  type ProjectViewer,
} from '../../../domain/project-lifecycle';
import type { DbExecutor } from '../../db/client';
import { projects } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import type { ProjectRow } from './views';

export const PROJECT_NOT_FOUND = 'Project not found';
export const PROJECT_CHANGED = 'This project was just changed by someone else. Please refresh and try again.';

/**
 * Loads a project the caller may see: its client, its assigned creator, or an admin. Anyone else gets 404,
 * as if it did not exist. `lock` holds the row until the transaction ends (for writes that store a file).
 */
export const requireVisibleProject = async (
  db: DbExecutor,
  auth: AuthContext,
  projectId: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<{ row: ProjectRow; viewer: ProjectViewer }> => {
  const query = db.select().from(projects).where(eq(projects.id, projectId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  const relation = projectRelation(auth.userId, row);
  if (relation === 'none' && auth.role !== 'admin') throw notFound(PROJECT_NOT_FOUND);
  return { row, viewer: { role: auth.role, relation } };
};

/** Applies the domain rules: the wrong person is a 403, the wrong state a 409. */
export const requireProjectAction = (row: ProjectRow, viewer: ProjectViewer, action: ProjectAction): void => {
  const result = applyProjectAction(projectStateOf(row), viewer, action);
  if (result.ok) return;
  throw result.error.kind === 'forbidden' ? forbidden(result.error.message) : conflict(result.error.message);
};

/**
 * The conditional part of every transition's UPDATE: the row must still be exactly as it was read, so of two
 * simultaneous requests only one changes it and the other updates nothing (and answers 409).
 */
export const unchangedSince = (row: ProjectRow) =>
  and(
    eq(projects.id, row.id),
    eq(projects.status, row.status),
    eq(projects.flagged, row.flagged),
    row.makerId ? eq(projects.makerId, row.makerId) : isNull(projects.makerId),
    row.mindId ? eq(projects.mindId, row.mindId) : isNull(projects.mindId),
  );

export const creatorOf = (row: Pick<ProjectRow, 'makerId' | 'mindId'>): { id: string; role: 'maker' | 'mind' } | null => {
  if (row.makerId) return { id: row.makerId, role: 'maker' };
  if (row.mindId) return { id: row.mindId, role: 'mind' };
  return null;
};
