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
 * portfolio titles (D), unaccented, every word a prefix. A word of four letters or more also matches the words of
 * the search lexicon it may be a typo of (trigram similarity, decision 125), so 'nakamra' still finds the person.
 * The rows and the lexicon are maintained by triggers in the writing transaction.
 */

/** How many candidates relevance ranks at most: a common word never sorts tens of thousands of rows to show 24. */
export const SEARCH_CANDIDATES = { byName: 200, byDocument: 300 } as const;
/** The count is exact up to this many, and 'over 1,000' beyond. */
export const SEARCH_COUNT_CAP = 1000;

/**
 * Typo tolerance: a query word of at least `minLength` characters (shorter ones are still being typed, and have too
 * few trigrams to tell a typo from another word) also matches up to `maxWords` lexicon words at least `minSimilarity`
 * similar to it (pg_trgm's similarity; one letter missing from a six-letter word is 0.44), the most similar first,
 * and at most `maxLengthChange` letters longer or shorter (a typo is a letter or two: 'filtrberg' is not 'filtr').
 */
export const TYPO = { minLength: 4, minSimilarity: 0.4, maxWords: 5, maxLengthChange: 2 } as const;

/**
 * A word is a run of letters, combining marks and digits, as the database's parser keeps it whole: a mark is part of
 * its word, never a break ('प्रिया', and 'İpek', which JavaScript lower-cases to 'i' and a combining dot above).
 */
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/** The words of a query, lower-cased; only letters, marks and digits reach the database's tsquery, so no input breaks its syntax. */
export const searchWords = (q: string): string[] => (q.normalize('NFKC').toLowerCase().match(WORD) ?? []).slice(0, 8);

export interface SearchInput {
  words: string[];
  filters: CreatorFilters;
}

/** A query word as the documents hold it (unaccented, lower-cased), and the lexicon words it may be a typo of. */
interface QueryWord {
  word: string;
  similar: string[];
}

/**
 * The query's words unaccented by the database's own dictionary (search_unaccent, migration 0010), each with the
 * lexicon words it may be a typo of: one short statement on the small search_lexicon table, so the search itself is
 * one match on the document's GIN index with constant terms the planner can see.
 */
const readQueryWords = async (db: DbExecutor, words: string[]): Promise<QueryWord[]> => {
  const { minLength, minSimilarity, maxWords, maxLengthChange } = TYPO;
  const result = await db.execute<{ word: string; similar: string[] | null }>(sql`
    select q.word, case when length(q.word) >= ${sql.raw(String(minLength))} then array(
        select l.word from search_lexicon l
        where l.word % q.word and not starts_with(l.word, q.word) and abs(length(l.word) - length(q.word)) <= ${sql.raw(String(maxLengthChange))}
          and similarity(l.word, q.word) >= ${sql.raw(String(minSimilarity))}
        order by similarity(l.word, q.word) desc, l.word
        limit ${sql.raw(String(maxWords))}) end as similar
    from (select lower(search_unaccent(u.w)) as word, u.n from unnest(${arrayLiteral(words)}::text[]) with ordinality as u(w, n)) q
    order by q.n`);
  // Unaccenting can turn a character into more than one word ('½' is ' 1/2'): those pieces match as prefixes only.
  // It also drops the combining marks of Latin letters, as the documents' unaccent does ('i' and U+0307, the
  // lower-cased 'İ', is 'i'); the marks it keeps (Devanagari's, Thai's) stay in their word, as in the documents.
  return result.rows.flatMap((row) => {
    const pieces = row.word.match(WORD) ?? [];
    if (pieces.length === 1 && pieces[0] === row.word) return [{ word: row.word, similar: row.similar ?? [] }];
    return pieces.map((word) => ({ word, similar: [] }));
  });
};

/** A lexeme as tsquery text, quoted, so any character of a stored word is taken literally. */
const lexeme = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * One query word as tsquery text: its prefix, or any word it may be a typo of; `prefix` '§n:' reads the name's own
 * lexemes, `weight` keeps to one part of the document.
 */
const wordQuery = ({ word, similar }: QueryWord, prefix = '', weight = ''): string =>
  `(${[`${lexeme(prefix + word)}:*${weight}`, ...similar.map((other) => `${lexeme(prefix + other)}${weight ? `:${weight}` : ''}`)].join(' | ')})`;

/** Every word, in the whole document or (`prefix` '§n:') in the name. */
const allWords = (words: QueryWord[], prefix = ''): string => words.map((word) => wordQuery(word, prefix)).join(' & ');

/**
 * The filters that creator_search's document carries as lexemes (migration 0020): the role, the Seal and the
 * categories, as tsquery text, or null when none is asked for. The same meaning as branchConditions (filters.ts) on
 * the role tables: a maker's categories hold deliverables only, a mind's expertise areas only, so one OR of category
 * lexemes is both rules. Read off the document's GIN index together with the searched words, a filter that few of
 * the word's matches meet costs no visit to the rows it turns away.
 */
