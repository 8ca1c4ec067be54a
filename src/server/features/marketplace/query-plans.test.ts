import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbExecutor } from '../../db/client';
import { listCreatorCards } from '../client/directory';
import { getStudio } from '../studio/service';
import { bulkInsertCreators, readListingPosition } from '../../../../test/support/bulk-creators';
import { openPlanDatabase, planProblems, plannableStatements, type CapturedQuery, type PlanDatabase } from '../../../../test/support/plan-check';
import { encodeCursor, listCreators, listShowcase } from './service';
import { insertCreator } from '../../../../test/support/creators';
import { findApprovedCreator } from '../creators/visibility';

/**
 * Query plans of every listing and search query, on a database big enough for the planner's choice to mean
 * something: each statement the services run is EXPLAINed with its own parameters, and a sequential scan of
 * a big table fails the test. Listing statements run as prepared statements, so their generic plan (what
 * PostgreSQL reuses after a few runs) is checked as well.
 */
const CREATORS = 12_000;
let database: PlanDatabase;
let rare: { maker: string; mind: string };
let deepCursor: string;
let deepRatingCursor: string;

beforeAll(async () => {
  database = await openPlanDatabase();
  await bulkInsertCreators(database.db, { count: CREATORS, batchSize: 3000, maxPortfolio: 3 });
  rare = {
    maker: await insertCreator(database.db, { role: 'maker', name: 'Zephyrine Quillfeather', categories: ['logo_design'], seal: 'verified', portfolio: 2 }),
    mind: await insertCreator(database.db, { role: 'mind', name: 'Quillfeather Osei', expertise: ['Brand Strategy'] }),
  };
  await database.db.execute('vacuum analyze');
  const position = await readListingPosition(database.db, Math.floor(CREATORS * 0.9));
  deepCursor = encodeCursor(position!);
  // 'Highest rated' 10 pages in: the cursor the service itself gave.
  let page = await listCreators(database.db, { limit: 48, seal: false, sort: 'rating' });
  for (let step = 0; step < 9 && page.nextCursor; step += 1) page = await listCreators(database.db, { limit: 48, seal: false, sort: 'rating', cursor: page.nextCursor });
  deepRatingCursor = page.nextCursor!;
}, 240_000);

afterAll(async () => {
  await database?.close();
});

interface Scenario {
  name: string;
  run: (db: DbExecutor) => Promise<unknown>;
  /** Statements allowed to read a whole table, with the reason. */
  mayScan?: { pattern: RegExp; why: string };
}

const fullCount = {
  pattern: /^select count\(\*\)/,
  why: 'an unfiltered count reads every approved creator by nature; above 1,000 it is served from the count cache',
};

const commonWord = {
  pattern: /^with (by_name|by_document|ranked) as/,
  why: 'for a word most creators match, PostgreSQL reads the table in order under a LIMIT and stops after 300 (candidates) or 1,001 (count) matches',
};

