import { describe, expect, it } from 'vitest';
import { makerProfiles, mindProfiles } from '../../db/schema';
import { bayesianScore } from '../../../domain/reviews';
import { eq } from 'drizzle-orm';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, approveMind, onboardedClient } from '../../../../test/support/project-fixtures';
import { clientReview, completedProject, creatorReview, writeReview } from '../../../../test/support/review-fixtures';

/** 'Highest rated', the minimum rating, and a listing cache that never serves a rating from before a publication. */
let ctx: TestContext;
let client: TestUser;
let oneFive: TestUser;
let manyHigh: TestUser;
let fewLow: TestUser;
let mind: TestUser;

const setFigures = async (userId: string, count: number, sum: number, table: typeof makerProfiles | typeof mindProfiles = makerProfiles) => {
  await ctx.db
    .update(table)
    .set({ ratingCount: count, ratingSum: sum, communicationSum: sum, qualitySum: sum, onTimeSum: sum, wouldHireCount: count, ratingScore: bayesianScore(count, sum) })
    .where(eq(table.userId, userId));
};

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  await approveMaker(ctx, { name: 'Una Unrated' });
  oneFive = await approveMaker(ctx, { name: 'Olly One-Five' });
  manyHigh = await approveMaker(ctx, { name: 'Mona Many' });
  fewLow = await approveMaker(ctx, { name: 'Fen Few' });
  mind = await approveMind(ctx, { name: 'Mina Mind' });
  await setFigures(oneFive.id, 1, 5);
  await setFigures(manyHigh.id, 40, 196); // forty reviews averaging 4.9
  await setFigures(fewLow.id, 4, 12); // 3.0
  await setFigures(mind.id, 5, 22, mindProfiles); // 4.4
});