const filterLexemes = (filters: CreatorFilters): string | null => {
  const parts: string[] = [];
  if (filters.role) parts.push(lexeme(`§role:${filters.role satisfies CreatorRole}`));
  if (filters.seal) parts.push(lexeme('§seal'));
  if (filters.category !== undefined) {
    const terms = categoryTerms(filters.category);
    const categories = [...(terms.deliverable ? [terms.deliverable] : []), ...terms.expertise];
    // No category at all matches nothing: '§cat:' is never a lexeme (the migration leaves empty ones out).
    parts.push(`(${(categories.length > 0 ? categories : ['']).map((category) => lexeme(`§cat:${category}`)).join(' | ')})`);
  }
  return parts.length > 0 ? parts.join(' & ') : null;
};

/** A search, ready to run: its tsquery texts, each sent as one constant. */
interface PreparedSearch {
  /** The words joined by spaces, for the name's word similarity in relevance. */
  nameTerm: string;
  /** Every word somewhere in the document (no filters), for ts_rank. */
  rank: string;
  /** Every word somewhere in the document, and the filters. */
  document: string;
  /** Every word in the name, and the filters. */
  name: string;
  /** The matched-field tests, each any one word: in the name, or in one weight of the document. */
  field: { name: string; specialties: string; bio: string; portfolio: string };
  where: SQL;
}

const prepareSearch = async (db: DbExecutor, { words, filters }: SearchInput): Promise<PreparedSearch | null> => {
  const queryWords = await readQueryWords(db, words);
  if (queryWords.length === 0) return null;
  const filter = filterLexemes(filters);
  const withFilter = (text: string) => (filter ? `(${text}) & ${filter}` : text);
  const anyWord = (prefix: string, weight: string) => queryWords.map((word) => wordQuery(word, prefix, weight)).join(' | ');
  return {
    nameTerm: queryWords.map((word) => word.word).join(' '),
    rank: allWords(queryWords),
    document: withFilter(allWords(queryWords)),
    name: withFilter(allWords(queryWords, '§n:')),
    field: { name: anyWord('§n:', ''), specialties: anyWord('', 'B'), bio: anyWord('', 'C'), portfolio: anyWord('', 'D') },
    where: sql.join(searchFilterConditions(filters), sql` and `),
  };
};

const tsquery = (text: string): SQL => sql`${text}::tsquery`;

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

/** The strongest field one of the words matched, for the card's "Matched in …" line. */
const matchedField = ({ field }: PreparedSearch): SQL => sql`case
      when r.document @@ ${tsquery(field.name)} then 'name'
      when r.document @@ ${tsquery(field.specialties)} then 'specialties'
      when r.document @@ ${tsquery(field.bio)} then 'bio'
      when r.document @@ ${tsquery(field.portfolio)} then 'portfolio'
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
const finish = (ranked: SQL, search: PreparedSearch, thumbnails: number, before: SQL = sql``, extra: SQL = sql``): SQL => sql`
  with ${before}ranked as (${ranked})
  select ${extra}r.user_id, r.profile_id::text as profile_id,
    to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, r.role,
    p.name, p.bio, p.avatar_url, r.seal_verified, r.categories, ${matchedField(search)} as matched_field, thumbs.portfolio,
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
 * Relevance order: candidates are name matches (at most 200) and document matches (at most 300), both read off the
 * document's GIN index in table order (an ORDER BY here made PostgreSQL walk the newest-first index testing the match
 * row by row, 10–50 times slower); only those are ranked, by ts_rank (A 1.0, B 0.4, C 0.2, D 0.1) plus the name's
 * word similarity, newest first among equals. Pages are offsets into that bounded ranking. 'Highest rated' with a
 * search term orders the same candidates by their rating first (the profiles are read for those rows only).
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
 * `by_document`: the document matches, `columns` of them, read up to SEARCH_COUNT_CAP + 1, which is the capped count.
 * A name match is a document match too (the name's '§n:' lexemes have the same words at weight A), so this one read
 * counts every way of matching.
 */
const cappedRead = (search: PreparedSearch, columns: SQL): SQL =>
  sql`by_document as materialized (select ${columns} from creator_search s where ${search.where} and s.document @@ ${tsquery(search.document)} limit ${CAP})`;

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
  const search = input.words.length === 0 ? null : await prepareSearch(db, input);
  if (!search) return { rows: [], matches: 0 };
  const relevance = sql`ts_rank(s.document, ${tsquery(search.rank)}) + word_similarity(${search.nameTerm}, s.name_key) desc`;
  const { byName, byDocument } = SEARCH_CANDIDATES;
  // Counted, the document read goes on to the count's cap and its first rows are the candidates (in the order the
  // read returned them, as an uncounted read's limit would).
  const candidates = sql`by_name as materialized (
      select 'name' as via, ${candidateColumns} from creator_search s where ${search.where} and s.document @@ ${tsquery(search.name)}
      limit ${sql.raw(String(byName))}),
    by_document as materialized (
      select 'document' as via, ${candidateColumns} from creator_search s where ${search.where} and s.document @@ ${tsquery(search.document)}
      limit ${counted ? CAP : sql.raw(String(byDocument))}),
    candidates as ((select * from by_name) union all (select * from by_document limit ${sql.raw(String(byDocument))})), `;
  const ranked = sql`
    select s.user_id, s.profile_id, s.created_at, s.role, s.seal_verified, s.categories, s.name_key, s.document,
      row_number() over (order by ${order === 'rating' ? sql`${candidateScore} desc, ` : sql``}${relevance},
        s.created_at desc, s.profile_id desc) as ord
    from (select distinct on (c.user_id) c.* from candidates c order by c.user_id) s
    order by ord
    offset ${sql.raw(String(Math.max(0, Math.trunc(offset))))} limit ${sql.raw(String(Math.max(1, Math.trunc(limit))))}`;
  const count = counted ? sql`(select count(*) from by_document) as match_count, ` : sql``;
  const result = await db.execute<RawSearchRow & { match_count?: number | string } & Record<string, unknown>>(finish(ranked, search, thumbnails, candidates, count));
  const first = result.rows[0];
  // No row on the first page: no candidate, so nothing matches. Past the last page the count is read on its own.
  const matches = !counted ? null : first ? Number(first.match_count) : offset === 0 ? 0 : null;
  return { rows: result.rows.map(toRow), matches };
};

