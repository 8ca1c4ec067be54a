import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ProjectSummary } from '../../../domain/project-schemas';
import { projects } from '../../db/schema';
import { earnedCents } from '../payments/ledger';
import type { AuthContext } from '../../types';

/** Stat-card figures for the caller's own dashboard: their projects by status and, for creators, total earnings. */
export const getProjectSummary = async (app: FastifyInstance, auth: AuthContext): Promise<ProjectSummary> => {
  const scope =
    auth.role === 'client' ? eq(projects.clientId, auth.userId) : auth.role === 'maker' ? eq(projects.makerId, auth.userId) : eq(projects.mindId, auth.userId);
  const rows = await app.db.select({ status: projects.status, value: count() }).from(projects).where(scope).groupBy(projects.status);
  const byStatus = (status: string) => Number(rows.find((row) => row.status === status)?.value ?? 0);

  let earningsTotal: number | null = null;
  if (auth.role === 'maker' || auth.role === 'mind') {
    // Read from the ledger (decision 170): everything released to the creator, after the platform fee.
    earningsTotal = (await earnedCents(app.db, auth.userId)) / 100;
  }
  return {
    activeProjects: byStatus('active'),
    inReviewProjects: byStatus('in_review'),
    completedProjects: byStatus('completed'),
    earningsTotal,
  };
};
