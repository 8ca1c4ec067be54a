import { and, count, eq, sql } from 'drizzle-orm';
import type { SealStatus } from '../../../domain/constants';
import type { CreatorRole } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { profiles, userRoles } from '../../db/schema';
import { bindValues, branchConditions, filterValues, rolesMatching, type CreatorFilters } from './filters';
import { creatorProfileTable } from './tables';

/** A page position: the profile's created_at as a fixed-width UTC string with microseconds, and its id. */
export interface KeysetPosition {
  createdKey: string;
  profileId: string;
  /** Under 'Highest rated': the Bayesian score (times 10,000) leads the keyset. */
  score?: number;
}

export interface CreatorRow extends KeysetPosition {
  userId: string;
  role: CreatorRole;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  sealStatus: SealStatus;
  categories: string[];
  /** Published, visible reviews from clients: how many, and their stars summed. */
  ratingCount: number;
  ratingSum: number;
  ratingScore: number;
}

/**
 * The role check is a lookup per candidate row on user_roles' unique user_id index (a scalar subquery the planner
 * cannot turn into a join), so a filtered count never reads the whole of user_roles; only the role matching the
 * profile counts, which keeps admins and any profile left behind by a role change out. Same rule as
 * hasCreatorRole (tables.ts), written for a count.
 */
const hasRole = (role: CreatorRole) =>
  sql`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${creatorProfileTable(role).userId}) = ${sql.raw(`'${role}'`)}`;

/** How many approved creators match the filters (the page's count line), with the page's own conditions. */
export const countCreators = async (db: DbExecutor, filters: CreatorFilters): Promise<number> => {
  const bind = bindValues(filterValues(filters));
  const counts = await Promise.all(
    rolesMatching(filters).map((role) => {
      const table = creatorProfileTable(role);
      return db
        .select({ n: count() })
        .from(table)
        .innerJoin(profiles, eq(profiles.id, table.userId))
        .where(and(...branchConditions(role, filters, bind), hasRole(role)));
    }),
  );
  return counts.reduce((sum, [row]) => sum + Number(row?.n ?? 0), 0);
};
