import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreatorEarnings, CreatorSummary } from '../../../domain/profile-schemas';
import { makerProfiles, mindProfiles, portfolioItems, projects } from '../../db/schema';
import type { UserRole } from '../../../domain/constants';
import { forbidden, notFound } from '../../http/errors';
import { creatorLedger } from '../payments/ledger';

export type CreatorRole = 'maker' | 'mind';

const RECENT_COMPLETED_LIMIT = 10;

export const requireCreatorRole = (role: UserRole): CreatorRole => {
  if (role === 'maker' || role === 'mind') return role;
  throw forbidden();
};

/** The caller's own projects: makers by maker_id, minds by mind_id. */
const ownProjects = (role: CreatorRole, userId: string) => (role === 'maker' ? eq(projects.makerId, userId) : eq(projects.mindId, userId));

/** The earnings total, read from the ledger (decision 170): every release to the creator, after the platform fee. */
const earnedDollars = async (app: FastifyInstance, userId: string): Promise<number> => (await creatorLedger(app.db, userId)).earnedCents / 100;

const readApplication = async (app: FastifyInstance, role: CreatorRole, userId: string) => {
  if (role === 'maker') {
    const [row] = await app.db
      .select({
        applicationStatus: makerProfiles.applicationStatus,
        rejectionReason: makerProfiles.rejectionReason,
        sealStatus: makerProfiles.sealStatus,
      })
      .from(makerProfiles)
      .where(eq(makerProfiles.userId, userId));
    return row ? { ...row, earningsTotal: await earnedDollars(app, userId) } : undefined;
  }
  const [row] = await app.db
    .select({
      applicationStatus: mindProfiles.applicationStatus,
      rejectionReason: mindProfiles.rejectionReason,
    })
    .from(mindProfiles)
    .where(eq(mindProfiles.userId, userId));
  return row ? { ...row, sealStatus: 'none' as const, earningsTotal: await earnedDollars(app, userId) } : undefined;
};

/** The figures on a creator dashboard's stat cards. */
export const getCreatorSummary = async (app: FastifyInstance, role: CreatorRole, userId: string): Promise<CreatorSummary> => {
  const application = await readApplication(app, role, userId);
  if (!application) throw notFound('Profile not found');
  const [[active], [portfolio]] = await Promise.all([
    app.db.select({ total: count() }).from(projects).where(and(ownProjects(role, userId), eq(projects.status, 'active'))),
    app.db.select({ total: count() }).from(portfolioItems).where(eq(portfolioItems.makerId, userId)),
  ]);
  return { ...application, activeProjects: active.total, portfolioItems: portfolio.total };
};

/** Earnings: the running total kept on the profile, and what the creator's projects add up to. */
export const getCreatorEarnings = async (app: FastifyInstance, role: CreatorRole, userId: string): Promise<CreatorEarnings> => {
  const application = await readApplication(app, role, userId);
  if (!application) throw notFound('Profile not found');
  const [byStatus, recent] = await Promise.all([
    app.db
      .select({ status: projects.status, total: count(), budget: sql<string>`coalesce(sum(${projects.budget}), 0)` })
      .from(projects)
      .where(ownProjects(role, userId))
      .groupBy(projects.status),
    app.db
      .select({ id: projects.id, title: projects.title, budget: projects.budget, completedAt: projects.completedAt, updatedAt: projects.updatedAt })
      .from(projects)
      .where(and(ownProjects(role, userId), eq(projects.status, 'completed')))
      .orderBy(desc(sql`coalesce(${projects.completedAt}, ${projects.updatedAt})`))
      .limit(RECENT_COMPLETED_LIMIT),
  ]);
  const figure = (status: string) => byStatus.find((row) => row.status === status);
  const completed = figure('completed');
  const completedProjects = completed?.total ?? 0;
  const completedValue = Number(completed?.budget ?? 0);
  const inProgressValue = Number(figure('active')?.budget ?? 0) + Number(figure('in_review')?.budget ?? 0);
  return {
    earningsTotal: application.earningsTotal,
    completedProjects,
    completedValue,
    averageProjectValue: completedProjects > 0 ? Math.round((completedValue / completedProjects) * 100) / 100 : 0,
    inProgressProjects: (figure('active')?.total ?? 0) + (figure('in_review')?.total ?? 0),
    inProgressValue,
    recentCompleted: recent.map((project) => ({
      id: project.id,
      title: project.title,
      budget: project.budget,
      completedAt: (project.completedAt ?? project.updatedAt).toISOString(),
    })),
  };
};
