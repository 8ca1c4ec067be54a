import { and, asc, eq, inArray } from 'drizzle-orm';
import type { CreatorRole } from '../../../domain/project-schemas';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, profiles, user, userRoles } from '../../db/schema';

export interface ApprovedCreator {
  id: string;
  role: CreatorRole;
  name: string;
  email: string;
}

/**
 * A creator a client may hire: a maker or mind whose application is approved. The role comes from
 * user_roles, so an admin who also has a creator profile row never qualifies.
 */
export const findApprovedCreator = async (db: DbExecutor, creatorId: string): Promise<ApprovedCreator | null> => {
  const [makers, minds] = await Promise.all([
    db
      .select({ id: user.id, name: profiles.name, email: user.email })
      .from(makerProfiles)
      .innerJoin(userRoles, and(eq(userRoles.userId, makerProfiles.userId), eq(userRoles.role, 'maker')))
      .innerJoin(user, eq(user.id, makerProfiles.userId))
      .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
      .where(and(eq(makerProfiles.userId, creatorId), eq(makerProfiles.applicationStatus, 'approved'))),
    db
      .select({ id: user.id, name: profiles.name, email: user.email })
      .from(mindProfiles)
      .innerJoin(userRoles, and(eq(userRoles.userId, mindProfiles.userId), eq(userRoles.role, 'mind')))
      .innerJoin(user, eq(user.id, mindProfiles.userId))
      .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
      .where(and(eq(mindProfiles.userId, creatorId), eq(mindProfiles.applicationStatus, 'approved'))),
  ]);
  if (makers[0]) return { ...makers[0], role: 'maker' };
  if (minds[0]) return { ...minds[0], role: 'mind' };
  return null;
};

export interface CreatorOptionRow {
  id: string;
  name: string;
  role: CreatorRole;
}

const OPTIONS_LIMIT = 200;

/** Approved creators for the project dialog's select, by name; `include` adds one more by id if approved. */
export const listCreatorOptions = async (db: DbExecutor, include?: string): Promise<CreatorOptionRow[]> => {
  const select = (role: CreatorRole, onlyId?: string) => {
    const table = role === 'maker' ? makerProfiles : mindProfiles;
    return db
      .select({ id: profiles.id, name: profiles.name })
      .from(table)
      .innerJoin(userRoles, and(eq(userRoles.userId, table.userId), eq(userRoles.role, role)))
      .innerJoin(profiles, eq(profiles.id, table.userId))
      .where(and(eq(table.applicationStatus, 'approved'), onlyId ? eq(table.userId, onlyId) : undefined))
      .orderBy(asc(profiles.name))
      .limit(OPTIONS_LIMIT)
      .then((rows) => rows.map((row) => ({ ...row, role })));
  };
  const [makers, minds, extraMakers, extraMinds] = await Promise.all([
    select('maker'),
    select('mind'),
    include ? select('maker', include) : [],
    include ? select('mind', include) : [],
  ]);
  const all = [...makers, ...minds];
  for (const extra of [...extraMakers, ...extraMinds]) if (!all.some((row) => row.id === extra.id)) all.push(extra);
  return all.sort((a, b) => a.name.localeCompare(b.name));
};

/** Emails and names of users, for notifications. */
export const findContacts = async (db: DbExecutor, ids: string[]) => {
  if (ids.length === 0) return new Map<string, { email: string; name: string }>();
  const rows = await db.select({ id: user.id, email: user.email, name: user.name }).from(user).where(inArray(user.id, ids));
  return new Map(rows.map((row) => [row.id, { email: row.email, name: row.name }]));
};
