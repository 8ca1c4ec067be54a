import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../src/server/db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, userRoles } from '../../src/server/db/schema';

export interface Cost {
  bytes: number;
  ms: number;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * What the original app did on every marketplace visit: every approved creator with every portfolio item,
 * nested the way its client library returned them. Timed from the query to the serialized JSON, run directly
 * on the database (there is no such endpoint any more).
 */
export const measureOriginalQuery = async (db: Database): Promise<Cost> => {
  const started = performance.now();
  const [makers, minds] = await Promise.all([
    db
      .select({ profile: profiles, maker: makerProfiles })
      .from(makerProfiles)
      .innerJoin(profiles, eq(profiles.id, makerProfiles.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, makerProfiles.userId), eq(userRoles.role, 'maker')))
      .where(eq(makerProfiles.applicationStatus, 'approved')),
    db
      .select({ profile: profiles, mind: mindProfiles })
      .from(mindProfiles)
      .innerJoin(profiles, eq(profiles.id, mindProfiles.userId))
      .innerJoin(userRoles, and(eq(userRoles.userId, mindProfiles.userId), eq(userRoles.role, 'mind')))
      .where(eq(mindProfiles.applicationStatus, 'approved')),
  ]);
  const ids = [...makers.map((row) => row.profile.id), ...minds.map((row) => row.profile.id)];
  const items = new Map<string, Array<typeof portfolioItems.$inferSelect>>();
  // IN lists of 10,000 ids keep each statement's parameters within PostgreSQL's limit.
  for (let start = 0; start < ids.length; start += 10_000) {
    const rows = await db.select().from(portfolioItems).where(inArray(portfolioItems.makerId, ids.slice(start, start + 10_000)));
    for (const row of rows) items.set(row.makerId, [...(items.get(row.makerId) ?? []), row]);
  }
  const body = JSON.stringify([
    ...makers.map((row) => ({ ...row.maker, profile: row.profile, portfolio_items: items.get(row.profile.id) ?? [] })),
    ...minds.map((row) => ({ ...row.mind, profile: row.profile, portfolio_items: items.get(row.profile.id) ?? [] })),
  ]);
  return { bytes: Buffer.byteLength(body), ms: performance.now() - started };
};

/** One marketplace page view as the browser makes it: the first page of the listing, over HTTP. Median of `runs`. */
export const measurePageView = async (baseUrl: string, runs = 15): Promise<Cost> => {
  const times: number[] = [];
  let bytes = 0;
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/marketplace/creators`);
    const body = await response.arrayBuffer();
    times.push(performance.now() - started);
    if (!response.ok) throw new Error(`GET /api/marketplace/creators answered ${response.status}`);
    bytes = body.byteLength;
  }
  return { bytes, ms: median(times) };
};
