import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { MakerProfileValues, MakerProfileView } from '../../../domain/profile-schemas';
import { makerProfiles, profiles } from '../../db/schema';
import { readAfterCommit } from '../../db/unavailable';
import { notFound } from '../../http/errors';
import { removeReplacedFile, requireOwnFileUrl, SINGLE_FILE_NAMES } from '../uploads/own-file';
import { nextApplicationState, tellAdminsOfApplication, writeBaseProfile } from './shared';

export const getMakerProfile = async (app: FastifyInstance, userId: string): Promise<MakerProfileView> => {
  const [row] = await app.db
    .select({
      name: profiles.name,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      experienceYears: makerProfiles.experienceYears,
      websiteLink: makerProfiles.websiteLink,
      introVideoUrl: makerProfiles.introVideoUrl,
      deliverableCategories: makerProfiles.deliverableCategories,
      sealStatus: makerProfiles.sealStatus,
      applicationStatus: makerProfiles.applicationStatus,
      rejectionReason: makerProfiles.rejectionReason,
    })
    .from(makerProfiles)
    .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
    .where(eq(makerProfiles.userId, userId));
  if (!row) throw notFound('Profile not found');
  return row;
};

/**
 * Saves everything the maker onboarding asks for. With `submit`, the application also goes to review
 * (draft or rejected → pending), in the same transaction as the profile it is about.
 */
export const saveMakerProfile = async (
  app: FastifyInstance,
  userId: string,
  input: MakerProfileValues,
  options: { submit: boolean },
): Promise<MakerProfileView> => {
  const avatarUrl = requireOwnFileUrl(input.avatarUrl, { userId, bucket: 'profile-images', name: SINGLE_FILE_NAMES.avatar, field: 'avatarUrl' });
  const previousAvatar = await app.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: makerProfiles.applicationStatus, submittedAt: makerProfiles.submittedAt, avatarUrl: profiles.avatarUrl })
      .from(makerProfiles)
      .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
      .where(eq(makerProfiles.userId, userId))
      .for('update');
    if (!current) throw notFound('Profile not found');
    const now = new Date();
    const application = options.submit ? nextApplicationState(current.status, current.submittedAt, now) : {};
    await writeBaseProfile(tx, userId, { name: input.name, bio: input.bio, avatarUrl });
    await tx
      .update(makerProfiles)
      .set({
        experienceYears: input.experienceYears,
        websiteLink: input.websiteLink,
        introVideoUrl: input.introVideoUrl,
        deliverableCategories: input.deliverableCategories,
        ...application,
        updatedAt: now,
      })
      .where(eq(makerProfiles.userId, userId));
    if (options.submit) await tellAdminsOfApplication(tx, { userId, name: input.name, role: 'maker' }, current.status);
    return current.avatarUrl;
  });
  await removeReplacedFile(app, previousAvatar, avatarUrl);
  return readAfterCommit(() => getMakerProfile(app, userId));
};
