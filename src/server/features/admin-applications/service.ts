import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { dashboardPath } from '../../../domain/routes';
import { excerpt, notify } from '../notifications/service';
import { ADMIN_MESSAGES, type ApplicantRole, type MakerApplication, type MindApplication } from '../../../domain/admin-schemas';
import type { Database, Transaction } from '../../db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { applicationApprovedEmail, applicationRejectedEmail } from '../admin/emails';

const toIso = (value: Date | null) => (value ? value.toISOString() : null);

const portfolioCounts = async (db: Database, userIds: string[]): Promise<Map<string, number>> => {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ makerId: portfolioItems.makerId, total: count() })
    .from(portfolioItems)
    .where(inArray(portfolioItems.makerId, userIds))
    .groupBy(portfolioItems.makerId);
  return new Map(rows.map((row) => [row.makerId, row.total]));
};

/** Pending maker and mind applications, the most recently submitted first. */
export const listPendingApplications = async (db: Database): Promise<{ makers: MakerApplication[]; minds: MindApplication[] }> => {
  const applicant = { userId: user.id, name: sql<string>`coalesce(${profiles.name}, ${user.name})`, email: user.email, avatarUrl: profiles.avatarUrl, bio: profiles.bio };
  const makers = await db
    .select({ ...applicant, profile: makerProfiles })
    .from(makerProfiles)
    .innerJoin(user, eq(user.id, makerProfiles.userId))
    .leftJoin(profiles, eq(profiles.id, makerProfiles.userId))
    .where(eq(makerProfiles.applicationStatus, 'pending'))
    .orderBy(sql`${makerProfiles.submittedAt} desc nulls last`, desc(makerProfiles.createdAt));
  const minds = await db
    .select({ ...applicant, profile: mindProfiles })
    .from(mindProfiles)
    .innerJoin(user, eq(user.id, mindProfiles.userId))
    .leftJoin(profiles, eq(profiles.id, mindProfiles.userId))
    .where(eq(mindProfiles.applicationStatus, 'pending'))
    .orderBy(sql`${mindProfiles.submittedAt} desc nulls last`, desc(mindProfiles.createdAt));
  const counts = await portfolioCounts(db, [...makers, ...minds].map((row) => row.userId));

  return {
    makers: makers.map(({ profile, ...person }) => ({
      ...person,
      introVideoUrl: profile.introVideoUrl,
      portfolioCount: counts.get(person.userId) ?? 0,
      submittedAt: toIso(profile.submittedAt),
      experienceYears: profile.experienceYears,
      websiteLink: profile.websiteLink,
      deliverableCategories: profile.deliverableCategories,
    })),
    minds: minds.map(({ profile, ...person }) => ({
      ...person,
      introVideoUrl: profile.introVideoUrl,
      portfolioCount: counts.get(person.userId) ?? 0,
      submittedAt: toIso(profile.submittedAt),
      subscriptionPlan: profile.subscriptionPlan,
      expertiseAreas: profile.expertiseAreas,
    })),
  };
};

type Decision = { status: 'approved' } | { status: 'rejected'; reason: string | null };

const moveFromPending = async (tx: Transaction, role: ApplicantRole, userId: string, decision: Decision) => {
  const table = role === 'maker' ? makerProfiles : mindProfiles;
  const rejectionReason = decision.status === 'rejected' ? decision.reason : null;
  // Conditional on `pending`: two admins deciding at once cannot both win, and a draft cannot be approved.
  const updated = await tx
    .update(table)
    .set({ applicationStatus: decision.status, rejectionReason, updatedAt: new Date() })
    .where(and(eq(table.userId, userId), eq(table.applicationStatus, 'pending')))
    .returning({ id: table.id });
  if (updated.length > 0) return updated[0].id;
  const [existing] = await tx.select({ id: table.id }).from(table).where(eq(table.userId, userId));
  if (!existing) throw notFound('Application not found');
  throw conflict(ADMIN_MESSAGES.notPending);
};

/** Approves or rejects a pending application, emails the applicant and records the decision, all in one transaction. */
export const decideApplication = async (app: FastifyInstance, auth: AuthContext, role: ApplicantRole, userId: string, decision: Decision) =>
  app.db.transaction(async (tx) => {
    const profileId = await moveFromPending(tx, role, userId, decision);
    const [applicant] = await tx
      .select({ email: user.email, name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
      .from(user)
      .leftJoin(profiles, eq(profiles.id, user.id))
      .where(eq(user.id, userId));
    const reason = decision.status === 'rejected' ? decision.reason : null;
    await app.mailer.enqueue(
      decision.status === 'approved' ? applicationApprovedEmail(app, applicant, role) : applicationRejectedEmail(app, applicant, role, reason),
      tx,
    );
    await notify(tx, {
      userId,
      kind: 'account',
      subjectKey: `application:${role}`,
      title: decision.status === 'approved' ? 'Your application was approved' : 'Your application was not approved yet',
      body:
        decision.status === 'approved'
          ? 'Your studio is now public in the marketplace.'
          : reason
            ? excerpt(`Reason: ${reason}`)
            : 'You can edit your profile and submit it again.',
      link: dashboardPath(role),
    });
    await recordAudit(tx, auth, {
      action: decision.status === 'approved' ? 'application.approve' : 'application.reject',
      targetType: role,
      targetId: userId,
      reason,
      metadata: { profileId, name: applicant.name },
    });
    return { userId, role, status: decision.status };
  });
