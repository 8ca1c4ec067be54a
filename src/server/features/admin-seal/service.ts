import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, type SealMaker } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import type { Database, DbExecutor } from '../../db/client';
import { makerProfiles, profiles, user } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { AuthContext } from '../../types';
import { recordAudit } from '../audit/service';
import { sealAssignedEmail, sealRevokedEmail } from '../admin/emails';
import { issueSealCredential, revokeSealCredentials } from '../seal-credentials/service';
import { excerpt, notify } from '../notifications/service';
import { hasCountedProcessDoc } from '../provenance/project-file-credentials';

/**
 * The number of a maker's completed projects that each have at least one process doc (the product's definition of
 * a qualifying project, decision 042), not counting one held in or removed by Provenance review (decision 146).
 * Correlated on maker_profiles.user_id, so it works in WHERE, SELECT and RETURNING; the aliases are explicit because Drizzle leaves column names unqualified in some statements, where an
 * inner `id` would silently bind to the wrong table.
 */
export const qualifyingProjectCount: SQL<number> = sql<number>`(
  select count(*)::int from projects qp
  where qp.maker_id = maker_profiles.user_id
    and qp.status = 'completed'
    and ${hasCountedProcessDoc(sql.raw('qp.id'))}
)`;

/**
 * A maker still: the account's role is maker (creators/tables.ts's rule; a maker made an admin keeps an approved maker
 * profile, and its studio answers 404). Written with explicit aliases, like qualifyingProjectCount, for UPDATE's sake.
 */
const hasMakerRole: SQL = sql`exists (select 1 from user_roles ur where ur.user_id = maker_profiles.user_id and ur.role = 'maker')`;

/** A maker (by role), approved, not yet verified, and at least 3 qualifying projects. */
export const isSealEligible = (): SQL =>
  and(
    hasMakerRole,
    eq(makerProfiles.applicationStatus, 'approved'),
    ne(makerProfiles.sealStatus, 'verified'),
    sql`${qualifyingProjectCount} >= ${LIMITS.sealThreshold}`,
  ) as SQL;

export const countSealEligible = async (db: DbExecutor): Promise<number> => {
  const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(makerProfiles).where(isSealEligible());
  return row?.total ?? 0;
};

const listMakers = (db: Database, where: SQL): Promise<SealMaker[]> =>
  db
    .select({
      userId: makerProfiles.userId,
      name: sql<string>`coalesce(${profiles.name}, ${user.name})`,
      avatarUrl: profiles.avatarUrl,
      qualifyingProjects: qualifyingProjectCount,
      sealStatus: makerProfiles.sealStatus,
    })
    .from(makerProfiles)
    .innerJoin(user, eq(user.id, makerProfiles.userId))
    .leftJoin(profiles, eq(profiles.id, makerProfiles.userId))
    .where(where)
    .orderBy(asc(sql`coalesce(${profiles.name}, ${user.name})`));

export const listSealMakers = async (db: Database) => ({
  eligible: await listMakers(db, isSealEligible()),
  verified: await listMakers(db, eq(makerProfiles.sealStatus, 'verified')),
});

const recipientOf = async (tx: DbExecutor, userId: string) => {
  const [row] = await tx
    .select({ email: user.email, name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  return row;
};

const requireMakerProfile = async (tx: DbExecutor, userId: string) => {
  const [existing] = await tx.select({ id: makerProfiles.id }).from(makerProfiles).where(eq(makerProfiles.userId, userId));
  if (!existing) throw notFound('Maker not found');
};

/**
 * Assigns the Seal only if the maker is eligible at this moment: the rule is re-checked inside the update. `auth` is
 * the admin who assigns it, or an actor without an account (the demo seed), as the audit log then names it.
 */
export const assignSeal = async (app: FastifyInstance, auth: Pick<AuthContext, 'userId' | 'email'> | { userId: null; email: string }, userId: string): Promise<void> =>
  app.db.transaction(async (tx) => {
    const updated = await tx
      .update(makerProfiles)
      .set({ sealStatus: 'verified', updatedAt: new Date() })
      .where(and(eq(makerProfiles.userId, userId), isSealEligible()))
      .returning({ id: makerProfiles.id, qualifyingProjects: qualifyingProjectCount });
    if (updated.length === 0) {
      await requireMakerProfile(tx, userId);
      throw conflict(ADMIN_MESSAGES.sealNotEligible);
    }
    const maker = await recipientOf(tx, userId);
    // The verifiable form of the Seal, signed now: it stands or falls with this assignment.
    await issueSealCredential(app, tx, { id: userId, name: maker.name });
    await notify(tx, {
      userId,
      kind: 'account',
      subjectKey: 'seal',
      title: 'You earned the Seal of human creativity',
      body: 'It now shows on your studio and cards, with a credential anyone can verify.',
      link: `/studio/${userId}`,
    });
    await app.mailer.enqueue(sealAssignedEmail(app, maker, userId), tx);
    await recordAudit(tx, auth, {
      action: 'seal.assign',
      targetType: 'maker',
      targetId: userId,
      metadata: { name: maker.name, qualifyingProjects: updated[0].qualifyingProjects },
    });
  });

export const revokeSeal = async (app: FastifyInstance, auth: AuthContext, userId: string, reason: string | null): Promise<void> =>
  app.db.transaction(async (tx) => {
    const updated = await tx
      .update(makerProfiles)
      .set({ sealStatus: 'none', updatedAt: new Date() })
      .where(and(eq(makerProfiles.userId, userId), eq(makerProfiles.sealStatus, 'verified')))
      .returning({ id: makerProfiles.id });
    if (updated.length === 0) {
      await requireMakerProfile(tx, userId);
      throw conflict(ADMIN_MESSAGES.sealNotVerified);
    }
    const maker = await recipientOf(tx, userId);
    await revokeSealCredentials(tx, userId);
    await notify(tx, {
      userId,
      kind: 'account',
      subjectKey: 'seal',
      title: 'Your Seal was revoked',
      body: reason ? excerpt(`Reason: ${reason}`) : 'The Seal no longer shows on your studio. Contact us with any questions.',
      link: '/dashboard-maker',
    });
    await app.mailer.enqueue(sealRevokedEmail(app, maker, reason), tx);
    await recordAudit(tx, auth, { action: 'seal.revoke', targetType: 'maker', targetId: userId, reason, metadata: { name: maker.name } });
  });
