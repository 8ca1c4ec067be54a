import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ClientProfileValues, ClientProfileView } from '../../../domain/profile-schemas';
import { clientProfiles, profiles } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { notFound } from '../../http/errors';
import { removeReplacedFile, requireOwnFileUrl, SINGLE_FILE_NAMES } from '../uploads/own-file';

export const getClientProfile = async (app: FastifyInstance, userId: string): Promise<ClientProfileView> => {
  const [row] = await app.db
    .select({
      name: profiles.name,
      companyName: clientProfiles.companyName,
      industry: clientProfiles.industry,
      budgetRange: clientProfiles.budgetRange,
      logoUrl: clientProfiles.logoUrl,
      desiredCategories: clientProfiles.desiredCategories,
      applicationStatus: clientProfiles.applicationStatus,
      termsAcceptedAt: clientProfiles.termsAcceptedAt,
    })
    .from(clientProfiles)
    .innerJoin(profiles, eq(profiles.id, clientProfiles.userId))
    .where(eq(clientProfiles.userId, userId));
  if (!row) throw notFound('Profile not found');
  const { termsAcceptedAt, ...view } = row;
  return { ...view, termsAccepted: termsAcceptedAt !== null };
};

/** Saves the client's company profile; with `submit` (onboarding, terms accepted) the client is approved at once. */
export const saveClientProfile = async (
  app: FastifyInstance,
  userId: string,
  input: ClientProfileValues,
  options: { submit: boolean },
): Promise<ClientProfileView> => {
  const logoUrl = requireOwnFileUrl(input.logoUrl, { userId, bucket: 'client-logos', name: SINGLE_FILE_NAMES.logo, field: 'logoUrl' });
  const previousLogo = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ logoUrl: clientProfiles.logoUrl, termsAcceptedAt: clientProfiles.termsAcceptedAt })
      .from(clientProfiles)
      .where(eq(clientProfiles.userId, userId))
      .for('update');
    if (!current) throw notFound('Profile not found');
    const now = new Date();
    await tx
      .update(clientProfiles)
      .set({
        companyName: input.companyName,
        industry: input.industry,
        budgetRange: input.budgetRange,
        logoUrl,
        desiredCategories: input.desiredCategories,
        ...(options.submit ? { applicationStatus: 'approved' as const, termsAcceptedAt: current.termsAcceptedAt ?? now } : {}),
        updatedAt: now,
      })
      .where(eq(clientProfiles.userId, userId));
    return current.logoUrl;
  });
  await removeReplacedFile(app, previousLogo, logoUrl);
  return readAfterCommit(() => getClientProfile(app, userId));
};
