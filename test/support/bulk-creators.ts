// Bulk support for benchmarks and the query-plan test: writes thousands of approved creators (with their
// portfolios) straight into the tables in multi-row INSERTs, one transaction per batch. Deterministic for a seed.
import { bayesianScore } from '../../src/domain/reviews';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS, type DeliverableCategory, type ExpertiseArea } from '../../src/domain/constants';
import type { Database } from '../../src/server/db/client';
import { makerProfiles, mindProfiles, portfolioItems, profiles, user, userRoles } from '../../src/server/db/schema';

export const FIRST_NAMES = [
  'Ada', 'Amara', 'Anton', 'Beatriz', 'Bruno', 'Camille', 'Clara', 'Dario', 'Elena', 'Emeka', 'Farah', 'Felix',
  'Greta', 'Hana', 'Hugo', 'Ines', 'Isak', 'Jonas', 'Julia', 'Kai', 'Lena', 'Leon', 'Lucia', 'Marek', 'Maya',
  'Mina', 'Nadia', 'Noah', 'Olga', 'Omar', 'Paula', 'Priya', 'Rafael', 'Rosa', 'Sami', 'Sofia', 'Tariq', 'Tomas',
  'Una', 'Vera', 'Wren', 'Yara', 'Yusuf', 'Zoe',
];
export const LAST_NAMES = [
  'Abara', 'Berg', 'Costa', 'Dubois', 'Eriksen', 'Ferreira', 'Garcia', 'Haddad', 'Ibsen', 'Jensen', 'Kowalski',
  'Laurent', 'Moreau', 'Nakamura', 'Okafor', 'Petrova', 'Quinn', 'Rossi', 'Schmidt', 'Tanaka', 'Ulrich', 'Varga',
  'Weber', 'Xu', 'Yilmaz', 'Zielinski', 'Andersson', 'Bianchi', 'Castillo', 'Delgado', 'Esposito', 'Fischer',
  'Gomez', 'Horvath', 'Ivanova', 'Jovanovic', 'Kim', 'Lindqvist', 'Marin', 'Novak', 'Olsen', 'Pereira', 'Rahman',
  'Silva', 'Torres', 'Vidal', 'Wagner', 'Zhang',
];
export const WORK_TITLES = ['Identity system', 'Poster series', 'Packaging study', 'Landing page', 'Editorial spread', 'Campaign set'];

/** A surname that appears in about one name in fifty: the benchmark's and the plan test's name search. */
export const BULK_SEARCH_TERM = 'Nakamura';
/** About 1 maker in 12 holds the Seal. */
const SEAL_SHARE = 1 / 12;
const MIND_SHARE = 0.2;
const SPAN_MS = 3 * 365 * 24 * 3600 * 1000;

