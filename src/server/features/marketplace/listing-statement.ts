import { sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgPreparedQuery, type PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { DeliverableCategory, SealStatus } from '../../../domain/constants';
import { CATEGORY_EXPERTISE, isDeliverableCategory, type CreatorRole, type MarketplaceFilters } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';
import { escapeLike, type CreatorRow, type KeysetPosition } from './creator-queries';

export interface ListingThumb {
  id: string;
  title: string;
  category: DeliverableCategory;
  imageUrl: string;
  thumbnailUrl: string | null;
}

export interface ListingRow extends CreatorRow {
  portfolio: ListingThumb[];
}

interface RawListingRow {
  user_id: string;
  profile_id: string;
  created_key: string;
  role: CreatorRole;
  name: string;
  bio: string | null;
  avatar_url: string | null;
  seal_status: SealStatus;
  categories: string[];
  portfolio: ListingThumb[] | null;
}

/** Which filters a page uses: one prepared statement per shape, the values travel as parameters. */
interface Shape {
  makers: boolean;
  minds: boolean;
  search: boolean;
  seal: boolean;
  makerCategory: boolean;
  mindAreas: boolean;
  after: boolean;
  limit: number;
  thumbnails: number;
}

/** Marks the statements that run prepared (their plan is reused): the query-plan test checks their generic plan too. */
export const PREPARED_LISTING_MARK = '/* listing: prepared */';

const p = (name: string) => sql.placeholder(name);

/** Arrays travel as PostgreSQL array literals: PGlite would otherwise send a JS array as "a,b" to an enum[] param. */
const arrayLiteral = (values: readonly string[]): string => `{${values.map((value) => `"${value.replace(/["\\]/g, '\\$&')}"`).join(',')}}`;

// Constants are written into the statement as literals, never as parameters: a generic plan must still see
// `application_status = 'approved'` to use the partial indexes and the right estimates.
const branch = (role: CreatorRole, shape: Shape): SQL => {
  const table = role === 'maker' ? makerProfiles : mindProfiles;
  const conditions: SQL[] = [sql`${table.applicationStatus} = 'approved'`];
  if (shape.search) conditions.push(sql`${profiles.name} ilike ${p('pattern')}`);
  if (role === 'maker' && shape.seal) conditions.push(sql`${makerProfiles.sealStatus} = 'verified'`);
  if (role === 'maker' && shape.makerCategory) {
    conditions.push(sql`${makerProfiles.deliverableCategories} @> array[${p('category')}]::deliverable_category[]`);
  }
  if (role === 'mind' && shape.mindAreas) conditions.push(sql`${mindProfiles.expertiseAreas} && ${p('areas')}::expertise_area[]`);
  if (shape.after) conditions.push(sql`(${table.createdAt}, ${table.id}) < (${p('afterCreated')}::timestamptz, ${p('afterId')}::uuid)`);
  const categories = role === 'maker' ? makerProfiles.deliverableCategories : mindProfiles.expertiseAreas;
  return sql`(
    select ${table.userId} as user_id, ${table.id} as profile_id, ${table.createdAt} as created_at, ${sql.raw(`'${role}'`)} as role,
      ${profiles.name} as name, ${profiles.bio} as bio, ${profiles.avatarUrl} as avatar_url,
      ${role === 'maker' ? sql`${makerProfiles.sealStatus}::text` : sql.raw(`'none'`)} as seal_status, ${categories}::text[] as categories
    from ${table}
    inner join ${profiles} on ${profiles.id} = ${table.userId}
    -- user_roles on the matching role keeps admins (and any profile left behind by a role change) out.
    inner join ${userRoles} on ${userRoles.userId} = ${table.userId} and ${userRoles.role} = ${sql.raw(`'${role}'`)}
    where ${sql.join(conditions, sql` and `)}
    order by ${table.createdAt} desc, ${table.id} desc
    limit ${sql.raw(String(shape.limit))}
  )`;
};

