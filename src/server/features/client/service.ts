import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientDashboard, ClientProfileUpdate, ClientProfileView } from '../../../domain/client-dashboard-schemas';
import { batchLoaderPerDatabase } from '../../db/batch';
import type { DbExecutor } from '../../db/client';
import { clientProfiles, projects } from '../../db/schema';
import { discardFileOfFailedWrite } from '../../storage/failed-write';
import type { ReceivedUpload } from '../../storage/upload-request';
import type { AuthContext } from '../../types';
import { removeReplacedFile } from '../uploads/own-file';

const EMPTY_PROFILE: ClientProfileView = { companyName: null, industry: null, budgetRange: null, desiredCategories: [], logoUrl: null };

const profileColumns = {
  companyName: clientProfiles.companyName,
  industry: clientProfiles.industry,
  budgetRange: clientProfiles.budgetRange,
  desiredCategories: clientProfiles.desiredCategories,
  logoUrl: clientProfiles.logoUrl,
};

const readProfile = async (db: DbExecutor, userId: string): Promise<ClientProfileView> => {
  const [row] = await db.select(profileColumns).from(clientProfiles).where(eq(clientProfiles.userId, userId));
  return row ?? EMPTY_PROFILE;
};

/**
 * Dashboards' profiles and their counts of active projects in one prepared statement (one round trip, planned once
 * per connection), for a list of clients: dashboards asked for in the same turn are read together (db/batch.ts, as
 * the studios are). Each id is one row, its profile left-joined, so a client without one still gets the count.
 */
const prepareDashboards = (db: DbExecutor) =>
  db
    .select({
      userId: sql<string>`asked.user_id`,
      hasProfile: clientProfiles.userId,
      ...profileColumns,
      activeProjects: sql<number>`(select count(*)::int from ${projects} where ${projects.clientId} = asked.user_id and ${projects.status} = 'active')`,
      inReviewProjects: sql<number>`(select count(*)::int from ${projects} where ${projects.clientId} = asked.user_id and ${projects.status} = 'in_review')`,
    })
    .from(sql`unnest(${sql.placeholder('userIds')}::text[]) as asked(user_id)`)
    .leftJoin(clientProfiles, sql`${clientProfiles.userId} = asked.user_id`)
    .prepare('hm_client_dashboards');

const dashboardLoaderFor = batchLoaderPerDatabase((db) => {
  const statement = prepareDashboards(db);
  return async (userIds) => new Map((await statement.execute({ userIds })).map((row) => [row.userId, row]));
});

/** The summary cards: active projects counted in the database, company and budget range from client_profiles. */
export const getClientDashboard = async (app: FastifyInstance, auth: AuthContext): Promise<ClientDashboard> => {
  const row = await dashboardLoaderFor(app.db)(auth.userId);
  if (!row) return { activeProjects: 0, inReviewProjects: 0, profile: EMPTY_PROFILE };
  const { hasProfile, activeProjects, inReviewProjects, userId: _userId, ...profile } = row;
  return { activeProjects: Number(activeProjects ?? 0), inReviewProjects: Number(inReviewProjects ?? 0), profile: hasProfile ? { ...profile, desiredCategories: profile.desiredCategories ?? [] } : EMPTY_PROFILE };
};

/** Edits the client's own profile; the application status is left as onboarding set it. */
export const updateClientProfile = async (app: FastifyInstance, auth: AuthContext, input: ClientProfileUpdate): Promise<ClientProfileView> => {
  const values = { ...input, updatedAt: new Date() };
  await app.db
    .insert(clientProfiles)
    .values({ userId: auth.userId, ...values })
    .onConflictDoUpdate({ target: clientProfiles.userId, set: values });
  return readProfile(app.db, auth.userId);
};

/** Stores the logo at `<userId>/logo.<ext>` (replacing any earlier one) and points the profile at it. */
export const replaceClientLogo = async (app: FastifyInstance, auth: AuthContext, upload: ReceivedUpload): Promise<ClientProfileView> => {
  const previous = (await readProfile(app.db, auth.userId)).logoUrl;
  const stored = await app.storage.saveUpload('clientLogo', `${auth.userId}/logo`, upload.data);
  try {
    await app.db
      .insert(clientProfiles)
      .values({ userId: auth.userId, logoUrl: stored.url })
      .onConflictDoUpdate({ target: clientProfiles.userId, set: { logoUrl: stored.url, updatedAt: new Date() } });
  } catch (error) {
    // Unless the change committed after all, the profile still points at the previous logo: the new file is the one
    // nobody uses now.
    await discardFileOfFailedWrite(app.log, error, {
      committed: async () => (await readProfile(app.db, auth.userId)).logoUrl === stored.url,
      remove: () => removeReplacedFile(app, stored.url, previous),
    });
  }
  // The same rule as saving the profile form: never delete the thumbnail the new logo has just written.
  await removeReplacedFile(app, previous, stored.url);
  return readProfile(app.db, auth.userId);
};
