import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { CurationCandidate } from '../../../domain/admin-schemas';
import type { DeliverableCategory } from '../../../domain/constants';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, profiles, user, userRoles } from '../../db/schema';

export const CANDIDATES_LIMIT = 60;

interface CandidateFilter {
  /** Only these users (to validate a curation). */
  ids?: string[];
  /** Marks (and, unless `includeAll`, limits to) makers offering this deliverable. */
  deliverableType?: DeliverableCategory;
  includeAll?: boolean;
  search?: string;
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Approved makers and minds whose role row agrees (so an admin, or anyone whose role changed, never appears):
 * the White Glove candidates, by the product's rule. Minds have expertise areas rather than deliverable
 * categories, so a deliverable filter matches makers only; the "show all" toggle brings minds in.
 */
export const findApprovedCreators = async (db: DbExecutor, filter: CandidateFilter): Promise<CurationCandidate[]> => {
  const name = sql<string>`coalesce(${profiles.name}, ${user.name})`;
  const common = (extra: Array<SQL | undefined>) =>
    and(
      ...extra,
      filter.ids ? inArray(user.id, filter.ids) : undefined,
      filter.search ? ilike(name, `%${escapeLike(filter.search)}%`) : undefined,
    );
  const typeMatch = filter.deliverableType
    ? sql<boolean>`${makerProfiles.deliverableCategories} @> array[${filter.deliverableType}]::deliverable_category[]`
    : sql<boolean>`false`;
  const onlyMatching = filter.deliverableType && !filter.includeAll;

  const makers = await db
    .select({ userId: user.id, name, avatarUrl: profiles.avatarUrl, sealStatus: makerProfiles.sealStatus, specialties: makerProfiles.deliverableCategories, matchesType: typeMatch })
    .from(makerProfiles)
    .innerJoin(user, eq(user.id, makerProfiles.userId))
    .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, 'maker')))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(common([eq(makerProfiles.applicationStatus, 'approved'), onlyMatching ? typeMatch : undefined]))
    .orderBy(asc(name))
    .limit(CANDIDATES_LIMIT);

  const minds = onlyMatching
    ? []
    : await db
        .select({ userId: user.id, name, avatarUrl: profiles.avatarUrl, specialties: mindProfiles.expertiseAreas })
        .from(mindProfiles)
        .innerJoin(user, eq(user.id, mindProfiles.userId))
        .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, 'mind')))
        .leftJoin(profiles, eq(profiles.id, user.id))
        .where(common([eq(mindProfiles.applicationStatus, 'approved')]))
        .orderBy(asc(name))
        .limit(CANDIDATES_LIMIT);

  return [
    ...makers.map((maker) => ({ ...maker, role: 'maker' as const })),
    ...minds.map((mind) => ({ ...mind, role: 'mind' as const, sealStatus: 'none' as const, matchesType: false })),
  ];
};
