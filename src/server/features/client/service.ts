import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientDashboard, ClientProfileUpdate, ClientProfileView } from '../../../domain/client-dashboard-schemas';
import type { DbExecutor } from '../../db/client';
import { clientProfiles, projects } from '../../db/schema';
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
 * The dashboard's profile and its count of active projects in one prepared statement (one round trip, planned
 * once per connection). The profile is left-joined to a single row, so a client without one still gets the count.
 */
const prepareDashboard = (db: DbExecutor) => {
  const userId = sql.placeholder('userId');
  return db
    .select({
      hasProfile: clientProfiles.userId,
      ...profileColumns,
      activeProjects: sql<number>`(select count(*)::int from ${projects} where ${projects.clientId} = ${userId} and ${projects.status} = 'active')`,
    })
    .from(sql`(select 1) as one`)
    .leftJoin(clientProfiles, eq(clientProfiles.userId, userId))
    .prepare('hm_client_dashboard');
};

const dashboards = new WeakMap<DbExecutor, ReturnType<typeof prepareDashboard>>();

/** The summary cards: active projects counted in the database, company and budget range from client_profiles. */
export const getClientDashboard = async (app: FastifyInstance, auth: AuthContext): Promise<ClientDashboard> => {
  let statement = dashboards.get(app.db);
  if (!statement) {
    statement = prepareDashboard(app.db);
    dashboards.set(app.db, statement);
  }
  const [row] = await statement.execute({ userId: auth.userId });
  const { hasProfile, activeProjects, ...profile } = row;
  return { activeProjects: Number(activeProjects ?? 0), profile: hasProfile ? { ...profile, desiredCategories: profile.desiredCategories ?? [] } : EMPTY_PROFILE };
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
    // The profile still points at the previous logo: the new file is the one nobody uses now.
    await removeReplacedFile(app, stored.url, previous);
    throw error;
  }
  // The same rule as saving the profile form: never delete the thumbnail the new logo has just written.
  await removeReplacedFile(app, previous, stored.url);
  return readProfile(app.db, auth.userId);
};
