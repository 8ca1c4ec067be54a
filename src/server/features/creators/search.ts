import { sql, type SQL } from 'drizzle-orm';
import { categoryTerms, type CreatorRole, type SearchMatch } from '../../../domain/marketplace';
import type { Database, DbExecutor } from '../../db/client';
import type { KeysetPosition } from './count';
import { makerProfiles, mindProfiles } from '../../db/schema';
import { arrayLiteral, hasMinRating, type CreatorFilters } from './filters';
import type { ListingRow, ListingThumb } from './listing-statement';
import { thumbnailsJoin } from './listing-statement';

/**
 * Full-text search over the creator_search table (decision 120): name (weight A), specialties (B), bio (C) and
 * portfolio titles (D), unaccented, every word a prefix; plus trigram word similarity on the name, so a typo
 * ('nakamra') still finds the person. The rows are maintained by triggers in the writing transaction.
 */

/** How many candidates relevance ranks at most: a common word never sorts tens of thousands of rows to show 24. */
export const SEARCH_CANDIDATES = { byName: 200, byDocument: 300 } as const;
/** The count is exact up to this many, and 'over 1,000' beyond. */
export const SEARCH_COUNT_CAP = 1000;

/** The words of a query, lower-cased; only letters and digits reach to_tsquery, so no input can break its syntax. */
export const searchWords = (q: string): string[] => (q.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);

export interface SearchInput {
  words: string[];
  filters: CreatorFilters;
}

const tsquery = (words: string[], weight = '', joiner = ' & ') => words.map((word) => `${word}:*${weight}`).join(joiner);

// unaccent on both sides: the documents were unaccented by the trigger, the query is here, by the same dictionary.
// search_unaccent (migration 0010) is unaccent declared IMMUTABLE, so each term is folded into a constant when the
// statement is planned instead of being unaccented and parsed again for every row a scan touches.
const query = (text: string): SQL => sql`to_tsquery('simple', search_unaccent(${text}))`;
const nameTerm = (words: string[]): SQL => sql`lower(search_unaccent(${words.join(' ')}))`;

/**
 * The filters that creator_search's document carries as lexemes (migration 0020): the role, the Seal and the
 * categories, as tsquery text, or null when none is asked for. The same meaning as branchConditions (filters.ts) on
 * the role tables: a maker's categories hold deliverables only, a mind's expertise areas only, so one OR of category
 * lexemes is both rules. Read off the document's GIN index together with the searched words, a filter that few of
 * the word's matches meet costs no visit to the rows it turns away.
 */
