import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MarketplacePage } from '../../../domain/marketplace';
import { makerProfiles, portfolioItems, profiles, userRoles } from '../../db/schema';
import { type TestContext, withTestContext } from '../../../../test/support/harness';
import { bulkInsertCreators } from '../../../../test/support/bulk-creators';
import { insertCreator } from '../../../../test/support/creators';
import { searchWords } from './search';

// Full-text search through the public API, on whichever database the tests run (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): both must give the same answers.
let ctx: TestContext;
const ids: Record<string, string> = {};

withTestContext(async (created) => {
  ctx = created;
  ids.nakamura = await insertCreator(ctx.db, { role: 'maker', name: 'Aiko Nakamura', bio: 'Packaging and print.', categories: ['branding_packages'] });
  ids.letterpress = await insertCreator(ctx.db, { role: 'maker', name: 'Ines Varga', bio: 'Letterpress posters, set by hand in Lisbon.', categories: ['editorial_design'] });
  ids.strategist = await insertCreator(ctx.db, { role: 'mind', name: 'Owen Hale', bio: 'Twenty years of naming companies.', expertise: ['Brand Strategy'] });
  ids.zoe = await insertCreator(ctx.db, { role: 'maker', name: 'Zoë Müller', bio: 'Type design.', categories: ['logo_design'], seal: 'verified' });
  ids.brandName = await insertCreator(ctx.db, { role: 'maker', name: 'Brand Newman', bio: 'Web things.', categories: ['web_design'] });
  ids.brandBio = await insertCreator(ctx.db, { role: 'maker', name: 'Cleo Park', bio: 'I care about brand voice.', categories: ['web_design'] });
  ids.pending = await insertCreator(ctx.db, { role: 'maker', name: 'Petra Nakamura', status: 'pending' });
  ids.admin = await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker', name: 'Adam Nakamura' });
  ids.portfolio = await insertCreator(ctx.db, { role: 'maker', name: 'Tariq Rahman', bio: 'Illustration.', portfolio: 1 });
  await ctx.db.update(portfolioItems).set({ title: 'Botanical almanac' }).where(eq(portfolioItems.makerId, ids.portfolio));
  // Names whose letters carry combining marks (decision 223).
  ids.ipek = await insertCreator(ctx.db, { role: 'maker', name: 'İpek Yıldız', bio: 'Hand-woven kilims.' });
  ids.priya = await insertCreator(ctx.db, { role: 'maker', name: 'प्रिया शर्मा', bio: 'Block prints.' });
  ids.kitti = await insertCreator(ctx.db, { role: 'maker', name: 'กิตติ ใจดี', bio: 'Shadow puppets.' });
  // A maker with one piece on show and one held for provenance review at upload (decision 134).
  ids.held = await insertCreator(ctx.db, { role: 'maker', name: 'Mara Quell', bio: 'Ceramics.', portfolio: 1 });
  const [heldPiece] = await ctx.db
    .insert(portfolioItems)
    .values({ makerId: ids.held, title: 'Saffronwick lanterns', category: 'logo_design', imageUrl: `/files/portfolio-items/${ids.held}/portfolio/held.png`, reviewStatus: 'pending', reviewReason: 'near_copy' })
    .returning({ id: portfolioItems.id });
  ids.heldPiece = heldPiece!.id;
});

const search = async (query: Record<string, string>): Promise<MarketplacePage> => {
  const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?${new URLSearchParams(query)}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarketplacePage>();
};
const found = async (q: string, extra: Record<string, string> = {}) => (await search({ q, ...extra })).creators.map((creator) => creator.id);