const statement = (shape: Shape): SQL => {
  const branches = [...(shape.makers ? [branch('maker', shape)] : []), ...(shape.minds ? [branch('mind', shape)] : [])];
  // Microseconds in the key: a JavaScript Date would round to milliseconds and skip or repeat creators made in
  // the same millisecond across pages.
  return sql`${sql.raw(shape.search ? '' : PREPARED_LISTING_MARK)}
    select page.user_id, page.profile_id::text as profile_id,
      to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, page.role,
      page.name, page.bio, page.avatar_url, page.seal_status, page.categories, thumbs.portfolio
    from (${sql.join(branches, sql` union all `)}) page
    left join lateral (
      select json_agg(json_build_object('id', pi.id, 'title', pi.title, 'category', pi.category, 'imageUrl', pi.image_url,
        'thumbnailUrl', pi.thumbnail_url) order by pi.created_at desc, pi.id desc) as portfolio
      from (
        select ${portfolioItems.id} as id, ${portfolioItems.title} as title, ${portfolioItems.category} as category,
          ${portfolioItems.imageUrl} as image_url, ${portfolioItems.thumbnailUrl} as thumbnail_url, ${portfolioItems.createdAt} as created_at
        from ${portfolioItems}
        where ${portfolioItems.makerId} = page.user_id
        order by ${portfolioItems.createdAt} desc, ${portfolioItems.id} desc
        limit ${sql.raw(String(shape.thumbnails))}
      ) pi
    ) thumbs on true
    order by page.created_at desc, page.profile_id desc
    limit ${sql.raw(String(shape.limit))}`;
};

type ListingQuery = PgPreparedQuery<PreparedQueryConfig & { execute: { rows: RawListingRow[] } }>;

const dialect = new PgDialect();
// Prepared once per database handle and shape. On PostgreSQL each is a named statement, so after a few runs
// the server reuses its plan instead of planning the union, the joins and the lateral read on every request.
// A name search stays unnamed and is planned every time: whether the trigram index or the keyset order is the
// better path depends on the text searched for.
const prepared = new WeakMap<DbExecutor, Map<string, ListingQuery>>();

const prepare = (db: DbExecutor, shape: Shape): ListingQuery => {
  const key = [shape.makers, shape.minds, shape.search, shape.seal, shape.makerCategory, shape.mindAreas, shape.after]
    .map((flag) => (flag ? '1' : '0'))
    .join('');
  const name = shape.search ? undefined : `hm_listing_${key}_${shape.limit}_${shape.thumbnails}`;
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  const cacheKey = `${key}_${shape.limit}_${shape.thumbnails}`;
  let query = statements.get(cacheKey);
  if (!query) {
    query = db._.session.prepareQuery(dialect.sqlToQuery(statement(shape)), undefined, name, false) as ListingQuery;
    statements.set(cacheKey, query);
  }
  return query;
};

/**
 * The first `limit` approved creators after `after`, across both kinds, each with its `thumbnails` newest
 * portfolio items, in one statement: each branch reads at most `limit` rows along its (status, created_at, id)
 * index, and each creator's thumbnails at most `thumbnails` rows along (maker_id, created_at, id). A page
 * costs the same however many creators exist, and one round trip to the database.
 */
export const selectListingPage = async (
  db: DbExecutor,
  filters: MarketplaceFilters,
  after: KeysetPosition | null,
  limit: number,
  thumbnails: number,
): Promise<ListingRow[]> => {
  const category = filters.category;
  const makerCategory = category !== undefined && isDeliverableCategory(category);
  const shape: Shape = {
    // A mind's expertise area as the category can only match minds; minds never hold the Seal.
    makers: filters.role !== 'mind' && (category === undefined || makerCategory),
    minds: filters.role !== 'maker' && !filters.seal,
    search: Boolean(filters.q),
    seal: filters.seal,
    makerCategory,
    mindAreas: category !== undefined,
    after: after !== null,
    limit: Math.max(1, Math.trunc(limit)),
    thumbnails: Math.max(1, Math.trunc(thumbnails)),
  };
  if (!shape.makers && !shape.minds) return [];
  const areas = category === undefined ? [] : makerCategory ? [...CATEGORY_EXPERTISE[category]] : [category];
  const result = await prepare(db, shape).execute({
    pattern: `%${escapeLike(filters.q ?? '')}%`,
    category: category ?? null,
    areas: arrayLiteral(areas),
    afterCreated: after?.createdKey ?? null,
    afterId: after?.profileId ?? null,
  });
  return result.rows.map((row) => ({
    userId: row.user_id,
    profileId: row.profile_id,
    createdKey: row.created_key,
    role: row.role,
    name: row.name,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    sealStatus: row.seal_status,
    categories: row.categories,
    portfolio: row.portfolio ?? [],
  }));
};