/** A relevance page (see rankCandidates), for lists that show no count. */
export const searchByRelevance = async (...args: RelevanceArgs): Promise<SearchRow[]> => (await rankCandidates(false, ...args)).rows;

/** A relevance page and the count of all matches, read by the same statement (see rankCandidates and cappedRead). */
export const searchByRelevanceCounted = async (...args: RelevanceArgs): Promise<{ rows: SearchRow[]; count: SearchCount }> => {
  const { rows, matches } = await rankCandidates(true, ...args);
  const [db, input] = args;
  return { rows, count: matches === null ? await countSearch(db, input) : cappedCount(matches) };
};

/**
 * Newest first among the matches, on the listing's own keyset (created_at, profile id), and their capped count, in
 * one statement. The count picks the page's plan: a rarer term (at most 1,000 matches) is sorted from the read the
 * count made (`by_document`: keys only, so nothing is read twice); a common one is found quickly walking the
 * newest-first index. Each plan is a branch of a UNION ALL under a one-time filter on the count, so PostgreSQL runs
 * only the one taken. Left to the planner, a rare word was walked along the whole index (1.9 s for 'letterpress' at
 * 100,000 creators).
 */
export const searchByNewestCounted = async (
  db: DbExecutor,
  input: SearchInput,
  after: KeysetPosition | null,
  limit: number,
  thumbnails: number,
): Promise<{ rows: SearchRow[]; count: SearchCount }> => {
  const search = input.words.length === 0 ? null : await prepareSearch(db, input);
  if (!search) return { rows: [], count: cappedCount(0) };
  const keyset = (alias: string) =>
    after ? sql`(${sql.raw(alias)}.created_at, ${sql.raw(alias)}.profile_id) < (${after.createdKey}::timestamptz, ${after.profileId}::uuid)` : sql`true`;
  const page = sql.raw(String(Math.max(1, Math.trunc(limit))));
  const cap = sql.raw(String(SEARCH_COUNT_CAP));
  const before = sql`${cappedRead(search, sql.raw('s.user_id, s.created_at, s.profile_id'))},
    counted as materialized (select count(*) as n from by_document),
    newest as materialized (
      (select h.user_id from by_document h
        where (select n from counted) <= ${cap} and ${keyset('h')}
        order by h.created_at desc, h.profile_id desc limit ${page})
      union all
      (select s.user_id from creator_search s
        where (select n from counted) > ${cap} and ${search.where} and s.document @@ ${tsquery(search.document)} and ${keyset('s')}
        order by s.created_at desc, s.profile_id desc limit ${page})
    ), `;
  const ranked = sql`
    select s.user_id, s.profile_id, s.created_at, s.role, s.seal_verified, s.categories, s.name_key, s.document,
      row_number() over (order by s.created_at desc, s.profile_id desc) as ord
    from newest n join creator_search s on s.user_id = n.user_id`;
  const result = await db.execute<RawSearchRow & { match_count: number | string } & Record<string, unknown>>(
    finish(ranked, search, thumbnails, before, sql`(select n from counted) as match_count, `),
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
  const search = input.words.length === 0 ? null : await prepareSearch(db, input);
  if (!search) return { total: 0, capped: false };
  const result = await withSettings(db, COUNT_SETTINGS, (tx) =>
    tx.execute<{ n: number | string }>(sql`
    with ${cappedRead(search, sql.raw('s.user_id'))}
    select count(*) as n from by_document`),
  );
  return cappedCount(Number(result.rows[0]?.n ?? 0));
};
