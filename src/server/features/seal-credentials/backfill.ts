import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../../domain/constants';
import { makerProfiles, profiles, user } from '../../db/schema';
import { qualifyingProjectCount } from '../admin-seal/service';
import { issueSealCredential } from './service';

/** A verified maker with no Seal credential in force, whose completed, documented projects still earn the Seal. */
const isMissingCredential = (): SQL =>
  and(
    eq(makerProfiles.sealStatus, 'verified'),
    sql`not exists (select 1 from seal_credentials held where held.maker_id = ${makerProfiles.userId} and held.revoked_at is null)`,
    sql`${qualifyingProjectCount} >= ${LIMITS.sealThreshold}`,
  ) as SQL;

/**
 * Seals assigned before credentials existed (migration 0008) have none, so their studios' 'Verify this Seal' and
 * 'Download credential' had nothing to show (decision 192). At start, each such maker whose evidence still exists
 * (the three qualifying projects the Seal asks for today) gets the credential that assigning the Seal now issues,
 * citing those projects. A maker without that evidence gets none: their studio shows the Seal without the links,
 * and an admin can revoke and reassign it once they qualify. Each maker's row is locked and the condition checked
 * again inside, so instances starting together issue one credential each, not two. Returns how many were issued.
 */
export const issueMissingSealCredentials = async (app: FastifyInstance): Promise<number> => {
  const missing = await app.db.select({ userId: makerProfiles.userId }).from(makerProfiles).where(isMissingCredential()).orderBy(asc(makerProfiles.userId));
  let issued = 0;
  for (const { userId } of missing) {
    const done = await app.db.transaction(async (tx) => {
      await tx.select({ id: makerProfiles.id }).from(makerProfiles).where(eq(makerProfiles.userId, userId)).for('update');
      // Checked in a statement of its own after the lock: its snapshot then sees a credential another instance
      // issued while this one waited (a condition in the locking statement would be read from before the wait).
      const [maker] = await tx
        .select({ name: sql<string>`coalesce(${profiles.name}, ${user.name})` })
        .from(makerProfiles)
        .innerJoin(user, eq(user.id, makerProfiles.userId))
        .leftJoin(profiles, eq(profiles.id, makerProfiles.userId))
        .where(and(eq(makerProfiles.userId, userId), isMissingCredential()));
      if (!maker) return false;
      await issueSealCredential(app, tx, { id: userId, name: maker.name });
      return true;
    });
    if (done) issued += 1;
  }
  if (issued > 0) app.log.info({ issued }, 'issued Seal credentials to Seal holders who had none');
  return issued;
};
