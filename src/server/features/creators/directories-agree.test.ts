import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS } from '../../../domain/constants';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { insertCreator } from '../../../../test/support/creators';
import { onboardedClient } from '../../../../test/support/project-fixtures';
import { makerProfiles, profiles } from '../../db/schema';

// The marketplace and the client's Browse tab are two views of one directory: for the same filters they must find
// the same creators. Every expertise area is held by a mind of its own, so any difference between the category
// maps shows up as a missing or extra mind.
let ctx: TestContext;
let client: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx, 'Agree Co');
  for (const area of EXPERTISE_AREAS) await insertCreator(ctx.db, { role: 'mind', name: `Mind ${area}`, expertise: [area] });
  for (const [index, category] of DELIVERABLE_CATEGORIES.entries()) {
    await insertCreator(ctx.db, { role: 'maker', name: `Maker ${category}`, categories: [category], seal: index % 2 === 0 ? 'verified' : 'none' });
  }
  await insertCreator(ctx.db, { role: 'maker', name: 'Maker pending', status: 'pending', categories: ['logo_design'] });
  await insertCreator(ctx.db, { role: 'mind', name: 'Mind rejected', status: 'rejected', expertise: ['Brand Strategy'] });
  await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker', name: 'Maker promoted to admin', categories: ['logo_design'] });
});

const marketplaceNames = async (query: URLSearchParams): Promise<string[]> => {
  const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?limit=48&${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().creators as Array<{ name: string }>).map((creator) => creator.name).sort();
};

const browseNames = async (query: URLSearchParams): Promise<string[]> => {
  const response = await ctx.inject(client, { method: 'GET', url: `/api/client/creators?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().creators as Array<{ name: string }>).map((creator) => creator.name).sort();
};

describe('the marketplace and the Browse tab', () => {
  it('find the same creators for every category, Seal and name filter', async () => {
    let compared = 0;
    for (const category of [undefined, ...DELIVERABLE_CATEGORIES]) {
      for (const seal of [false, true]) {
        for (const search of [undefined, 'design', 'mind']) {
          const market = new URLSearchParams();
          const browse = new URLSearchParams();
          if (category) {
            market.set('category', category);
            browse.set('category', category);
          }
          if (seal) {
            market.set('seal', '1');
            browse.set('seal', 'seal');
          }
          if (search) {
            market.set('q', search);
            browse.set('search', search);
          }
          const [fromMarketplace, fromBrowse] = await Promise.all([marketplaceNames(market), browseNames(browse)]);
          expect(fromBrowse, `category=${category ?? ''} seal=${seal} search=${search ?? ''}`).toEqual(fromMarketplace);
          compared += fromMarketplace.length;
        }
      }
    }
    // The comparison is over real results, not empty lists on both sides.
    expect(compared).toBeGreaterThan(50);
  });

  it('map a deliverable category onto the same minds (decision 011)', async () => {
    expect(await browseNames(new URLSearchParams({ category: 'web_design' }))).toEqual(['Maker web_design', 'Mind Creative Direction', 'Mind Design Thinking']);
    expect(await marketplaceNames(new URLSearchParams({ category: 'web_design' }))).toEqual(['Maker web_design', 'Mind Creative Direction', 'Mind Design Thinking']);
  });

  it("order a search by 'Highest rated' alike (the Browse tab kept relevance whatever the sort said)", async () => {
    // Three makers whose names match 'design', rated so that the rating order is not the relevance order.
    const rated: Array<[string, number]> = [['Maker web_design', 4000], ['Maker logo_design', 4900], ['Maker editorial_design', 4500]];
    for (const [name, score] of rated) {
      const [row] = await ctx.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, name));
      await ctx.db.update(makerProfiles).set({ ratingCount: 5, ratingSum: Math.round(score / 200), ratingScore: score }).where(eq(makerProfiles.userId, row!.id));
    }
    const ordered = async (url: string, user: TestUser | null) => {
      const response = await ctx.inject(user, { method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().creators as Array<{ name: string; role: string }>).filter((creator) => creator.role === 'maker').map((creator) => creator.name);
    };
    const fromMarketplace = await ordered('/api/marketplace/creators?limit=48&q=design&sort=rating', null);
    const fromBrowse = await ordered('/api/client/creators?search=design&sort=rating', client);
    expect(fromMarketplace.slice(0, 3)).toEqual(['Maker logo_design', 'Maker editorial_design', 'Maker web_design']);
    expect(fromBrowse).toEqual(fromMarketplace.slice(0, fromBrowse.length));
    await ctx.db.update(makerProfiles).set({ ratingCount: 0, ratingSum: 0, ratingScore: 0 }).where(inArray(makerProfiles.ratingCount, [5]));
  });
});
