import { eq } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../domain/constants';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import type { Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';

/** Writes the person's name and bio/avatar; the name is kept in step with better-auth's user.name. */
export const writeBaseProfile = async (
  tx: Transaction,
  userId: string,
  values: { name?: string; bio?: string | null; avatarUrl?: string | null },
): Promise<void> => {
  const now = new Date();
  await tx.update(profiles).set({ ...values, updatedAt: now }).where(eq(profiles.id, userId));
  if (values.name !== undefined) await tx.update(user).set({ name: values.name, updatedAt: now }).where(eq(user.id, userId));
};

/**
 * The status a creator's application takes on submission (PRODUCT-DECISIONS): a draft or rejected application
 * becomes pending (a resubmission clears the old reason); a pending one stays pending; an approved one is final.
 */
export const nextApplicationState = (current: ApplicationStatus | undefined, submittedAt: Date | null, now: Date) => {
  if (!current) throw notFound('Profile not found');
  if (current === 'approved') throw conflict(PROFILE_MESSAGES.alreadyApproved);
  return {
    applicationStatus: 'pending' as const,
    rejectionReason: null,
    submittedAt: current === 'pending' && submittedAt ? submittedAt : now,
  };
};
