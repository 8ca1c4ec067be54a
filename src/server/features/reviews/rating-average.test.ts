import fc from 'fast-check';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bayesianScore, displayAverage, MIN_RATING_OPTIONS } from '../../../domain/reviews';
import type { DatabaseHandle, DbExecutor } from '../../db/client';
import { makerProfiles, projects, reviews, reviewWindows, user } from '../../db/schema';
import { insertCreator } from '../../../../test/support/creators';
import { openTestDatabase } from '../../../../test/support/database';
import { hasMinRating } from '../creators/filters';
import { ratingSummaryOf } from './views';

/**
 * The property behind every figure a card or studio shows: whatever happens to a creator's reviews (published one
 * by one, hidden, restored, their authors' accounts deleted, drafts written that never publish), the figures the
 * reviews trigger keeps are exactly those of the visible published reviews, read afresh.
 */
type Step =
  | { kind: 'publish'; rating: number; subs: [number, number, number]; hire: boolean }
  | { kind: 'draft'; rating: number }
  | { kind: 'hide' | 'restore' | 'delete-author'; pick: number };

const star = fc.integer({ min: 1, max: 5 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('publish' as const), rating: star, subs: fc.tuple(star, star, star), hire: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('draft' as const), rating: star }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constantFrom('hide' as const, 'restore' as const, 'delete-author' as const), pick: fc.nat() }) },
);

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

const addReview = async (creatorId: string, input: { rating: number; subs: [number, number, number]; hire: boolean; published: boolean }) => {
  const { db } = handle;
  const clientId = await insertCreator(db, { role: 'client' });
  const [project] = await db
    .insert(projects)
    .values({ clientId, makerId: creatorId, title: 'Work', description: 'Brief', deliverableType: 'logo_design', budget: 100, status: 'completed', completedAt: new Date() })
    .returning({ id: projects.id });
  const now = new Date();
  await db.insert(reviewWindows).values({ projectId: project.id, clientId, creatorId, opensAt: now, closesAt: new Date(now.getTime() + 86_400_000) });
  await db.insert(reviews).values({
    projectId: project.id,
    direction: 'client_to_creator',
    authorId: clientId,
    subjectId: creatorId,
    rating: input.rating,
    communication: input.subs[0],
    quality: input.subs[1],
    onTime: input.subs[2],
    wouldHireAgain: input.hire,
    body: 'A review of the work.',
  });
  if (input.published) await db.update(reviews).set({ publishedAt: now }).where(eq(reviews.projectId, project.id));
  return project.id;
};

describe('a creator\'s kept rating figures', () => {
  it('always equal the mean of the visible published reviews', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        const { db } = handle;
        const creatorId = await insertCreator(db, { role: 'maker' });
        for (const current of steps) {
          if (current.kind === 'publish') await addReview(creatorId, { ...current, published: true });
          else if (current.kind === 'draft') await addReview(creatorId, { rating: current.rating, subs: [1, 1, 1], hire: false, published: false });
          else {
            const published = await db.select().from(reviews).where(eq(reviews.subjectId, creatorId));
            const target = published.filter((row) => row.publishedAt !== null)[current.pick % Math.max(1, published.length)];
            if (!target) continue;
            if (current.kind === 'hide') await db.update(reviews).set({ hiddenAt: new Date(), hiddenReason: 'Test' }).where(eq(reviews.id, target.id));
            else if (current.kind === 'restore') await db.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, target.id));
            else await db.delete(user).where(inArray(user.id, [target.authorId]));
          }
        }
        const visible = (await db.select().from(reviews).where(eq(reviews.subjectId, creatorId))).filter((row) => row.publishedAt && !row.hiddenAt);
        const [kept] = await db.select().from(makerProfiles).where(eq(makerProfiles.userId, creatorId));
        const sum = visible.reduce((total, row) => total + row.rating, 0);
        expect(kept.ratingCount).toBe(visible.length);
        expect(kept.ratingSum).toBe(sum);
        expect(kept.ratingScore).toBe(bayesianScore(visible.length, sum));
        const summary = ratingSummaryOf(kept);
        const mean = visible.length === 0 ? null : sum / visible.length;
        expect(summary.average).toBe(displayAverage(visible.length, sum));
        if (summary.average !== null && mean !== null) expect(Math.abs(summary.average - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        if (summary.subRatings) {
          const quality = visible.reduce((total, row) => total + (row.quality ?? 0), 0) / visible.length;
          expect(Math.abs(summary.subRatings.quality - quality)).toBeLessThanOrEqual(0.05 + 1e-9);
        }
      }),
      { numRuns: 30 },
    );
  }, 120_000);
});

