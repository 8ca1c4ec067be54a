import { and, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { EXPERTISE_FOR_CATEGORY, type BrowseCreatorsQuery, type CreatorCard } from '../../../domain/client-dashboard-schemas';
import { LIMITS, type DeliverableCategory } from '../../../domain/constants';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, profiles, userRoles } from '../../db/schema';
import { thumbnailUrlOf } from '../../storage/storage';

/** LIKE treats % and _ as wildcards: a name search for "50%" must match the text, not everything. */
const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

const categoryList = (values: readonly string[], type: 'deliverable_category' | 'expertise_area') =>
  sql`ARRAY[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::${sql.raw(type)}[]`;

interface DirectoryFilters extends BrowseCreatorsQuery {
  ids?: string[];
  limit?: number;
}

const makerConditions = (filters: DirectoryFilters): Array<SQL | undefined> => [
  eq(makerProfiles.applicationStatus, 'approved'),
  filters.search ? ilike(profiles.name, `%${escapeLike(filters.search)}%`) : undefined,
  filters.category ? sql`${makerProfiles.deliverableCategories} @> ${categoryList([filters.category], 'deliverable_category')}` : undefined,
  filters.seal === 'seal' ? eq(makerProfiles.sealStatus, 'verified') : undefined,
  filters.ids ? inArray(makerProfiles.userId, filters.ids) : undefined,
];

const mindConditions = (filters: DirectoryFilters, areas: readonly string[] | null): Array<SQL | undefined> => [
  eq(mindProfiles.applicationStatus, 'approved'),
  filters.search ? ilike(profiles.name, `%${escapeLike(filters.search)}%`) : undefined,
  areas ? sql`${mindProfiles.expertiseAreas} && ${categoryList(areas, 'expertise_area')}` : undefined,
  filters.ids ? inArray(mindProfiles.userId, filters.ids) : undefined,
];

/**
 * Approved makers and minds as cards, newest first, at most `limit` of each (the spec's 10 and 10). The role is
 * taken from user_roles, so admins never appear; minds hold no Seal, so "Seal Only" lists makers alone.
 */
export const listCreatorCards = async (db: DbExecutor, filters: DirectoryFilters): Promise<CreatorCard[]> => {
  const limit = filters.limit ?? LIMITS.clientBrowsePerRole;
  const areas = filters.category ? EXPERTISE_FOR_CATEGORY[filters.category as DeliverableCategory] : null;
  const skipMinds = filters.seal === 'seal' || (areas !== null && areas.length === 0);

  // Both lists at once: they are independent reads.
  const [makers, minds] = await Promise.all([
    db
      .select({
        id: makerProfiles.userId,
        name: profiles.name,
        avatarUrl: profiles.avatarUrl,
        bio: profiles.bio,
        sealStatus: makerProfiles.sealStatus,
        deliverableCategories: makerProfiles.deliverableCategories,
      })
      .from(makerProfiles)
      .innerJoin(userRoles, and(eq(userRoles.userId, makerProfiles.userId), eq(userRoles.role, 'maker')))
      .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
      .where(and(...makerConditions(filters)))
      .orderBy(desc(makerProfiles.createdAt), desc(makerProfiles.id))
      .limit(limit),
    skipMinds
      ? []
      : db
          .select({ id: mindProfiles.userId, name: profiles.name, avatarUrl: profiles.avatarUrl, bio: profiles.bio, expertiseAreas: mindProfiles.expertiseAreas })
          .from(mindProfiles)
          .innerJoin(userRoles, and(eq(userRoles.userId, mindProfiles.userId), eq(userRoles.role, 'mind')))
          .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
          .where(and(...mindConditions(filters, areas)))
          .orderBy(desc(mindProfiles.createdAt), desc(mindProfiles.id))
          .limit(limit),
  ]);

  return [
    ...makers.map((maker) => ({
      id: maker.id,
      name: maker.name,
      role: 'maker' as const,
      avatarUrl: maker.avatarUrl,
      avatarThumbnailUrl: thumbnailUrlOf(maker.avatarUrl),
      bio: maker.bio,
      sealVerified: maker.sealStatus === 'verified',
      deliverableCategories: maker.deliverableCategories,
      expertiseAreas: [],
    })),
    ...minds.map((mind) => ({
      id: mind.id,
      name: mind.name,
      role: 'mind' as const,
      avatarUrl: mind.avatarUrl,
      avatarThumbnailUrl: thumbnailUrlOf(mind.avatarUrl),
      bio: mind.bio,
      sealVerified: false,
      deliverableCategories: [],
      expertiseAreas: mind.expertiseAreas,
    })),
  ];
};
