import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MindProfileValues, MindProfileView } from '../../../domain/profile-schemas';
import { mindProfiles, profiles } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { notFound } from '../../http/errors';
import { removeReplacedFile, requireOwnFileUrl, SINGLE_FILE_NAMES } from '../uploads/own-file';
import { nextApplicationState, tellAdminsOfApplication, writeBaseProfile } from './shared';

export const getMindProfile = async (app: FastifyInstance, userId: string): Promise<MindProfileView> => {
  const [row] = await app.db
    .select({
      name: profiles.name,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      expertiseAreas: mindProfiles.expertiseAreas,
      subscriptionPlan: mindProfiles.subscriptionPlan,
      introVideoUrl: mindProfiles.introVideoUrl,
      termsAcceptedAt: mindProfiles.termsAcceptedAt,
      applicationStatus: mindProfiles.applicationStatus,
      rejectionReason: mindProfiles.rejectionReason,
    })
    .from(mindProfiles)
    .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
    .where(eq(mindProfiles.userId, userId));
  if (!row) throw notFound('Profile not found');
  const { termsAcceptedAt, ...view } = row;
  return { ...view, termsAccepted: termsAcceptedAt !== null };
};

/** Saves the mind's profile; with `submit` (terms accepted by the schema) the application goes to review. */
export const saveMindProfile = async (
  app: FastifyInstance,
  userId: string,
  input: MindProfileValues,
  options: { submit: boolean },
): Promise<MindProfileView> => {
  const avatarUrl = requireOwnFileUrl(input.avatarUrl, { userId, bucket: 'profile-images', name: SINGLE_FILE_NAMES.avatar, field: 'avatarUrl' });
  const previousAvatar = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: mindProfiles.applicationStatus, submittedAt: mindProfiles.submittedAt, avatarUrl: profiles.avatarUrl })
      .from(mindProfiles)
      .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
      .where(eq(mindProfiles.userId, userId))
      .for('update');
    if (!current) throw notFound('Profile not found');
    const now = new Date();
    const application = options.submit ? { ...nextApplicationState(current.status, current.submittedAt, now), termsAcceptedAt: now } : {};
    await writeBaseProfile(tx, userId, { name: input.name, bio: input.bio, avatarUrl });
    await tx
      .update(mindProfiles)
      .set({
        expertiseAreas: input.expertiseAreas,
        subscriptionPlan: input.subscriptionPlan,
        introVideoUrl: input.introVideoUrl,
        ...application,
        updatedAt: now,
      })
      .where(eq(mindProfiles.userId, userId));
    if (options.submit) await tellAdminsOfApplication(tx, { userId, name: input.name, role: 'mind' }, current.status);
    return current.avatarUrl;
  });
  await removeReplacedFile(app, previousAvatar, avatarUrl);
  return readAfterCommit(() => getMindProfile(app, userId));
};
