import { sql, type SQL } from 'drizzle-orm';
import type { DeliverableCategory, SealStatus } from '../../../domain/constants';
import { isDeliverableCategory, type CreatorRole } from '../../../domain/marketplace';
import type { DbExecutor } from '../../db/client';
import { makerProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';
import type { CreatorRow, KeysetPosition } from './count';
import { bindPlaceholders, branchConditions, filterValues, rolesMatching, type CreatorFilters } from './filters';
import { categoriesColumn, creatorProfileTable, hasCreatorRole } from './tables';

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

/** Which filters a page uses: one prepared statement per shape, the values travel as parameters. */
interface Shape {
  roles: CreatorRole[];
  filters: CreatorFilters;
  after: boolean;
  limit: number;
  /** 0: no portfolio read at all (the Browse tab's cards show none). */
  thumbnails: number;
  /** 'rating': 'Highest rated', keyed by (rating_score, created_at, id) along the rating indexes (decision 160). */
  order: ListingOrder;
}

export type ListingOrder = 'newest' | 'rating';

/** Marks the statements that run prepared (their plan is reused): the query-plan test checks their generic plan too. */
export const PREPARED_LISTING_MARK = '/* listing: prepared */';

const p = (name: string) => sql.placeholder(name);

// Constants are written into the statement as literals, never as parameters: a generic plan must still see
// `application_status = 'approved'` to use the partial indexes and the right estimates.
const branch = (role: CreatorRole, shape: Shape): SQL => {
  const table = creatorProfileTable(role);
  const conditions = branchConditions(role, shape.filters, bindPlaceholders);
  const byRating = shape.order === 'rating';
  if (shape.after) {
    conditions.push(
      byRating
        ? sql`(${table.ratingScore}, ${table.createdAt}, ${table.id}) < (${p('afterScore')}::int, ${p('afterCreated')}::timestamptz, ${p('afterId')}::uuid)`
        : sql`(${table.createdAt}, ${table.id}) < (${p('afterCreated')}::timestamptz, ${p('afterId')}::uuid)`,
    );
  }
  return sql`(
    select ${table.userId} as user_id, ${table.id} as profile_id, ${table.createdAt} as created_at, ${sql.raw(`'${role}'`)} as role,
      ${profiles.name} as name, ${profiles.bio} as bio, ${profiles.avatarUrl} as avatar_url,
      ${role === 'maker' ? sql`${makerProfiles.sealStatus}::text` : sql.raw(`'none'`)} as seal_status, ${categoriesColumn(role)}::text[] as categories,
      ${table.ratingCount} as rating_count, ${table.ratingSum} as rating_sum, ${table.ratingScore} as rating_score
    from ${table}
    inner join ${profiles} on ${profiles.id} = ${table.userId}
    inner join ${userRoles} on ${hasCreatorRole(role)}
    where ${sql.join(conditions, sql` and `)}
    order by ${byRating ? sql`${table.ratingScore} desc, ` : sql``}${table.createdAt} desc, ${table.id} desc
    limit ${sql.raw(String(shape.limit))}
  )`;
};

/** Each creator's `count` newest portfolio items as JSON, read along (maker_id, created_at, id); 0 reads none. */
export const thumbnailsJoin = (count: number, creatorId: SQL = sql.raw('page.user_id')): SQL =>
  count === 0
    ? sql`left join lateral (select null::json as portfolio) thumbs on true`
    : sql`left join lateral (
      select json_agg(json_build_object('id', pi.id, 'title', pi.title, 'category', pi.category, 'imageUrl', pi.image_url,
        'thumbnailUrl', pi.thumbnail_url) order by pi.created_at desc, pi.id desc) as portfolio
      from (
        select ${portfolioItems.id} as id, ${portfolioItems.title} as title, ${portfolioItems.category} as category,
          ${portfolioItems.imageUrl} as image_url, ${portfolioItems.thumbnailUrl} as thumbnail_url, ${portfolioItems.createdAt} as created_at
        from ${portfolioItems}
        where ${portfolioItems.makerId} = ${creatorId} and ${portfolioItems.reviewStatus} = 'clear'
        order by ${portfolioItems.createdAt} desc, ${portfolioItems.id} desc
        limit ${sql.raw(String(count))}
      ) pi
    ) thumbs on true`;

const statement = (shape: Shape): SQL => {
  const branches = shape.roles.map((role) => branch(role, shape));
  // Microseconds in the key: a JavaScript Date would round to milliseconds and skip or repeat creators made in
  // the same millisecond across pages.
  return sql`${sql.raw(shape.filters.q ? '' : PREPARED_LISTING_MARK)}
    select page.user_id, page.profile_id::text as profile_id,
      to_char(page.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, page.role,
      page.name, page.bio, page.avatar_url, page.seal_status, page.categories, page.rating_count, page.rating_sum, page.rating_score,
      thumbs.portfolio
    from (${sql.join(branches, sql` union all `)}) page
    ${thumbnailsJoin(shape.thumbnails)}
    order by ${shape.order === 'rating' ? sql.raw('page.rating_score desc, ') : sql``}page.created_at desc, page.profile_id desc
    limit ${sql.raw(String(shape.limit))}`;
};

/** The page's columns, named as the statement names them (drizzle reads each row by these aliases). */
const pageColumns = {
  user_id: sql<string>`listing.user_id`.as('user_id'),
  profile_id: sql<string>`listing.profile_id`.as('profile_id'),
  created_key: sql<string>`listing.created_key`.as('created_key'),
  role: sql<CreatorRole>`listing.role`.as('role'),
  name: sql<string>`listing.name`.as('name'),
  bio: sql<string | null>`listing.bio`.as('bio'),
  avatar_url: sql<string | null>`listing.avatar_url`.as('avatar_url'),
  seal_status: sql<SealStatus>`listing.seal_status`.as('seal_status'),
  categories: sql<string[]>`listing.categories`.as('categories'),
  rating_count: sql<number>`listing.rating_count`.as('rating_count'),
  rating_sum: sql<number>`listing.rating_sum`.as('rating_sum'),
  rating_score: sql<number>`listing.rating_score`.as('rating_score'),
  portfolio: sql<ListingThumb[] | null>`listing.portfolio`.as('portfolio'),
};

const prepareListing = (db: DbExecutor, shape: Shape, name: string | undefined) => {
  const select = db.select(pageColumns).from(sql`(${statement(shape)}) listing`);
  // A name search is planned every time (an unnamed statement): whether the trigram index or the keyset order is
  // the better path depends on the text searched for.
  return name ? select.prepare(name) : select;
};

type ListingQuery = ReturnType<typeof prepareListing>;

// Prepared once per database handle and shape through Drizzle's `prepare(name)`. On PostgreSQL each is a named
// statement, so after a few runs the server reuses its plan instead of planning the union, the joins and the
// lateral read on every request. The outer select only renames the columns; PostgreSQL plans it as a projection.
const prepared = new WeakMap<DbExecutor, Map<string, ListingQuery>>();

const prepare = (db: DbExecutor, shape: Shape): ListingQuery => {
  const { filters } = shape;
  const key = [
    shape.roles.join(''),
    ...[
      filters.q,
      filters.seal,
      filters.category !== undefined && isDeliverableCategory(filters.category),
      filters.category !== undefined,
      filters.ids,
      shape.after,
      filters.minRating !== undefined,
      shape.order === 'rating',
    ].map(
      (flag) => (flag ? '1' : '0'),
    ),
  ].join('');
  const cacheKey = `${key}_${shape.limit}_${shape.thumbnails}`;
  let statements = prepared.get(db);
  if (!statements) {
    statements = new Map();
    prepared.set(db, statements);
  }
  let query = statements.get(cacheKey);
  if (!query) {
    query = prepareListing(db, shape, filters.q ? undefined : `hm_listing_${cacheKey}`);
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
  filters: CreatorFilters,
  after: KeysetPosition | null,
  limit: number,
  thumbnails: number,
  order: ListingOrder = 'newest',
): Promise<ListingRow[]> => {
  const roles = rolesMatching(filters);
  if (roles.length === 0) return [];
  const shape: Shape = {
    roles,
    filters,
    after: after !== null,
    limit: Math.max(1, Math.trunc(limit)),
    thumbnails: Math.max(0, Math.trunc(thumbnails)),
    order,
  };
  const rows = await prepare(db, shape).execute({
    ...filterValues(filters),
    afterCreated: after?.createdKey ?? null,
    afterId: after?.profileId ?? null,
    afterScore: after?.score ?? null,
  });
  return rows.map((row) => ({
    userId: row.user_id,
    profileId: row.profile_id,
    createdKey: row.created_key,
    role: row.role,
    name: row.name,
    bio: row.bio,
    avatarUrl: row.avatar_url,
    sealStatus: row.seal_status,
    categories: row.categories,
    ratingCount: Number(row.rating_count),
    ratingSum: Number(row.rating_sum),
    ratingScore: Number(row.rating_score),
    portfolio: row.portfolio ?? [],
  }));
};
