import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { CreatorRole } from '../../../domain/marketplace';
import { makerProfiles, mindProfiles, userRoles } from '../../db/schema';

/**
 * The maker/mind fork, written once. Makers and minds keep their role profiles in two tables with the same
 * spine (user_id, application_status, created_at, id); everything that reads "a creator" goes through these.
 */
export const CREATOR_PROFILE_TABLES = { maker: makerProfiles, mind: mindProfiles } as const;

export type CreatorProfileTable = (typeof CREATOR_PROFILE_TABLES)[CreatorRole];

export const creatorProfileTable = (role: CreatorRole): CreatorProfileTable => CREATOR_PROFILE_TABLES[role];

/**
 * The product's one rule for who is public: the user's role is `role` and that role's profile is
 * approved. Joining user_roles on the matching role keeps admins (also a creator later promoted with
 * create-admin), clients and any profile left behind by a role change out.
 */
export const hasCreatorRole = (role: CreatorRole): SQL =>
  and(eq(userRoles.userId, creatorProfileTable(role).userId), eq(userRoles.role, role)) as SQL;

/** Written as a literal (never a parameter), so a generic plan still uses the partial indexes on approved rows. */
export const isApprovedProfile = (role: CreatorRole): SQL => sql`${creatorProfileTable(role).applicationStatus} = 'approved'`;

/** The card's categories: a maker's deliverable categories, a mind's expertise areas. */
export const categoriesColumn = (role: CreatorRole) => (role === 'maker' ? makerProfiles.deliverableCategories : mindProfiles.expertiseAreas);
