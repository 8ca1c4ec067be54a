import { sql, type Column, type SQL } from 'drizzle-orm';
import { REVIEW_LIMITS } from '../../../domain/reviews';
import { categoryTerms, isDeliverableCategory, type CreatorRole } from '../../../domain/marketplace';
import { makerProfiles, mindProfiles, profiles } from '../../db/schema';
import { creatorProfileTable, isApprovedProfile } from './tables';

/**
 * What a directory of creators can be filtered by: the marketplace's query, the client's Browse tab (mapped onto
 * it at its route) and the White Glove cards (by id). Everything below turns these into SQL once, so the page,
 * its count and the Browse tab can never disagree.
 */
export interface CreatorFilters {
  q?: string;
  role?: CreatorRole;
  /** A deliverable category (makers who deliver it, minds whose expertise shapes it) or an expertise area (minds). */
  category?: string;
  seal: boolean;
  ids?: readonly string[];
  /** At least this average as shown (one decimal) from at least 3 published, visible reviews (decisions 160, 218): 'New' creators never match. */
  minRating?: number;
}

/** The values a filter set sends to the database; constants stay literals in the statement. */
export interface FilterValues {
  pattern: string;
  category: string | null;
  areas: string;
  ids: string;
  minRating: number;
}

export const escapeLike = (value: string): string => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Arrays travel as PostgreSQL array literals: PGlite would otherwise send a JS array as "a,b" to an enum[] param. */
export const arrayLiteral = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

/** Which kinds of creator can match: a mind's expertise area only finds minds, and minds never hold the Seal. */
export const rolesMatching = (filters: CreatorFilters): CreatorRole[] => {
  const makerCategory = filters.category === undefined || isDeliverableCategory(filters.category);
  const roles: CreatorRole[] = [];
  if (filters.role !== 'mind' && makerCategory) roles.push('maker');
  if (filters.role !== 'maker' && !filters.seal) roles.push('mind');
  return roles;
};

export const filterValues = (filters: CreatorFilters): FilterValues => ({
  pattern: `%${escapeLike(filters.q ?? '')}%`,
  category: filters.category ?? null,
  areas: arrayLiteral(filters.category === undefined ? [] : categoryTerms(filters.category).expertise),
  ids: arrayLiteral(filters.ids ?? []),
  minRating: filters.minRating ?? 0,
});

/**
 * The minimum-rating rule on a role profile's kept figures (decisions 160 and 218), the same for the page, count and
 * search: the average as the card shows it is at least the minimum. `displayAverage` rounds sum / count half up to one
 * decimal, floor((20·sum + count) / (2·count)) / 10, and for a minimum whose tenfold is whole (3, 4, 4.5) that is at
 * least the minimum exactly when 20·sum + count >= 20·min·count: 4.45 (shown 4.5) is in at 4.5, 4.44 (shown 4.4) is not.
 */
export const hasMinRating = (table: { ratingCount: Column; ratingSum: Column }, minimum: SQL): SQL =>
  sql`(${table.ratingCount} >= ${sql.raw(String(REVIEW_LIMITS.newBelow))} and 20 * ${table.ratingSum} + ${table.ratingCount} >= 20 * ${minimum}::numeric * ${table.ratingCount})`;

/** How a value reaches the statement: a named placeholder (prepared statements) or a bound parameter. */
export type Bind = (name: keyof FilterValues) => SQL;

export const bindPlaceholders: Bind = (name) => sql`${sql.placeholder(name)}`;

export const bindValues =
  (values: FilterValues): Bind =>
  (name) =>
    sql`${values[name]}`;

/**
 * The one filter→SQL builder: the WHERE conditions of one branch (makers or minds), for the listing's page, its
 * count and the client's Browse tab. The caller joins `profiles` on the branch's user_id and checks the role with
 * hasCreatorRole (tables.ts). `rolesMatching` says which branches to run at all.
 */
export const branchConditions = (role: CreatorRole, filters: CreatorFilters, bind: Bind): SQL[] => {
  const table = creatorProfileTable(role);
  const conditions: SQL[] = [isApprovedProfile(role)];
  if (filters.q) conditions.push(sql`${profiles.name} ilike ${bind('pattern')}`);
  if (role === 'maker' && filters.seal) conditions.push(sql`${makerProfiles.sealStatus} = 'verified'`);
  if (filters.category !== undefined) {
    if (role === 'maker') conditions.push(sql`${makerProfiles.deliverableCategories} @> array[${bind('category')}]::deliverable_category[]`);
    else conditions.push(sql`${mindProfiles.expertiseAreas} && ${bind('areas')}::expertise_area[]`);
  }
  if (filters.ids) conditions.push(sql`${table.userId} = any(${bind('ids')}::text[])`);
  if (filters.minRating !== undefined) conditions.push(hasMinRating(table, bind('minRating')));
  return conditions;
};
