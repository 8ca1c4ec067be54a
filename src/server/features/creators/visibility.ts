import { and, desc, eq, sql } from 'drizzle-orm';
import type { CreatorRole } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';

/**
 * The product's one visibility rule of the public site: a creator is public when their role is maker
 * or mind and that profile's application is approved. Admins, clients, drafts, pending and rejected never are.
 */
export interface PublicCreator {
  id: string;
  role: CreatorRole;
  name: string;
  bio: string | null;
  avatarUrl: string | null;
  /** The newest portfolio image, for link previews when there is no avatar. */
  coverUrl: string | null;
}

export const findApprovedCreator = async (db: DbExecutor, userId: string): Promise<PublicCreator | null> => {
  const [row] = await db
    .select({
      id: profiles.id,
      role: userRoles.role,
      name: profiles.name,
      bio: profiles.bio,
      avatarUrl: profiles.avatarUrl,
      makerStatus: makerProfiles.applicationStatus,
      mindStatus: mindProfiles.applicationStatus,
    })
    .from(profiles)
    .innerJoin(userRoles, eq(userRoles.userId, profiles.id))
    .leftJoin(makerProfiles, eq(makerProfiles.userId, profiles.id))
    .leftJoin(mindProfiles, eq(mindProfiles.userId, profiles.id))
    .where(eq(profiles.id, userId))
    .limit(1);
  if (!row) return null;
  const isApproved =
    (row.role === 'maker' && row.makerStatus === 'approved') || (row.role === 'mind' && row.mindStatus === 'approved');
  if (!isApproved || (row.role !== 'maker' && row.role !== 'mind')) return null;
  const [cover] = await db
    .select({ url: portfolioItems.imageUrl })
    .from(portfolioItems)
    .where(and(eq(portfolioItems.makerId, userId), eq(portfolioItems.reviewStatus, 'clear')))
    .orderBy(desc(portfolioItems.createdAt))
    .limit(1);
  return { id: row.id, role: row.role, name: row.name, bio: row.bio, avatarUrl: row.avatarUrl, coverUrl: cover?.url ?? null };
};

export interface PublicStudioEntry {
  id: string;
  updatedAt: Date;
}

/** Every public studio, oldest first (stable for crawlers), with the later of its two profile updates. */
export const selectPublicStudios = async (db: DbExecutor, limit: number): Promise<PublicStudioEntry[]> => {
  const lastModified = (column: typeof makerProfiles.updatedAt | typeof mindProfiles.updatedAt) =>
    sql<Date>`greatest(${profiles.updatedAt}, ${column})`.mapWith((value: string | Date) => new Date(value));
  const [makers, minds] = await Promise.all([
    db
      .select({ id: makerProfiles.userId, updatedAt: lastModified(makerProfiles.updatedAt), createdAt: makerProfiles.createdAt })
      .from(makerProfiles)
      .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, makerProfiles.userId), eq(userRoles.role, 'maker')))
      .where(eq(makerProfiles.applicationStatus, 'approved'))
      .orderBy(makerProfiles.createdAt)
      .limit(limit),
    db
      .select({ id: mindProfiles.userId, updatedAt: lastModified(mindProfiles.updatedAt), createdAt: mindProfiles.createdAt })
      .from(mindProfiles)
      .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, mindProfiles.userId), eq(userRoles.role, 'mind')))
      .where(eq(mindProfiles.applicationStatus, 'approved'))
      .orderBy(mindProfiles.createdAt)
      .limit(limit),
  ]);
  return [...makers, ...minds]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .slice(0, limit)
    .map(({ id, updatedAt }) => ({ id, updatedAt }));
};