/** mulberry32: small, fast and deterministic. */
export const createRandom = (seed: number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const pickSome = <T>(random: () => number, values: readonly T[], max: number): T[] => {
  const count = 1 + Math.floor(random() * max);
  const picked = new Set<T>();
  while (picked.size < count) picked.add(values[Math.floor(random() * values.length)]);
  return [...picked];
};

/**
 * Four in ten creators have published reviews (1 to 40, averaging 3 to 5 stars), written straight onto the kept
 * figures as the reviews trigger would: the 'Highest rated' order and the minimum rating then read realistic rows.
 */
const ratingFigures = (random: () => number) => {
  if (random() >= 0.4) return {};
  const count = 1 + Math.floor(random() * 40);
  const sum = Math.min(5 * count, Math.max(count, Math.round(count * (3 + random() * 2))));
  const sub = () => Math.min(5 * count, Math.max(count, sum + Math.round((random() - 0.5) * count)));
  return {
    ratingCount: count,
    ratingSum: sum,
    communicationSum: sub(),
    qualitySum: sub(),
    onTimeSum: sub(),
    wouldHireCount: Math.round(count * random()),
    ratingScore: bayesianScore(count, sum),
  };
};

export interface BulkSeedOptions {
  /** How many approved creators to add. */
  count: number;
  /** Numbers the creators' e-mail addresses; continue from the previous call to add more. */
  startAt?: number;
  batchSize?: number;
  seed?: number;
  /** Every creator gets between 1 and this many portfolio items (3 on average with the default). */
  maxPortfolio?: number;
  onProgress?: (added: number) => void;
}

export interface BulkSeedResult {
  creators: number;
  makers: number;
  minds: number;
  portfolioItems: number;
}

export const bulkInsertCreators = async (db: Database, options: BulkSeedOptions): Promise<BulkSeedResult> => {
  const { count, startAt = 0, batchSize = 1000, maxPortfolio = 5 } = options;
  const random = createRandom((options.seed ?? 8) + startAt);
  // Its own sequence, so the names, roles and portfolios stay what they were before reviews existed.
  const rateRandom = createRandom((options.seed ?? 8) + startAt + 7919);
  const now = Date.now();
  const totals: BulkSeedResult = { creators: 0, makers: 0, minds: 0, portfolioItems: 0 };

  for (let offset = 0; offset < count; offset += batchSize) {
    const size = Math.min(batchSize, count - offset);
    const users: Array<typeof user.$inferInsert> = [];
    const roles: Array<typeof userRoles.$inferInsert> = [];
    const profileRows: Array<typeof profiles.$inferInsert> = [];
    const makers: Array<typeof makerProfiles.$inferInsert> = [];
    const minds: Array<typeof mindProfiles.$inferInsert> = [];
    const items: Array<typeof portfolioItems.$inferInsert> = [];

    for (let index = 0; index < size; index += 1) {
      const number = startAt + offset + index;
      const id = randomUUID();
      const name = `${FIRST_NAMES[Math.floor(random() * FIRST_NAMES.length)]} ${LAST_NAMES[Math.floor(random() * LAST_NAMES.length)]}`;
      const createdAt = new Date(now - Math.floor(random() * SPAN_MS));
      const isMind = random() < MIND_SHARE;
      const rating = ratingFigures(rateRandom);
      users.push({ id, name, email: `bench-${number}@bench.humanmade.test`, emailVerified: true, createdAt, updatedAt: createdAt });
      roles.push({ userId: id, role: isMind ? 'mind' : 'maker', createdAt });
      profileRows.push({ id, name, bio: `${name} makes careful, human work for small teams.`, createdAt, updatedAt: createdAt });
      if (isMind) {
        minds.push({ userId: id, applicationStatus: 'approved', expertiseAreas: pickSome<ExpertiseArea>(random, EXPERTISE_AREAS, 3), createdAt, updatedAt: createdAt, ...rating });
      } else {
        makers.push({
          userId: id,
          applicationStatus: 'approved',
          sealStatus: random() < SEAL_SHARE ? 'verified' : 'none',
          deliverableCategories: pickSome<DeliverableCategory>(random, DELIVERABLE_CATEGORIES, 3),
          experienceYears: Math.floor(random() * 20),
          createdAt,
          updatedAt: createdAt,
          ...rating,
        });
      }
      const pieces = 1 + Math.floor(random() * maxPortfolio);
      for (let piece = 0; piece < pieces; piece += 1) {
        items.push({
          makerId: id,
          title: `${WORK_TITLES[Math.floor(random() * WORK_TITLES.length)]} ${piece + 1}`,
          category: DELIVERABLE_CATEGORIES[Math.floor(random() * DELIVERABLE_CATEGORIES.length)],
          imageUrl: `/files/portfolio-items/${id}/portfolio/${piece}.webp`,
          thumbnailUrl: `/files/portfolio-items/${id}/portfolio/${piece}.thumb.webp`,
          createdAt: new Date(createdAt.getTime() + (piece + 1) * 3_600_000),
        });
      }
    }

    await db.transaction(async (tx) => {
      await tx.insert(user).values(users);
      await tx.insert(userRoles).values(roles);
      await tx.insert(profiles).values(profileRows);
      if (makers.length > 0) await tx.insert(makerProfiles).values(makers);
      if (minds.length > 0) await tx.insert(mindProfiles).values(minds);
      // Six columns a row: 5,000 rows stay well below PostgreSQL's 65,535 parameters per statement.
      for (let start = 0; start < items.length; start += 5000) await tx.insert(portfolioItems).values(items.slice(start, start + 5000));
    });
    totals.creators += size;
    totals.makers += makers.length;
    totals.minds += minds.length;
    totals.portfolioItems += items.length;
    options.onProgress?.(totals.creators);
  }
  return totals;
};

/** The listing position `depth` creators in, in the listing's own order (newest first across makers and minds). */
export const readListingPosition = async (db: Database, depth: number): Promise<{ createdKey: string; profileId: string } | null> => {
  const created = (table: string) => sql.raw(`to_char(${table}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`);
  const result = await db.execute<{ created_key: string; profile_id: string }>(sql`
    select created_key, profile_id from (
      select ${created('m')} as created_key, m.id::text as profile_id, m.created_at, m.id
      from maker_profiles m where m.application_status = 'approved'
      union all
      select ${created('n')}, n.id::text, n.created_at, n.id
      from mind_profiles n where n.application_status = 'approved'
    ) listing
    order by created_at desc, id desc
    offset ${Math.max(0, Math.trunc(depth))} limit 1`);
  const row = result.rows[0];
  return row ? { createdKey: row.created_key, profileId: row.profile_id } : null;
};