const list = async (query: string) => {
  const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const names = async (query: string) => (await list(query)).json().creators.map((card: { name: string }) => card.name);

describe("'Highest rated'", () => {
  it('puts forty 4.9s above one 5, rated creators above the unrated, and pages without repeats', async () => {
    expect(await names('sort=rating')).toEqual(['Mona Many', 'Mina Mind', 'Olly One-Five', 'Fen Few', 'Una Unrated']);
    const first = (await list('sort=rating&limit=2')).json();
    const second = (await list(`sort=rating&limit=2&cursor=${first.nextCursor}`)).json();
    const third = (await list(`sort=rating&limit=2&cursor=${second.nextCursor}`)).json();
    expect([...first.creators, ...second.creators, ...third.creators].map((card: { name: string }) => card.name)).toEqual(await names('sort=rating'));
    expect(third.nextCursor).toBeNull();
    // A newest-first cursor is not a rating cursor.
    const newest = (await list('limit=1')).json();
    expect((await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?sort=rating&cursor=${newest.nextCursor}` })).statusCode).toBe(400);
  });

  it("filters by minimum rating, leaving out 'New' creators, in the count too, and in a search", async () => {
    const atLeast4 = (await list('minRating=4')).json();
    expect(atLeast4.creators.map((card: { name: string }) => card.name).sort()).toEqual(['Mina Mind', 'Mona Many']);
    expect(atLeast4.total).toBe(2);
    expect(await names('minRating=4.5&sort=rating')).toEqual(['Mona Many']);
    expect(await names('minRating=3&role=maker&sort=rating')).toEqual(['Mona Many', 'Fen Few']);
    expect(await names('q=mona&minRating=4')).toEqual(['Mona Many']);
    expect(await names('q=olly&minRating=3')).toEqual([]);
    // Not offered, or no number at all (which said 'Invalid input: expected number, received NaN'): the same message.
    for (const url of ['/api/marketplace/creators?minRating=2', '/api/marketplace/creators?minRating=abc', '/api/client/creators?minRating=abc']) {
      const bad = await ctx.inject(url.startsWith('/api/client') ? client : null, { method: 'GET', url });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.json().fields, url).toEqual({ minRating: 'Please choose 3, 4 or 4.5 stars and up' });
    }
  });

  it('shows stars and count on cards, and the Browse tab', async () => {
    const cards = (await list('sort=rating')).json().creators;
    expect(cards[0].rating).toEqual({ count: 40, average: 4.9 });
    expect(cards.find((card: { name: string }) => card.name === 'Olly One-Five').rating).toEqual({ count: 1, average: null });
    const browse = (await ctx.inject(client, { method: 'GET', url: '/api/client/creators' })).json().creators;
    expect(browse.find((card: { id: string }) => card.id === manyHigh.id).rating).toEqual({ count: 40, average: 4.9 });
    const browseRated = (await ctx.inject(client, { method: 'GET', url: '/api/client/creators?sort=rating&minRating=3' })).json().creators;
    // One rating order across makers and minds: a 4.4 mind above a 3.0 maker.
    expect(browseRated.map((card: { name: string }) => card.name)).toEqual(['Mona Many', 'Mina Mind', 'Fen Few']);
  });
});

describe('the listing cache', () => {
  it('never serves a rating from before a publication or a hide', async () => {
    const creator = await approveMaker(ctx, { name: 'Cass Cached' });
    const query = `q=cass`;
    await list(query);
    const cached = await list(query);
    expect(cached.headers['x-cache']).toBe('hit');
    expect(cached.json().creators[0].rating).toEqual({ count: 0, average: null });
    const studioBefore = await ctx.inject(null, { method: 'GET', url: `/api/studio/${creator.id}` });
    expect(studioBefore.json().rating.count).toBe(0);

    const projectId = await completedProject(ctx, client, creator, 'Cached work');
    await writeReview(ctx, client, projectId, clientReview({ rating: 4 }));
    const whileWaiting = await list(query);
    expect(whileWaiting.json().creators[0].rating.count).toBe(0);
    await writeReview(ctx, creator, projectId, creatorReview());
    const after = await list(query);
    expect(after.headers['x-cache']).toBe('miss');
    expect(after.json().creators[0].rating).toEqual({ count: 1, average: null });
    expect((await ctx.inject(null, { method: 'GET', url: `/api/studio/${creator.id}` })).json().reviews.reviews).toHaveLength(1);
  });
});

describe("'Highest rated' with a search term", () => {
  it('orders the matches of a search by rating when asked, and by relevance otherwise', async () => {
    // Equal relevance (the same surname): relevance puts the newer first; 'Highest rated' the better rated.
    const older = await approveMaker(ctx, { name: 'Ria Samename' });
    const newer = await approveMaker(ctx, { name: 'Rory Samename' });
    await setFigures(older.id, 10, 48); // 4.8
    await setFigures(newer.id, 4, 12); // 3.0
    expect(await names('q=samename')).toEqual(['Rory Samename', 'Ria Samename']);
    expect(await names('q=samename&sort=rating')).toEqual(['Ria Samename', 'Rory Samename']);
    const first = (await list('q=samename&sort=rating&limit=1')).json();
    const second = (await list(`q=samename&sort=rating&limit=1&cursor=${first.nextCursor}`)).json();
    expect([first.creators[0].name, second.creators[0].name]).toEqual(['Ria Samename', 'Rory Samename']);
    expect(second.nextCursor).toBeNull();
  });
});

describe('the minimum rating and the average shown', () => {
  it('agree at the rounding boundary: 4.45 shows 4.5 and is in at 4.5 stars, 4.44 shows 4.4 and is not (decision 218)', async () => {
    const halfway = await approveMaker(ctx, { name: 'Hal Halfway' });
    const below = await approveMaker(ctx, { name: 'Lou Lowfour' });
    await setFigures(halfway.id, 20, 89); // 4.45
    await setFigures(below.id, 25, 111); // 4.44
    const cardOf = (cards: { id: string; rating: unknown }[], id: string) => cards.find((card) => card.id === id)?.rating;

    const all = (await list('sort=rating')).json().creators;
    expect(cardOf(all, halfway.id)).toEqual({ count: 20, average: 4.5 });
    expect(cardOf(all, below.id)).toEqual({ count: 25, average: 4.4 });
    expect((await ctx.inject(null, { method: 'GET', url: `/api/studio/${halfway.id}` })).json().rating.average).toBe(4.5);

    const ours = (found: string[]) => found.filter((name) => name === 'Hal Halfway' || name === 'Lou Lowfour');
    const atLeast45 = (await list('minRating=4.5&sort=rating')).json();
    expect(ours(atLeast45.creators.map((card: { name: string }) => card.name))).toEqual(['Hal Halfway']);
    expect(atLeast45.total).toBe(atLeast45.creators.length);
    expect(ours(await names('minRating=4')).sort()).toEqual(['Hal Halfway', 'Lou Lowfour']);
    // The search path keeps the same rule.
    expect(await names('q=halfway&minRating=4.5')).toEqual(['Hal Halfway']);
    expect(await names('q=lowfour&minRating=4.5')).toEqual([]);
    expect(await names('q=lowfour&minRating=4')).toEqual(['Lou Lowfour']);
    // And the client's Browse tab.
    const browse = (await ctx.inject(client, { method: 'GET', url: '/api/client/creators?sort=rating&minRating=4.5' })).json().creators;
    expect(ours(browse.map((card: { name: string }) => card.name))).toEqual(['Hal Halfway']);
  });
});
