import { eq, sql } from 'drizzle-orm';
import type { AdminStats } from '../../../domain/admin-schemas';
import type { Database } from '../../db/client';
import { makerProfiles, mindProfiles } from '../../db/schema';
import { countProjects } from '../admin-projects/service';
import { countSealEligible } from '../admin-seal/service';
import { countNonAdminUsers } from '../admin-users/service';

const countPending = async (db: Database): Promise<number> => {
  const [makers] = await db.select({ total: sql<number>`count(*)::int` }).from(makerProfiles).where(eq(makerProfiles.applicationStatus, 'pending'));
  const [minds] = await db.select({ total: sql<number>`count(*)::int` }).from(mindProfiles).where(eq(mindProfiles.applicationStatus, 'pending'));
  return (makers?.total ?? 0) + (minds?.total ?? 0);
};

/** The admin dashboard's stat cards, each a real count. */
export const loadAdminStats = async (db: Database): Promise<AdminStats> => ({
  totalUsers: await countNonAdminUsers(db),
  pendingApplications: await countPending(db),
  totalProjects: await countProjects(db),
  sealEligible: await countSealEligible(db),
});
