import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { BULK_SEARCH_TERM, readListingPosition } from '../../test/support/bulk-creators';
import { encodeCursor } from '../../src/server/features/marketplace/service';
import type { Database } from '../../src/server/db/client';
import { cycling, filterPaths, ratingPaths, readStudioIds, rotatingCookies, searchTerms } from './varied';
import { cookieOf, jsonPost } from '../../scripts/lib/server-process';

/** cached: a response cache can serve it; uncached: every request differs; signed-in: a session is resolved. */
export type RouteGroup = 'cached' | 'uncached' | 'signed-in' | 'mixed';

export interface RouteTarget {
  name: string;
  group: RouteGroup;
  request: autocannon.Request;
  /** The mixed run: a write once a second that empties the listing caches while the route is under load. */
  writer?: () => Promise<void>;
}

export interface RouteResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  group: RouteGroup;
  /** Share of answers the listing cache served (X-Cache: hit), when the route reports it. */
  hitRate: number | null;
  writes: number;
}

export const TRIVIAL_ROUTE = 'ping (ceiling)';

/** Ids and cursors the routes need, read from the seeded database. */
export interface Fixtures {
  deepCursor: string;
  studioId: string;
  /** Public creators spread over the directory, for the uncached studio reads. */
  studioIds: string[];
}

/** A position 90% of the way down the listing, and the newest maker's studio. */
export const readFixtures = async (db: Database, creators: number): Promise<Fixtures> => {
  const position = await readListingPosition(db, Math.floor(creators * 0.9));
  const studio = await db.execute<{ user_id: string }>(sql`
    select user_id from maker_profiles where application_status = 'approved' order by created_at desc limit 1`);
  const maker = studio.rows[0];
  if (!position || !maker) throw new Error('The benchmark database has no approved creators.');
  return { deepCursor: encodeCursor(position), studioId: maker.user_id, studioIds: await readStudioIds(db, 5000) };
};

export const BENCH_CLIENT = { name: 'Bench Client', email: 'bench-client@bench.humanmade.test', password: 'a long bench password' };

type BenchRole = 'client' | 'maker';
interface BenchAccount {
  name: string;
  email: string;
  password: string;
}

/** Signs a benchmark account in (signing it up the first time, with `role`) and returns its session cookie. */
export const signInAccount = async (baseUrl: string, account: BenchAccount, role: BenchRole): Promise<string> => {
  const signIn = await jsonPost(`${baseUrl}/api/account/sign-in`, { email: account.email, password: account.password });
  if (signIn.ok) return cookieOf(signIn);
  const signUp = await jsonPost(`${baseUrl}/api/account/sign-up`, { ...account, role });
  if (!signUp.ok) throw new Error(`Could not sign the benchmark ${role} up: ${signUp.status} ${await signUp.text()}`);
  return cookieOf(signUp);
};

/**
 * Sessions of `count` accounts of a role, for the signed-in routes that read each person's own rows: with one
 * account, reads that arrive together would all ask for the same row. The first client is BENCH_CLIENT; one at a time
 * (each costs a password hash).
 */
export const signInMany = async (baseUrl: string, role: BenchRole, count: number): Promise<string[]> => {
  const cookies: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const account =
      role === 'client' && index === 0 ? BENCH_CLIENT : { ...BENCH_CLIENT, name: `Bench ${role} ${index + 1}`, email: `bench-${role}-${index + 1}@bench.humanmade.test` };
    cookies.push(await signInAccount(baseUrl, account, role));
  }
  return cookies;
};

/** Session cookies of the signed-in routes: clients (the first is BENCH_CLIENT) and makers. */
export interface BenchSessions {
  clients: string[];
  makers: string[];
}

/** Different requests each random route cycles through: more than a 10 s run sends at the rates measured, so none repeats. */
const RANDOM_REQUESTS = 20_000;