describe('creator search', () => {
  it("finds 'Nakamura' by the typo 'nakamra', and never a pending creator or an admin", async () => {
    const page = await search({ q: 'nakamra' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.nakamura]);
    expect(page.creators[0]?.matchedField).toBe('name');
    expect(await found('Nakamura')).toEqual([ids.nakamura]);
  });

  it('finds a maker by a word of their bio, and says the bio matched', async () => {
    const page = await search({ q: 'letterpress' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.letterpress]);
    expect(page.creators[0]?.matchedField).toBe('bio');
    // Words are prefixes: a visitor still typing finds the same person.
    expect(await found('letterpr')).toEqual([ids.letterpress]);
  });

  it("finds a mind by 'brand strategy' through their expertise", async () => {
    const page = await search({ q: 'brand strategy' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.strategist]);
    expect(page.creators[0]?.matchedField).toBe('specialties');
  });

  it('tolerates a typo in any word of the query, in any field, and learns new words as they are written', async () => {
    expect(await found('aiko nakamra')).toEqual([ids.nakamura]);
    expect(await found('brand stratgy')).toEqual([ids.strategist]);
    const typo = await search({ q: 'botanicl' });
    expect(typo.creators.map((creator) => creator.id)).toEqual([ids.portfolio]);
    expect(typo.creators[0]?.matchedField).toBe('portfolio');
    // Every word must match: a typo of one word does not stand in for a missing other.
    expect(await found('aiko hale')).toEqual([]);
    // A typo is a letter or two: a much longer word is not a typo of a shorter one.
    expect(await found('nakamuraberg')).toEqual([]);
    // A word first written now is in the search lexicon (migration 0023) in the same transaction.
    await ctx.db.update(profiles).set({ bio: 'Quillwork and marbled papers.' }).where(eq(profiles.id, ids.letterpress));
    expect(await found('quilwork')).toEqual([ids.letterpress]);
    await ctx.db.update(profiles).set({ bio: 'Letterpress posters, set by hand in Lisbon.' }).where(eq(profiles.id, ids.letterpress));
  });

  it('ignores accents both ways', async () => {
    expect(await found('zoe muller')).toEqual([ids.zoe]);
    expect(await found('Zoë')).toEqual([ids.zoe]);
  });

  it('keeps combining marks in their word: İpek, प्रिया and กิตติ are found as typed, and İpek without its dot', async () => {
    // 'İpek' lower-cases to 'i', U+0307 and 'pek'; the mark splitting the word found nothing (decision 223).
    expect(searchWords('İpek')).toEqual(['i\u0307pek']);
    for (const q of ['İpek', 'Ipek', 'ipek', 'İPEK YILDIZ', 'ipek yildiz']) expect(await found(q), q).toEqual([ids.ipek]);
    const page = await search({ q: 'प्रिया' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.priya]);
    expect(page.creators[0]?.matchedField).toBe('name');
    expect(await found('प्रिया शर्मा')).toEqual([ids.priya]);
    expect(await found('กิตติ')).toEqual([ids.kitti]);
    expect(await found('ใจดี')).toEqual([ids.kitti]);
  });

  it('leaves out the title of a piece held for provenance review until an admin clears it', async () => {
    // Cards and studios hide the held piece (decision 134): its title finds nobody, nor does a typo of it.
    expect(await found('saffronwick')).toEqual([]);
    expect(await found('safronwick')).toEqual([]);
    expect(await found('mara quell')).toEqual([ids.held]);
    const admin = await ctx.createAdmin();
    const cleared = await ctx.inject(admin, { method: 'POST', url: `/api/admin/provenance/${ids.heldPiece}/approve` });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const page = await search({ q: 'saffronwick' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.held]);
    expect(page.creators[0]?.matchedField).toBe('portfolio');
    expect(await found('safronwick')).toEqual([ids.held]);
    // Held again, gone again: any change of review_status rewrites the maker's document.
    await ctx.db.update(portfolioItems).set({ reviewStatus: 'pending' }).where(eq(portfolioItems.id, ids.heldPiece));
    expect(await found('saffronwick')).toEqual([]);
    await ctx.db.update(portfolioItems).set({ reviewStatus: 'clear' }).where(eq(portfolioItems.id, ids.heldPiece));
    expect(await found('saffronwick')).toEqual([ids.held]);
  });

  it('finds portfolio titles', async () => {
    const page = await search({ q: 'botanical' });
    expect(page.creators.map((creator) => creator.id)).toEqual([ids.portfolio]);
    expect(page.creators[0]?.matchedField).toBe('portfolio');
  });

  it('ranks a name match above a specialty and a bio match', async () => {
    // 'brand' is Brand Newman's name, Owen Hale's expertise (Brand Strategy), a prefix of Aiko Nakamura's
    // specialty (branding packages) and a word of Cleo Park's bio. Equal weights go newest first.
    expect(await found('brand')).toEqual([ids.brandName, ids.strategist, ids.nakamura, ids.brandBio]);
    expect(await found('brand', { sort: 'newest' })).toEqual([ids.brandBio, ids.brandName, ids.strategist, ids.nakamura]);
  });

  it('applies the filters to a search', async () => {
    expect(await found('brand', { role: 'mind' })).toEqual([ids.strategist]);
    expect(await found('brand', { category: 'web_design', role: 'maker' })).toEqual([ids.brandName, ids.brandBio]);
    expect(await found('design', { seal: '1' })).toEqual([ids.zoe]);
    expect(await found('nothing-like-this-anywhere')).toEqual([]);
    expect(await found('%_')).toEqual([]);
    // By name (trigram) and by expertise, with filters read off the document's lexemes (migration 0020).
    expect(await found('owen', { category: 'Brand Strategy' })).toEqual([ids.strategist]);
    expect(await found('zoe', { seal: '1', role: 'maker' })).toEqual([ids.zoe]);
    expect(await found('nakamura', { category: 'web_design' })).toEqual([]);
    expect(await found('nakamura', { role: 'mind' })).toEqual([]);
  });

  it('follows a change of Seal and categories in its filters at once', async () => {
    await ctx.db.update(makerProfiles).set({ sealStatus: 'verified', deliverableCategories: ['logo_design'] }).where(eq(makerProfiles.userId, ids.brandName));
    expect(await found('brand', { seal: '1' })).toEqual([ids.brandName]);
    // A typo finds the name through the search lexicon, with the filters read off the same document index (migration 0023).
    expect(await found('newmn', { seal: '1', category: 'logo_design' })).toEqual([ids.brandName]);
    // (A deliverable category also finds the minds whose expertise it maps to: the role keeps to makers.)
    expect(await found('brand', { category: 'logo_design', role: 'maker', sort: 'newest' })).toEqual([ids.brandName]);
    await ctx.db.update(makerProfiles).set({ sealStatus: 'none', deliverableCategories: ['web_design'] }).where(eq(makerProfiles.userId, ids.brandName));
    expect(await found('brand', { seal: '1' })).toEqual([]);
    expect(await found('newmn', { seal: '1' })).toEqual([]);
    expect(await found('newmn', { category: 'logo_design' })).toEqual([]);
    expect(await found('newmn', { category: 'web_design', role: 'maker' })).toEqual([ids.brandName]);
    expect(await found('brand', { category: 'web_design', role: 'maker' })).toEqual([ids.brandName, ids.brandBio]);
  });

  it('follows edits, rejections and role changes at once', async () => {
    await ctx.db.update(profiles).set({ bio: 'Now mostly risograph zines.' }).where(eq(profiles.id, ids.brandBio));
    expect(await found('risograph')).toEqual([ids.brandBio]);
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'rejected' }).where(eq(makerProfiles.userId, ids.brandBio));
    expect(await found('risograph')).toEqual([]);
    await ctx.db.update(makerProfiles).set({ applicationStatus: 'approved' }).where(eq(makerProfiles.userId, ids.brandBio));
    await ctx.db.update(userRoles).set({ role: 'admin' }).where(eq(userRoles.userId, ids.brandBio));
    expect(await found('risograph')).toEqual([]);
    await ctx.db.update(userRoles).set({ role: 'maker' }).where(eq(userRoles.userId, ids.brandBio));
    expect(await found('risograph')).toEqual([ids.brandBio]);
  });

  it("counts exactly up to 1,000 and says 'over 1,000' beyond, with pages that never repeat", async () => {
    await bulkInsertCreators(ctx.db, { count: 1100, maxPortfolio: 1, seed: 3 });
    const common = await search({ q: 'careful' });
    expect(common.total).toBe(1000);
    expect(common.totalCapped).toBe(true);
    const few = await search({ q: 'nakamra' });
    expect(few.totalCapped).toBe(false);
    // About one bulk name in fifty is a Nakamura: an exact count well below the cap.
    expect(few.total).toBeGreaterThan(5);
    expect(few.total).toBeLessThan(100);
    // Relevance pages: the first two pages of a common word share no creator.
    const second = await search({ q: 'careful', cursor: common.nextCursor ?? '' });
    const first = new Set(common.creators.map((creator) => creator.id));
    expect(second.creators.length).toBe(12);
    expect(second.creators.some((creator) => first.has(creator.id))).toBe(false);
  });

  it("says where a ranking ends before its count, and 'Newest' reaches every match", async () => {
    // Over the 1,100 creators added above: 'careful' matches over 1,000, and relevance ranks its candidates only.
    const walk = async (query: Record<string, string>) => {
      const seen = new Set<string>();
      let page = await search({ ...query, limit: '48' });
      for (;;) {
        for (const creator of page.creators) seen.add(creator.id);
        if (!page.nextCursor) return { seen, last: page };
        page = await search({ ...query, limit: '48', cursor: page.nextCursor });
      }
    };
    for (const sort of ['', 'rating']) {
      const { seen, last } = await walk({ q: 'careful', ...(sort ? { sort } : {}) });
      expect(seen.size).toBeLessThan(1000);
      expect(last.rankedUpTo).toBe(seen.size);
    }
    const newest = await walk({ q: 'careful', sort: 'newest' });
    expect(newest.seen.size).toBeGreaterThan(1000);
    expect(newest.last.rankedUpTo).toBeUndefined();
    // A ranking that holds every match says nothing.
    const few = await walk({ q: 'nakamra' });
    expect(few.seen.size).toBe(few.last.total);
    expect(few.last.rankedUpTo).toBeUndefined();
  });

  it('gives a relevance search the same count as the capped count, whether it was read off the candidates or counted', async () => {
    // Newest first always runs the capped count; relevance counts its candidates when both reads were short of their
    // limits. Over the 1,100 creators added above: 'nakamra' 26 matches, 'brand' 379 (more than a candidate read holds),
    // 'careful' over the cap.
    for (const q of ['nakamra', 'nakamura', 'ines', 'letterpr', 'careful', 'brand', 'zzqx']) {
      const [byRelevance, byNewest] = await Promise.all([search({ q }), search({ q, sort: 'newest' })]);
      expect({ q, total: byRelevance.total, capped: byRelevance.totalCapped }).toEqual({ q, total: byNewest.total, capped: byNewest.totalCapped });
    }
  });
});
