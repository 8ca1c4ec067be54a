import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientDashboard, ClientProfileUpdate, ClientProfileView } from '../../../domain/client-dashboard-schemas';
import type { DbExecutor } from '../../db/client';
import { clientProfiles, projects } from '../../db/schema';
import { parseFileUrl } from '../../storage/storage';
import type { ReceivedUpload } from '../../storage/upload-request';
import type { AuthContext } from '../../types';

const EMPTY_PROFILE: ClientProfileView = { companyName: null, industry: null, budgetRange: null, desiredCategories: [], logoUrl: null };

const readProfile = async (db: DbExecutor, userId: string): Promise<ClientProfileView> => {
  const [row] = await db
    .select({
      companyName: clientProfiles.companyName,
      industry: clientProfiles.industry,
      budgetRange: clientProfiles.budgetRange,
      desiredCategories: clientProfiles.desiredCategories,
      logoUrl: clientProfiles.logoUrl,
    })
    .from(clientProfiles)
    .where(eq(clientProfiles.userId, userId));
  return row ?? EMPTY_PROFILE;
};

/** The summary cards: active projects counted in the database, company and budget range from client_profiles. */
export const getClientDashboard = async (app: FastifyInstance, auth: AuthContext): Promise<ClientDashboard> => {
  const [[active], profile] = await Promise.all([
    app.db
      .select({ value: count() })
      .from(projects)
      .where(and(eq(projects.clientId, auth.userId), eq(projects.status, 'active'))),
    readProfile(app.db, auth.userId),
  ]);
  return { activeProjects: Number(active?.value ?? 0), profile };
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
  const sameFile = parseFileUrl(previous)?.key === stored.key;
  try {
    await app.db
      .insert(clientProfiles)
      .values({ userId: auth.userId, logoUrl: stored.url })
      .onConflictDoUpdate({ target: clientProfiles.userId, set: { logoUrl: stored.url, updatedAt: new Date() } });
  } catch (error) {
    // The new file replaced the old one in place when the extension matched; only a new path is an orphan.
    if (!sameFile) await app.storage.removeByUrl(stored.url).catch(() => undefined);
    throw error;
  }
  // A logo of another type was stored beside the old one: the old file is now unreferenced.
  if (previous && !sameFile) await app.storage.removeByUrl(previous).catch((error: unknown) => app.log.warn({ err: error }, 'old logo not removed'));
  return readProfile(app.db, auth.userId);
};