const filterLexemes = (filters: CreatorFilters): string | null => {
  const lexeme = (text: string) => `'§${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
  const parts: string[] = [];
  if (filters.role) parts.push(lexeme(`role:${filters.role satisfies CreatorRole}`));
  if (filters.seal) parts.push(lexeme('seal'));
  if (filters.category !== undefined) {
    const terms = categoryTerms(filters.category);
    const categories = [...(terms.deliverable ? [terms.deliverable] : []), ...terms.expertise];
    // No category at all matches nothing: 'cat:' is never a lexeme (the migration leaves empty ones out).
    parts.push(`(${(categories.length > 0 ? categories : ['']).map((category) => lexeme(`cat:${category}`)).join(' | ')})`);
  }
  return parts.length > 0 ? parts.join(' & ') : null;
};

const filterQuery = (filters: CreatorFilters): SQL | null => {
  const text = filterLexemes(filters);
  return text === null ? null : sql`${text}::tsquery`;
};

/** The filters that are not lexemes: visibility, a list of ids, a minimum rating. */
const searchFilterConditions = (filters: CreatorFilters): SQL[] => {
  const conditions: SQL[] = [sql.raw('s.is_public')];
  if (filters.ids) conditions.push(sql`s.user_id = any(${arrayLiteral(filters.ids)}::text[])`);
  if (filters.minRating !== undefined) {
    // A scalar lookup on the role profile's unique user_id index per candidate (an EXISTS was turned into a join that
    // read every profile); the rule is filters.ts's own.
    const minimum = sql`${filters.minRating}`;
    conditions.push(sql`coalesce(case s.role
      when 'maker' then (select ${hasMinRating(makerProfiles, minimum)} from ${makerProfiles} where ${makerProfiles.userId} = s.user_id)
      else (select ${hasMinRating(mindProfiles, minimum)} from ${mindProfiles} where ${mindProfiles.userId} = s.user_id) end, false)`);
  }
  return conditions;
};

/** The words in the document, with the filters in the same tsquery: one read of the GIN index answers both. */
const documentMatch = (words: string[], filters: CreatorFilters): SQL => {
  const filter = filterQuery(filters);
  return filter ? sql`s.document @@ (${query(tsquery(words))} && ${filter})` : sql`s.document @@ ${query(tsquery(words))}`;
};

/**
 * The words in the name (trigram word similarity), and the filters off `facets`, which one GIN index holds with the
 * name's trigrams (migration 0022): a similar name that misses a filter is turned away in the index, unvisited.
 */
const nameMatch = (words: string[], filters: CreatorFilters): SQL => {
  const filter = filterQuery(filters);
  return filter ? sql`${nameTerm(words)} <% s.name_key and s.facets @@ ${filter}` : sql`${nameTerm(words)} <% s.name_key`;
};

const matches = (words: string[], filters: CreatorFilters): SQL => {
  const filter = filterQuery(filters);
  const either = sql`(s.document @@ ${query(tsquery(words))} or ${nameTerm(words)} <% s.name_key)`;
  return filter ? sql`${either} and s.facets @@ ${filter}` : either;
};

/** The strongest field one of the words matched, for the card's "Matched in …" line. */
const matchedField = (words: string[]): SQL => sql`case
      when r.document @@ ${query(tsquery(words, 'A', ' | '))} or ${nameTerm(words)} <% r.name_key then 'name'
      when r.document @@ ${query(tsquery(words, 'B', ' | '))} then 'specialties'
      when r.document @@ ${query(tsquery(words, 'C', ' | '))} then 'bio'
      when r.document @@ ${query(tsquery(words, 'D', ' | '))} then 'portfolio'
      else 'name' end`;

interface RawSearchRow {
  user_id: string;
  profile_id: string;
  created_key: string;
  role: CreatorRole;
  name: string;
  bio: string | null;
  avatar_url: string | null;
  seal_verified: boolean;
  categories: string[];
  matched_field: SearchMatch;
  portfolio: ListingThumb[] | null;
  rating_count: number;
  rating_sum: number;
  rating_score: number;
}

/**
 * The search statements run under the planner settings every session of ours has (PLANNER_SETTINGS, db/client.ts):
 * random_page_cost 1.1, so a word's matches are read off the GIN index rather than in table order, and
 * synchronize_seqscans off, so a read in table order (a word nearly everyone has) always starts at the first page and
 * the candidates, and the relevance pages that are offsets into them, are the same on every request.
 */
const withSettings = <T>(db: DbExecutor, settings: readonly string[], run: (tx: DbExecutor) => Promise<T>): Promise<T> =>
  (db as Database).transaction(async (tx) => {
    for (const setting of settings) await tx.execute(sql.raw(setting));
    return run(tx);
  });

/**
 * The capped count never wants a sequential scan: for a rare mix of filters PostgreSQL chose to read the whole table
 * (65 matches among 12,000 rows, 12 ms, where the indexes answer at once), and for a common word the newest-first
 * index read under the cap stops after 1,001 matches just as a sequential read would.
 */
const COUNT_SETTINGS = ['set local enable_seqscan = off'] as const;

export interface SearchRow extends ListingRow {
  matchedField: SearchMatch;
}

/** `before`: common table expressions `ranked` reads; `extra`: more columns of the outer select. */
const finish = (ranked: SQL, words: string[], thumbnails: number, before: SQL = sql``, extra: SQL = sql``): SQL => sql`
  with ${before}ranked as (${ranked})
  select ${extra}r.user_id, r.profile_id::text as profile_id,
    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, r.role,
    p.name, p.bio, p.avatar_url, r.seal_verified, r.categories, ${matchedField(words)} as matched_field, thumbs.portfolio,
    coalesce(rt.rating_count, 0) as rating_count, coalesce(rt.rating_sum, 0) as rating_sum, coalesce(rt.rating_score, 0) as rating_score
  from ranked r
  join profiles p on p.id = r.user_id
  -- By the profile's key, row by row (a page is at most a few dozen rows): as plain left joins, PostgreSQL chose to
  -- hash a whole profile table.
  left join lateral (
    select mp.rating_count, mp.rating_sum, mp.rating_score from maker_profiles mp where r.role = 'maker' and mp.user_id = r.user_id
    union all
    select ip.rating_count, ip.rating_sum, ip.rating_score from mind_profiles ip where r.role = 'mind' and ip.user_id = r.user_id
    limit 1
  ) rt on true
  ${thumbnailsJoin(thumbnails, sql.raw('r.user_id'))}
  order by r.ord`;

const toRow = (row: RawSearchRow): SearchRow => ({
  userId: row.user_id,
  profileId: row.profile_id,
  createdKey: row.created_key,
  role: row.role,
  name: row.name,
  bio: row.bio,
  avatarUrl: row.avatar_url,
  sealStatus: row.seal_verified ? 'verified' : 'none',
  categories: row.categories,
  matchedField: row.matched_field,
  ratingCount: Number(row.rating_count),
  ratingSum: Number(row.rating_sum),
  ratingScore: Number(row.rating_score),
  portfolio: row.portfolio ?? [],
});

/**
 * Relevance order: candidates are name matches (trigram, at most 200) and document matches (at most 300, read off
 * the GIN index in table order; an ORDER BY here made PostgreSQL walk the newest-first index testing the trigram
 * match row by row, 10–50 times slower); only those are ranked, by ts_rank (A 1.0, B 0.4, C 0.2, D 0.1) plus the
 * name's word similarity, newest first among equals. Pages are offsets into that bounded ranking. 'Highest rated'
 * with a search term orders the same candidates by their rating first (the profiles are read for those rows only).
 */
// Each candidate read returns the whole search row, so ranking needs no second lookup per candidate; a creator found
// both by name and by document is kept once.
const candidateColumns = sql.raw('s.user_id, s.profile_id, s.created_at, s.role, s.seal_verified, s.categories, s.name_key, s.document');

/** A candidate's rating score, read by its profile's key (a join let the planner scan a whole profile table). */
const candidateScore = sql`coalesce(case when s.role = 'maker'
  then (select mp.rating_score from maker_profiles mp where mp.user_id = s.user_id)
  else (select ip.rating_score from mind_profiles ip where ip.user_id = s.user_id) end, 0)`;

interface RankedCandidates {
  rows: SearchRow[];
  /** How many creators match (SEARCH_COUNT_CAP + 1 for 'over 1,000'), when asked for and the page had a row. */
  matches: number | null;
}

const CAP = sql.raw(String(SEARCH_COUNT_CAP + 1));

/**
 * The capped count of a search, as a scalar over two common table expressions that each hold one way of matching,
 * read up to SEARCH_COUNT_CAP + 1 (user_id at least): `by_document` and `by_name`. Most common words are common in
 * the document: when it alone passes the cap, that is the answer, and the trigram read by name (the dearer one: every
 * row it returns is a word-similarity test) goes no further than the page needed it. PostgreSQL evaluates a
 * branch's subquery only when the branch is taken, and a materialised CTE only as far as it is read.
 */
/** `by_document` and `by_name` for cappedCountOf: each way of matching, `columns` of its rows, read up to the cap. */
const cappedReads = (where: SQL, words: string[], filters: CreatorFilters, columns: SQL): SQL =>
  sql`by_document as materialized (select ${columns} from creator_search s where ${where} and ${documentMatch(words, filters)} limit ${CAP}),
    by_name as materialized (select ${columns} from creator_search s where ${where} and ${nameMatch(words, filters)} limit ${CAP})`;

const cappedCountOf = (): SQL => sql`case
    when (select count(*) from by_document) > ${sql.raw(String(SEARCH_COUNT_CAP))} then ${CAP}
    else (select count(*) from (select user_id from by_document union select user_id from by_name) hits) end`;

type RelevanceArgs = [
  db: DbExecutor,
  input: SearchInput,
  offset: number,
  limit: number,
  thumbnails: number,
  /** 'rating': 'Highest rated' among the same candidates (their Bayesian score), relevance breaking ties (decision 160). */
  order?: 'relevance' | 'rating',
];

/** `counted`: count every match in the same statement (the marketplace shows the count; the client's browse list does not). */
const rankCandidates = async (
  counted: boolean,
  ...[db, input, offset, limit, thumbnails, order = 'relevance']: RelevanceArgs
): Promise<RankedCandidates> => {
  const { words, filters } = input;
  if (words.length === 0) return { rows: [], matches: 0 };
  const where = sql.join(searchFilterConditions(filters), sql` and `);
  const relevance = sql`ts_rank(s.document, ${query(tsquery(words))}) + word_similarity(${nameTerm(words)}, s.name_key) desc`;
  const { byName, byDocument } = SEARCH_CANDIDATES;
  // Counted, both reads may go on to the count's cap and their first rows are the candidates (in the order the read
  // returned them, as an uncounted read's limit would); the count is then these same reads, continued only if needed.
  const candidates = sql`by_name as materialized (
      select 'name' as via, ${candidateColumns} from creator_search s where ${where} and ${nameMatch(words, filters)}
      limit ${counted ? CAP : sql.raw(String(byName))}),
    by_document as materialized (
      select 'document' as via, ${candidateColumns} from creator_search s where ${where} and ${documentMatch(words, filters)}
      limit ${counted ? CAP : sql.raw(String(byDocument))}),
    candidates as ((select * from by_name limit ${sql.raw(String(byName))}) union all (select * from by_document limit ${sql.raw(String(byDocument))})), `;
  const ranked = sql`
    select s.user_id, s.profile_id, s.created_at, s.role, s.seal_verified, s.categories, s.name_key, s.document,
      row_number() over (order by ${order === 'rating' ? sql`${candidateScore} desc, ` : sql``}${relevance},
        s.created_at desc, s.profile_id desc) as ord
    from (select distinct on (c.user_id) c.* from candidates c order by c.user_id) s
    order by ord
    offset ${sql.raw(String(Math.max(0, Math.trunc(offset))))} limit ${sql.raw(String(Math.max(1, Math.trunc(limit))))}`;
  const count = counted ? sql`(${cappedCountOf()}) as match_count, ` : sql``;
  const result = await db.execute<RawSearchRow & { match_count?: number | string } & Record<string, unknown>>(finish(ranked, words, thumbnails, candidates, count));
  const first = result.rows[0];
  // No row on the first page: no candidate, so nothing matches. Past the last page the count is read on its own.
  const matches = !counted ? null : first ? Number(first.match_count) : offset === 0 ? 0 : null;
  return { rows: result.rows.map(toRow), matches };
};

/** A relevance page (see rankCandidates), for lists that show no count. */
export const searchByRelevance = async (...args: RelevanceArgs): Promise<SearchRow[]> => (await rankCandidates(false, ...args)).rows;

/** A relevance page and the count of all matches, read by the same statement (see rankCandidates and cappedCountOf). */
export const searchByRelevanceCounted = async (...args: RelevanceArgs): Promise<{ rows: SearchRow[]; count: SearchCount }> => {
  const { rows, matches } = await rankCandidates(true, ...args);
  const [db, input] = args;
  return { rows, count: matches === null ? await countSearch(db, input) : cappedCount(matches) };
};

/**
 * Newest first among the matches, on the listing's own keyset (created_at, profile id), and their capped count, in
 * one statement. The count picks the page's plan: a rarer term (at most 1,000 matches) is sorted from the two reads
 * the count made (`by_document`, `by_name`: their keys only, so nothing is read twice); a common one is found
 * quickly walking the newest-first index. Each plan is a branch of a UNION ALL under a one-time filter on the count,
 * so PostgreSQL runs only the one taken. Left to the planner, a rare word was walked along the whole index (1.9 s for
 * 'letterpress' at 100,000 creators).
 */
export const searchByNewestCounted = async (
  db: DbExecutor,
  input: SearchInput,
  after: KeysetPosition | null,
  limit: number,
  thumbnails: number,
): Promise<{ rows: SearchRow[]; count: SearchCount }> => {
  const { words, filters } = input;
  if (words.length === 0) return { rows: [], count: cappedCount(0) };
  const keyset = (alias: string) =>
    after ? sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.profile_id) < (${after.createdKey}::timestamptz, ${after.profileId}::uuid)` : sql`true`;
  const where = sql.join(searchFilterConditions(filters), sql` and `);
  const page = sql.raw(String(Math.max(1, Math.trunc(limit))));
  const cap = sql.raw(String(SEARCH_COUNT_CAP));
  const before = sql`${cappedReads(where, words, filters, sql.raw('s.user_id, s.created_at, s.profile_id'))},
    counted as materialized (select ${cappedCountOf()} as n),
    newest as materialized (
      (select h.user_id from (select * from by_document union select * from by_name) h
        where (select n from counted) <= ${cap} and ${keyset('h')}
        order by h.created_at desc, h.profile_id desc limit ${page})
      union all
      (select s.user_id from creator_search s
        where (select n from counted) > ${cap} and ${where} and ${matches(words, filters)} and ${keyset('s')}
        order by s.created_at desc, s.profile_id desc limit ${page})
    ), `;
  const ranked = sql`
    select s.user_id, s.profile_id, s.created_at, s.role, s.seal_verified, s.categories, s.name_key, s.document,
      row_number() over (order by s.created_at desc, s.profile_id desc) as ord
    from newest n join creator_search s on s.user_id = n.user_id`;
  const result = await db.execute<RawSearchRow & { match_count: number | string } & Record<string, unknown>>(
    finish(ranked, words, thumbnails, before, sql`(select n from counted) as match_count, `),
  );
  const first = result.rows[0];
  // No row on the first page: nothing matches. Past the last page the count is read on its own.
  const count = first ? cappedCount(Number(first.match_count)) : after === null ? cappedCount(0) : await countSearch(db, input);
  return { rows: result.rows.map(toRow), count };
};

export interface SearchCount {
  total: number;
  capped: boolean;
}

const cappedCount = (n: number): SearchCount => (n > SEARCH_COUNT_CAP ? { total: SEARCH_COUNT_CAP, capped: true } : { total: n, capped: false });

/** Exact up to SEARCH_COUNT_CAP; above it, `capped` and the cap (a common word costs no full count). */
export const countSearch = async (db: DbExecutor, input: SearchInput): Promise<SearchCount> => {
  const { words, filters } = input;
  if (words.length === 0) return { total: 0, capped: false };
  // The two ways to match, each on its own index and each capped, then put together (cappedCountOf).
  const where = sql.join(searchFilterConditions(filters), sql` and `);
  const result = await withSettings(db, COUNT_SETTINGS, (tx) =>
    tx.execute<{ n: number | string }>(sql`
    with ${cappedReads(where, words, filters, sql.raw('s.user_id'))}
    select ${cappedCountOf()} as n`),
  );
  return cappedCount(Number(result.rows[0]?.n ?? 0));
};
