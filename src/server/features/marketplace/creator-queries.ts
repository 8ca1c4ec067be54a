import { and, arrayContains, arrayOverlaps, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { SealStatus } from '../../../domain/constants';
import { CATEGORY_EXPERTISE, isDeliverableCategory, type CreatorRole, type MarketplaceFilters } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, profiles, userRoles } from '../../db/schema';

/** A page position: the profile's created_at as a fixed-width UTC string with microseconds, and its id. */
export interface KeysetPosition {
  createdKey: string;
  profileId: string;
}

export interface CreatorRow extends KeysetPosition {
  userId: string;
  role: CreatorRole;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  sealStatus: SealStatus;
  categories: string[];
}

export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The count's conditions for the maker branch, or null when the filters can only match minds. */
const makerConditions = (filters: MarketplaceFilters): SQL[] | null => {
  if (filters.role === 'mind') return null;
  const conditions: SQL[] = [eq(makerProfiles.applicationStatus, 'approved')];
  if (filters.q) conditions.push(ilike(profiles.name, `%${escapeLike(filters.q)}%`));
  if (filters.seal) conditions.push(eq(makerProfiles.sealStatus, 'verified'));
  if (filters.category) {
    if (!isDeliverableCategory(filters.category)) return null;
    conditions.push(arrayContains(makerProfiles.deliverableCategories, [filters.category]));
  }
  return conditions;
};

/** The count's conditions for the mind branch, or null when the filters can only match makers (minds never hold the Seal). */
const mindConditions = (filters: MarketplaceFilters): SQL[] | null => {
  if (filters.role === 'maker' || filters.seal) return null;
  const conditions: SQL[] = [eq(mindProfiles.applicationStatus, 'approved')];
  if (filters.q) conditions.push(ilike(profiles.name, `%${escapeLike(filters.q)}%`));
  if (filters.category) {
    const areas = isDeliverableCategory(filters.category) ? [...CATEGORY_EXPERTISE[filters.category]] : [filters.category];
    conditions.push(arrayOverlaps(mindProfiles.expertiseAreas, areas));
  }
  return conditions;
};

/**
 * The role check is a lookup per candidate row on user_roles' unique user_id index (a scalar subquery the planner
 * cannot turn into a join), so a filtered count never reads the whole of user_roles; only the role matching the
 * profile counts, which keeps admins and any profile left behind by a role change out.
 */
const hasRole = (userId: typeof makerProfiles.userId | typeof mindProfiles.userId, role: 'maker' | 'mind') =>
  sql`(select ${userRoles.role} from ${userRoles} where ${userRoles.userId} = ${userId}) = ${sql.raw(`'${role}'`)}`;

/** How many approved creators match the filters (the page's count line). */
export const countCreators = async (db: DbExecutor, filters: MarketplaceFilters): Promise<number> => {
  const makerWhere = makerConditions(filters);
  const mindWhere = mindConditions(filters);
  const [makers, minds] = await Promise.all([
    makerWhere
      ? db
          .select({ n: count() })
          .from(makerProfiles)
          .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
          .where(and(...makerWhere, hasRole(makerProfiles.userId, 'maker')))
      : [{ n: 0 }],
    mindWhere
      ? db
          .select({ n: count() })
          .from(mindProfiles)
          .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
          .where(and(...mindWhere, hasRole(mindProfiles.userId, 'mind')))
      : [{ n: 0 }],
  ]);
  return Number(makers[0]?.n ?? 0) + Number(minds[0]?.n ?? 0);
};
