import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS } from '../../src/domain/constants';
import type { Database } from '../../src/server/db/client';
import { createRandom, FIRST_NAMES, LAST_NAMES, WORK_TITLES } from '../../test/support/bulk-creators';

// Requests that a response cache cannot serve: every request asks for something else, drawn from a fixed seed so
// that runs compare. The words are the ones visitors would type: names (whole, started, or with a letter missing),
// specialties, and words of bios and portfolio titles.

const BIO_WORDS = ['careful', 'human', 'teams', 'work', 'letterpress', 'risograph', 'illustration', 'typography', 'packaging', 'motion'];

const typo = (word: string, random: () => number): string => {
  if (word.length < 5) return word;
  const at = 1 + Math.floor(random() * (word.length - 2));
  return word.slice(0, at) + word.slice(at + 1);
};

/**
 * `count` different search terms, from a fixed seed: no term is asked twice, so a response cache never serves one
 * (the random routes are the uncacheable reads). Drawn as visitors type: a word being typed, a name with a letter
 * missing, a whole name, a specialty, a word of a bio or a title, and now and then two words together.
 */
export const searchTerms = (count: number, seed = 13): string[] => {
  const random = createRandom(seed);
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
  const words = [
    ...FIRST_NAMES,
    ...LAST_NAMES,
    ...WORK_TITLES.flatMap((title) => title.split(' ')),
    ...EXPERTISE_AREAS.flatMap((area) => area.split(' ')),
    ...DELIVERABLE_CATEGORIES.flatMap((category) => category.split('_')),
    ...BIO_WORDS,
  ];
  const draw = (): string => {
    const roll = random();
    if (roll < 0.25) return pick(words).slice(0, 3 + Math.floor(random() * 4)); // still typing
    if (roll < 0.45) return typo(pick(LAST_NAMES), random); // a letter missing
    if (roll < 0.65) return `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`; // a whole name
    if (roll < 0.75) return pick(EXPERTISE_AREAS); // 'Brand Strategy'
    if (roll < 0.9) return `${pick(words)} ${pick(words).slice(0, 3 + Math.floor(random() * 4))}`; // a word, and the next being typed
    return pick(words);
  };
  // The search folds case, so 'Rosa' and 'rosa' would be one answer: they count as one term.
  const terms = new Map<string, string>();
  for (let tries = 0; terms.size < count; tries += 1) {
    if (tries > count * 100) throw new Error(`only ${terms.size} different search terms could be drawn, of ${count}`);
    const term = draw();
    const key = term.toLowerCase();
    if (!terms.has(key)) terms.set(key, term);
  }
  return [...terms.values()];
};

/** Random filter combinations, each with a search term, so no two requests share a cache entry. */
export const filterPaths = (count: number, seed = 21): string[] => {
  const random = createRandom(seed);
  const terms = searchTerms(count, seed + 1);
  const categories = [undefined, ...DELIVERABLE_CATEGORIES, ...EXPERTISE_AREAS];
  return terms.map((term) => {
    const params = new URLSearchParams({ q: term });
    const role = [undefined, 'maker', 'mind'][Math.floor(random() * 3)];
    const category = categories[Math.floor(random() * categories.length)];
    if (role) params.set('role', role);
    if (category) params.set('category', category);
    if (random() < 0.2) params.set('seal', '1');
    if (random() < 0.3) params.set('sort', 'newest');
    return `/api/marketplace/creators?${params.toString()}`;
  });
};

/**
 * 'Highest rated' asked as visitors narrow it (decision 160): a term each time, so no two requests share a cache
 * entry, sorted by rating, with a minimum rating most of the time and a role some of the time.
 */
export const ratingPaths = (count: number, seed = 31): string[] => {
  const random = createRandom(seed);
  const terms = searchTerms(count, seed + 1);
  return terms.map((term) => {
    const params = new URLSearchParams({ q: term, sort: 'rating' });
    const minRating = [undefined, '3', '4', '4.5'][Math.floor(random() * 4)];
    const role = [undefined, undefined, 'maker', 'mind'][Math.floor(random() * 4)];
    if (minRating) params.set('minRating', minRating);
    if (role) params.set('role', role);
    return `/api/marketplace/creators?${params.toString()}`;
  });
};

/** `count` public creators spread over the whole directory (a fixed order that is not the listing's). */
export const readStudioIds = async (db: Database, count: number): Promise<string[]> => {
  const result = await db.execute<{ user_id: string }>(sql`
    select user_id from creator_search where is_public order by md5(user_id) limit ${count}`);
  return result.rows.map((row) => row.user_id);
};

/** A request that takes the next of `values` each time it is sent (autocannon's setupRequest), through `apply`. */
const rotating = <T>(values: T[], apply: (request: autocannon.Request, value: T) => autocannon.Request, base: autocannon.Request): autocannon.Request => {
  let next = 0;
  return {
    method: 'GET',
    ...base,
    setupRequest: (request: autocannon.Request) => {
      const value = values[next % values.length];
      next += 1;
      return apply(request, value);
    },
  } as autocannon.Request;
};

/** A request whose path moves through `paths`, one per request. */
export const cycling = (paths: string[], base: autocannon.Request = {}): autocannon.Request =>
  rotating(paths, (request, path) => ({ ...request, path }), base);

/** A request sent as each of `cookies` in turn, one per request. */
export const rotatingCookies = (cookies: string[], base: autocannon.Request = {}): autocannon.Request =>
  rotating(cookies, (request, cookie) => ({ ...request, headers: { ...request.headers, cookie } }), base);