describe('the minimum-rating filter', () => {
  it('takes a creator exactly when the average shown is at least the minimum (decision 218)', async () => {
    const { db } = handle;
    const creatorId = await insertCreator(db, { role: 'maker' });
    // Counts and sums near the half-tenths a card rounds up (4.45, 3.95) as well as anywhere.
    const figures = fc.oneof(
      fc.integer({ min: 0, max: 400 }).chain((count) => fc.tuple(fc.constant(count), fc.integer({ min: count, max: 5 * count }))),
      fc.integer({ min: 1, max: 40 }).chain((k) => fc.tuple(fc.constant(20 * k), fc.constantFrom(79 * k, 89 * k, 59 * k).chain((sum) => fc.integer({ min: sum - 1, max: sum + 1 })))),
    );
    await fc.assert(
      fc.asyncProperty(figures, fc.constantFrom(...MIN_RATING_OPTIONS), async ([count, sum], minimum) => {
        await db.update(makerProfiles).set({ ratingCount: count, ratingSum: sum }).where(eq(makerProfiles.userId, creatorId));
        const [row] = await db
          .select({ matches: sql<boolean>`${hasMinRating(makerProfiles, sql`${minimum}`)}` })
          .from(makerProfiles)
          .where(eq(makerProfiles.userId, creatorId));
        const shown = displayAverage(count, sum);
        expect(row.matches, `${sum}/${count} at ${minimum}`).toBe(shown !== null && shown >= minimum);
      }),
      { numRuns: 300 },
    );
    expect(displayAverage(20, 89)).toBe(4.5); // 4.45
    expect(displayAverage(25, 111)).toBe(4.4); // 4.44
  });
});

describe('two reviews of one creator published at once', () => {
  // Only PostgreSQL runs two transactions at once: PGlite has one connection, so its transactions never interleave.
  it.skipIf(!process.env.TEST_DATABASE_URL)('both count in the kept figures (decision 218)', async () => {
    const { db } = handle;
    const creatorId = await insertCreator(db, { role: 'maker' });
    const first = await addReview(creatorId, { rating: 5, subs: [5, 5, 5], hire: true, published: false });
    const second = await addReview(creatorId, { rating: 3, subs: [3, 3, 3], hire: false, published: false });
    const publish = (tx: DbExecutor, projectId: string) =>
      tx.update(reviews).set({ publishedAt: new Date() }).where(eq(reviews.projectId, projectId));
    let firstPublished!: () => void;
    const firstUpdated = new Promise<void>((resolve) => (firstPublished = resolve));
    // The first publication stays uncommitted for half a second while the second one runs.
    const firstTransaction = db.transaction(async (tx) => {
      await publish(tx, first);
      firstPublished();
      await tx.execute(sql`select pg_sleep(0.5)`);
    });
    await firstUpdated;
    const secondTransaction = db.transaction(async (tx) => {
      await publish(tx, second);
    });
    await Promise.all([firstTransaction, secondTransaction]);
    const [kept] = await db.select().from(makerProfiles).where(eq(makerProfiles.userId, creatorId));
    expect({ count: kept.ratingCount, sum: kept.ratingSum, quality: kept.qualitySum, hire: kept.wouldHireCount, score: kept.ratingScore }).toEqual({
      count: 2,
      sum: 8,
      quality: 8,
      hire: 1,
      score: bayesianScore(2, 8),
    });
  });
});