const scenarios: Scenario[] = [
  { name: 'marketplace first page', run: (db) => listCreators(db, { limit: 12, seal: false }), mayScan: fullCount },
  { name: 'marketplace name search', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'quillfeather' }) },
  { name: 'marketplace category + Seal', run: (db) => listCreators(db, { limit: 12, seal: true, category: 'logo_design' }) },
  { name: 'marketplace minds by expertise', run: (db) => listCreators(db, { limit: 12, seal: false, role: 'mind', category: 'Brand Strategy' }), mayScan: fullCount },
  { name: 'marketplace page after a deep cursor', run: (db) => listCreators(db, { limit: 12, seal: false, cursor: deepCursor }), mayScan: fullCount },
  { name: 'marketing showcase', run: (db) => listShowcase(db, 6) },
  { name: 'studio page', run: (db) => getStudio(db, rare.maker, null) },
  { name: 'public creator lookup', run: (db) => findApprovedCreator(db, rare.mind) },
  { name: 'client browse list', run: (db) => listCreatorCards(db, { seal: false }) },
  { name: 'client browse name search', run: (db) => listCreatorCards(db, { q: 'quillfeather', seal: false }) },
  { name: 'search by relevance, typo in a name', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'quilfeather' }) },
  { name: 'search by relevance, a common word', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'careful' }), mayScan: commonWord },
  { name: 'search, newest first', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'nakamura', sort: 'newest' }) },
  // The page and its count are one statement; over 1,000 matches it walks the newest-first index instead.
  { name: 'search, newest first, a common word', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'careful', sort: 'newest' }), mayScan: commonWord },
  { name: 'search, newest first, with role, category and Seal', run: (db) => listCreators(db, { limit: 12, seal: true, role: 'maker', category: 'logo_design', q: 'brand', sort: 'newest' }) },
  // Once planned as a read of the whole table for the capped count (12,000 rows, about 12 ms); since the filters are
  // document lexemes (migration 0020) and the count shares the search's statement, the indexes answer it.
  { name: 'search with role, category and Seal', run: (db) => listCreators(db, { limit: 12, seal: true, role: 'maker', category: 'logo_design', q: 'brand' }) },
  { name: 'search of a mind by expertise', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'brand strategy' }), mayScan: commonWord },
  { name: 'highest rated, first page', run: (db) => listCreators(db, { limit: 12, seal: false, sort: 'rating' }), mayScan: fullCount },
  { name: 'highest rated, a deep page', run: (db) => listCreators(db, { limit: 12, seal: false, sort: 'rating', cursor: deepRatingCursor }), mayScan: fullCount },
  { name: 'highest rated with Seal only', run: (db) => listCreators(db, { limit: 12, seal: true, sort: 'rating' }) },
  { name: 'highest rated in a category, 4 stars and up', run: (db) => listCreators(db, { limit: 12, seal: false, sort: 'rating', category: 'logo_design', minRating: 4 }) },
  { name: '4.5 stars and up, newest first', run: (db) => listCreators(db, { limit: 12, seal: false, minRating: 4.5 }) },
  { name: 'search with a minimum rating', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'nakamura', minRating: 4 }) },
  { name: 'search sorted by rating', run: (db) => listCreators(db, { limit: 12, seal: false, q: 'nakamura', sort: 'rating' }) },
  { name: 'client browse category + Seal', run: (db) => listCreatorCards(db, { category: 'logo_design', seal: true }) },
  { name: 'cards by id (White Glove matches, saved creators)', run: (db) => listCreatorCards(db, { ids: [rare.maker, rare.mind], seal: false }, 2) },
];

describe('query plans at scale', () => {
  it('finds the seeded creators through the same services the plans are read from', async () => {
    const search = await listCreators(database.db, { limit: 12, seal: false, q: 'quillfeather' });
    expect(search.creators.map((creator) => creator.id).sort()).toEqual([rare.maker, rare.mind].sort());
    const typo = await listCreators(database.db, { limit: 12, seal: false, q: 'quilfeather' });
    expect(typo.creators.map((creator) => creator.id).sort()).toEqual([rare.maker, rare.mind].sort());
    const first = await listCreators(database.db, { limit: 12, seal: false });
    expect(first.total).toBe(CREATORS + 2);
    expect(first.creators).toHaveLength(12);
  });

  it('pages newest first through a word with over 1,000 matches, and through a rare one, each creator once', async () => {
    // 'careful' is in most bios (the newest-first index walk); 'quillfeather' in two names (sorted from the count's reads).
    for (const [q, capped] of [['careful', true], ['quillfeather', false]] as const) {
      const seen: string[] = [];
      const keys: string[] = [];
      let cursor: string | undefined;
      for (let step = 0; step < 3; step += 1) {
        const page = await listCreators(database.db, { limit: 12, seal: false, q, sort: 'newest', cursor });
        expect(page.totalCapped ?? false).toBe(capped);
        if (!capped) expect(page.total).toBe(2);
        seen.push(...page.creators.map((creator) => creator.id));
        const ids = page.creators.map((creator) => creator.id);
        const rows = await database.db.execute<{ user_id: string; k: string }>(sql`select user_id, to_char(created_at at time zone 'UTC', 'YYYYMMDDHH24MISSUS') || profile_id::text as k
          from creator_search where user_id = any(string_to_array(${ids.join(',')}, ','))`);
        const keyOf = new Map(rows.rows.map((row) => [row.user_id, row.k]));
        keys.push(...ids.map((id) => keyOf.get(id)!));
        if (!page.nextCursor) break;
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(capped ? 36 : 2);
      expect(new Set(seen).size).toBe(seen.length);
      // In the listing's order across the pages: each key below the one before.
      expect(keys).toEqual([...keys].sort().reverse());
    }
  });

  it.each(scenarios)('$name reads no big table from end to end', async (scenario) => {
    const captured: CapturedQuery[] = await database.capture(() => scenario.run(database.db));
    expect(captured.length).toBeGreaterThan(0);
    const problems: string[] = [];
    for (const { query, settings } of plannableStatements(captured)) {
      if (scenario.mayScan?.pattern.test(query.text.trim())) continue;
      problems.push(...(await planProblems(database, query, settings)));
    }
    expect(problems).toEqual([]);
  });
});
