import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { BULK_SEARCH_TERM, readListingPosition } from '../../test/support/bulk-creators';
import { encodeCursor } from '../../src/server/features/marketplace/service';
import type { Database } from '../../src/server/db/client';
import { cookieOf, jsonPost } from '../../scripts/lib/server-process';

export interface RouteTarget {
  name: string;
  request: autocannon.Request;
}

export interface RouteResult {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export const TRIVIAL_ROUTE = 'ping (ceiling)';

/** Ids and cursors the routes need, read from the seeded database. */
export interface Fixtures {
  deepCursor: string;
  studioId: string;
}

/** A position 90% of the way down the listing, and the newest maker's studio. */
export const readFixtures = async (db: Database, creators: number): Promise<Fixtures> => {
  const position = await readListingPosition(db, Math.floor(creators * 0.9));
  const studio = await db.execute<{ user_id: string }>(sql`
    select user_id from maker_profiles where application_status = 'approved' order by created_at desc limit 1`);
  const maker = studio.rows[0];
  if (!position || !maker) throw new Error('The benchmark database has no approved creators.');
  return { deepCursor: encodeCursor(position), studioId: maker.user_id };
};

export const BENCH_CLIENT = { name: 'Bench Client', email: 'bench-client@bench.humanmade.test', password: 'a long bench password' };

/** Signs the benchmark's client in (signing it up the first time) and returns its session cookie. */
export const signInClient = async (baseUrl: string): Promise<string> => {
  const signIn = await jsonPost(`${baseUrl}/api/account/sign-in`, { email: BENCH_CLIENT.email, password: BENCH_CLIENT.password });
  if (signIn.ok) return cookieOf(signIn);
  const signUp = await jsonPost(`${baseUrl}/api/account/sign-up`, { ...BENCH_CLIENT, role: 'client' });
  if (!signUp.ok) throw new Error(`Could not sign the benchmark client up: ${signUp.status} ${await signUp.text()}`);
  return cookieOf(signUp);
};

export const buildRoutes = (baseUrl: string, fixtures: Fixtures, cookie: string): RouteTarget[] => {
  const origin = new URL(baseUrl).origin;
  return [
    { name: TRIVIAL_ROUTE, request: { method: 'GET', path: '/api/ping' } },
    { name: 'marketplace first page', request: { method: 'GET', path: '/api/marketplace/creators' } },
    { name: 'name search', request: { method: 'GET', path: `/api/marketplace/creators?q=${BULK_SEARCH_TERM}` } },
    { name: 'category + Seal', request: { method: 'GET', path: '/api/marketplace/creators?category=logo_design&seal=1' } },
    { name: 'page after deep cursor', request: { method: 'GET', path: `/api/marketplace/creators?cursor=${fixtures.deepCursor}` } },
    { name: 'studio page', request: { method: 'GET', path: `/api/studio/${fixtures.studioId}` } },
    { name: 'client browse list', request: { method: 'GET', path: '/api/client/creators', headers: { cookie } } },
    {
      name: 'sign-in',
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
  const result = await autocannon({ url: baseUrl, connections: options.connections, duration: options.duration, requests: [route.request] });
  return {
    name: route.name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
};