export const buildRoutes = (baseUrl: string, fixtures: Fixtures, sessions: BenchSessions, writer: () => Promise<void>): RouteTarget[] => {
  const [cookie] = sessions.clients;
  const origin = new URL(baseUrl).origin;
  const studioPaths = fixtures.studioIds.map((id) => `/api/studio/${id}`);
  const searchPaths = searchTerms(RANDOM_REQUESTS).map((term) => `/api/marketplace/creators?q=${encodeURIComponent(term)}`);
  return [
    { name: TRIVIAL_ROUTE, group: 'cached', request: { method: 'GET', path: '/api/ping' } },
    { name: 'marketplace first page', group: 'cached', request: { method: 'GET', path: '/api/marketplace/creators' } },
    { name: 'name search, one term', group: 'cached', request: { method: 'GET', path: `/api/marketplace/creators?q=${BULK_SEARCH_TERM}` } },
    { name: 'category + Seal', group: 'cached', request: { method: 'GET', path: '/api/marketplace/creators?category=logo_design&seal=1' } },
    // 'Highest rated' (decision 160): the same targets as the first page, along the rating keyset indexes.
    { name: 'highest rated, first page', group: 'cached', request: { method: 'GET', path: '/api/marketplace/creators?sort=rating' } },
    { name: 'highest rated, 4 stars and up', group: 'cached', request: { method: 'GET', path: '/api/marketplace/creators?sort=rating&minRating=4' } },
    { name: 'page after deep cursor', group: 'cached', request: { method: 'GET', path: `/api/marketplace/creators?cursor=${fixtures.deepCursor}` } },
    { name: 'studio page, one creator', group: 'cached', request: { method: 'GET', path: `/api/studio/${fixtures.studioId}` } },
    { name: 'search, random term', group: 'uncached', request: cycling(searchPaths, { path: searchPaths[0] }) },
    { name: 'studio, random creator', group: 'uncached', request: cycling(studioPaths, { path: studioPaths[0] }) },
    { name: 'filters + term, random', group: 'uncached', request: cycling(filterPaths(RANDOM_REQUESTS), { path: filterPaths(1)[0] }) },
    { name: 'highest rated + term, random', group: 'uncached', request: cycling(ratingPaths(RANDOM_REQUESTS), { path: ratingPaths(1)[0] }) },
    {
      name: 'mixed: first page + studios, 1 write/s',
      group: 'mixed',
      request: cycling(
        studioPaths.slice(0, 200).flatMap((path) => ['/api/marketplace/creators', path]),
        { path: '/api/marketplace/creators' },
      ),
      writer,
    },
    { name: 'client browse list', group: 'signed-in', request: { method: 'GET', path: '/api/client/creators', headers: { cookie } } },
    // Each request as the next of BENCH_CLIENTS clients: their own profile and projects, as a crowd of clients would.
    { name: 'client dashboard', group: 'signed-in', request: rotatingCookies(sessions.clients, { path: '/api/client/dashboard', headers: { cookie } }) },
    {
      name: 'maker dashboard cards',
      group: 'signed-in',
      request: rotatingCookies(sessions.makers, { path: '/api/creator-dashboard/summary', headers: { cookie: sessions.makers[0] } }),
    },
    {
      name: 'sign-in',
      group: 'signed-in',
      request: {
        method: 'POST',
        path: '/api/account/sign-in',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify({ email: BENCH_CLIENT.email, password: BENCH_CLIENT.password }),
      },
    },
  ];
};

export interface LoadOptions {
  connections: number;
  duration: number;
  warmup: number;
}

/** Checks a route answers 2xx once, so a broken route fails loudly instead of benchmarking its error page. */
const checkRoute = async (baseUrl: string, route: RouteTarget) => {
  const { method = 'GET', path, headers, body } = route.request;
  const response = await fetch(`${baseUrl}${path}`, { method, headers: headers as Record<string, string> | undefined, body: body as string | undefined });
  if (!response.ok) throw new Error(`${route.name}: ${method} ${path} answered ${response.status} ${(await response.text()).slice(0, 200)}`);
};

export const runRoute = async (baseUrl: string, route: RouteTarget, options: LoadOptions): Promise<RouteResult> => {
  await checkRoute(baseUrl, route);
  if (options.warmup > 0) {
    await autocannon({ url: baseUrl, connections: Math.min(10, options.connections), duration: options.warmup, requests: [route.request] });
  }
  let hits = 0;
  let counted = 0;
  const request: autocannon.Request = {
    ...route.request,
    onResponse: (_status: number, _body: string, _context: object, headers?: Record<string, string | string[]>) => {
      const outcome = headers?.['x-cache'];
      if (outcome === undefined) return;
      counted += 1;
      if (outcome === 'hit') hits += 1;
    },
  } as autocannon.Request;
  let writes = 0;
  const timer = route.writer
    ? setInterval(() => {
        route.writer?.().then(
          () => (writes += 1),
          (error: unknown) => console.error('  bench write failed', error),
        );
      }, 1000)
    : null;
  try {
    const result = await autocannon({ url: baseUrl, connections: options.connections, duration: options.duration, requests: [request] });
    return {
      name: route.name,
      group: route.group,
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      hitRate: counted > 0 ? hits / counted : null,
      writes,
    };
  } finally {
    if (timer) clearInterval(timer);
  }
};
