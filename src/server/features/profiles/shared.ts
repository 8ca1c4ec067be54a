import { eq } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../domain/constants';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import type { Transaction } from '../../db/client';
import { profiles, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { notifyAdmins } from '../notifications/service';

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
 * The status a creator's application takes on submission (the product's rule, decision 020): a draft or rejected
 * application becomes pending (a resubmission clears the old reason); a pending one stays pending; an approved one is
 * final.
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

/**
 * An application that goes to review (a draft or a rejected one, not a pending one saved again) tells every admin in
 * the notification centre, in the submission's transaction: nobody was told before, so on a new platform a first
 * applicant waited until an admin happened to open the dashboard. One item per applicant, refreshed on resubmission.
 */
export const tellAdminsOfApplication = async (
  tx: Transaction,
  applicant: { userId: string; name: string; role: 'maker' | 'mind' },
  previous: ApplicationStatus,
): Promise<void> => {
  if (previous !== 'draft' && previous !== 'rejected') return;
  await notifyAdmins(tx, {
    kind: 'account',
    subjectKey: `application:${applicant.userId}`,
    title: `${previous === 'rejected' ? 'Resubmitted' : 'New'} ${applicant.role} application: ${applicant.name}`,
    body: 'Waiting for your review in Applications.',
    link: '/dashboard-admin?tab=applications',
  });
};
