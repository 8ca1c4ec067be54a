import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { CreatorEarnings, CreatorSummary } from '../../../domain/profile-schemas';
import { batchLoaderPerDatabase } from '../../db/batch';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, portfolioItems, projects } from '../../db/schema';
import type { UserRole } from '../../../domain/constants';
import { forbidden, notFound } from '../../http/errors';
import { earnedCents, earnedCentsOf } from '../payments/ledger';

export type CreatorRole = 'maker' | 'mind';

const RECENT_COMPLETED_LIMIT = 10;

export const requireCreatorRole = (role: UserRole): CreatorRole => {
  if (role === 'maker' || role === 'mind') return role;
  throw forbidden();
};

/** The caller's own projects: makers by maker_id, minds by mind_id. */
const ownProjects = (role: CreatorRole, userId: string) => (role === 'maker' ? eq(projects.makerId, userId) : eq(projects.mindId, userId));

/** The earnings total, read from the ledger (decision 170): every release to the creator, after the platform fee. */
const earnedDollars = async (app: FastifyInstance, userId: string): Promise<number> => (await earnedCents(app.db, userId)) / 100;

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

/**
 * The stat cards of many creators of one role, in one prepared statement (one round trip): the application, the
 * earnings read from the ledger, and the counts of active projects and portfolio items. Summaries asked for in the
 * same turn are read together (db/batch.ts); a creator without a role profile has no row.
 */
const prepareSummaries = (db: DbExecutor, role: CreatorRole) => {
  const id = sql`asked.user_id`;
  const profile = role === 'maker' ? makerProfiles : mindProfiles;
  return db
    .select({
      userId: sql<string>`${id}`,
      applicationStatus: profile.applicationStatus,
      rejectionReason: profile.rejectionReason,
      sealStatus: role === 'maker' ? makerProfiles.sealStatus : sql<'none'>`'none'`,
      earnedCents: earnedCentsOf(id),
      activeProjects: sql<number>`(select count(*)::int from ${projects}
        where ${role === 'maker' ? projects.makerId : projects.mindId} = ${id} and ${projects.status} = 'active')`,
      inReviewProjects: sql<number>`(select count(*)::int from ${projects}
        where ${role === 'maker' ? projects.makerId : projects.mindId} = ${id} and ${projects.status} = 'in_review')`,
      portfolioItems: sql<number>`(select count(*)::int from ${portfolioItems} where ${portfolioItems.makerId} = ${id})`,
    })
    .from(sql`unnest(${sql.placeholder('userIds')}::text[]) as asked(user_id)`)
    .innerJoin(profile, sql`${profile.userId} = ${id}`)
    .prepare(`hm_${role}_summaries`);
};

const summaryLoaderOf = (role: CreatorRole) =>
  batchLoaderPerDatabase((db) => {
    const statement = prepareSummaries(db, role);
    return async (userIds) => new Map((await statement.execute({ userIds })).map((row) => [row.userId, row]));
  });

const summaryLoaders = { maker: summaryLoaderOf('maker'), mind: summaryLoaderOf('mind') };

/** The figures on a creator dashboard's stat cards. */
export const getCreatorSummary = async (app: FastifyInstance, role: CreatorRole, userId: string): Promise<CreatorSummary> => {
  const row = await summaryLoaders[role](app.db)(userId);
  if (!row) throw notFound('Profile not found');
  return {
    applicationStatus: row.applicationStatus,
    rejectionReason: row.rejectionReason,
    sealStatus: row.sealStatus,
    earningsTotal: Number(row.earnedCents) / 100,
    activeProjects: Number(row.activeProjects),
    inReviewProjects: Number(row.inReviewProjects),
    portfolioItems: Number(row.portfolioItems),
  };
};

/**
 * Earnings: the total released to the creator, read from the ledger (decision 170), and their projects' counts. No
 * money figure here is summed from budgets (decision 228): what was agreed is not what was paid.
 */
export const getCreatorEarnings = async (app: FastifyInstance, role: CreatorRole, userId: string): Promise<CreatorEarnings> => {
  const application = await readApplication(app, role, userId);
  if (!application) throw notFound('Profile not found');
  const [byStatus, recent] = await Promise.all([
    app.db
      .select({ status: projects.status, total: count() })
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
  const projectsIn = (status: string) => byStatus.find((row) => row.status === status)?.total ?? 0;
  return {
    earningsTotal: application.earningsTotal,
    completedProjects: projectsIn('completed'),
    inProgressProjects: projectsIn('active') + projectsIn('in_review'),
    recentCompleted: recent.map((project) => ({
      id: project.id,
      title: project.title,
      budget: project.budget,
      completedAt: (project.completedAt ?? project.updatedAt).toISOString(),
    })),
  };
};
