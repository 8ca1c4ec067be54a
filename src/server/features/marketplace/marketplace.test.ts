import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { MarketplacePage } from '../../../domain/marketplace';
import { profiles } from '../../db/schema';
import { type TestContext, withTestContext } from '../../../../test/support/harness';
import { insertCreator } from '../../../../test/support/creators';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

const list = async (query: Record<string, string | number> = {}): Promise<MarketplacePage> => {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?${search}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MarketplacePage>();
};

/** Follows 'Load more' until the end and returns every page. */
const listAll = async (query: Record<string, string | number>): Promise<MarketplacePage[]> => {
  const pages: MarketplacePage[] = [];
  let cursor: string | null = null;
  do {
    const page: MarketplacePage = await list({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
};

describe('marketplace visibility', () => {
  it('lists approved makers and minds only: never drafts, pending, rejected, clients or admins', async () => {
    const tag = 'Vistest';
    const visible = [
      await insertCreator(ctx.db, { role: 'maker', name: `${tag} Approved Maker` }),
      await insertCreator(ctx.db, { role: 'mind', name: `${tag} Approved Mind` }),
    ];
    const hidden = [
      await insertCreator(ctx.db, { role: 'maker', name: `${tag} Draft Maker`, status: 'draft' }),
      await insertCreator(ctx.db, { role: 'maker', name: `${tag} Pending Maker`, status: 'pending' }),
      await insertCreator(ctx.db, { role: 'mind', name: `${tag} Pending Mind`, status: 'pending' }),
      await insertCreator(ctx.db, { role: 'mind', name: `${tag} Rejected Mind`, status: 'rejected' }),
      await insertCreator(ctx.db, { role: 'maker', name: `${tag} Rejected Maker`, status: 'rejected' }),
      await insertCreator(ctx.db, { role: 'client', name: `${tag} Client` }),
      // An approved maker who was later promoted with create-admin: admins are hidden from every listing.
      await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker', name: `${tag} Admin Maker`, seal: 'verified' }),
      await insertCreator(ctx.db, { role: 'admin', profileKind: 'mind', name: `${tag} Admin Mind` }),
    ];
    const admin = await ctx.createAdmin();

    const all = (await listAll({ limit: 48 })).flatMap((page) => page.creators.map((creator) => creator.id));
    for (const id of visible) expect(all).toContain(id);
    for (const id of [...hidden, admin.id]) expect(all).not.toContain(id);

    const tagged = await list({ q: tag });
    expect(tagged.creators.map((creator) => creator.name).sort()).toEqual([`${tag} Approved Maker`, `${tag} Approved Mind`]);
    expect(tagged.total).toBe(2);
    // No filter combination brings a hidden creator back.
    const queries: Array<Record<string, string | number>> = [{ q: tag, seal: 1 }, { q: tag, role: 'maker' }, { q: tag, role: 'mind' }, { q: tag, category: 'logo_design' }];
    for (const query of queries) {
      const page = await list(query);
      expect(page.creators.every((creator) => visible.includes(creator.id))).toBe(true);
    }
  });
});

describe('keyset paging', () => {
  it('returns every creator exactly once, newest first, across pages, including exact created_at ties', async () => {
    const tag = 'Pagetest';
    const tie = new Date('2025-03-01T10:00:00.000Z');
    const ids: string[] = [];
    for (let index = 0; index < 23; index += 1) {
      const role = index % 3 === 0 ? 'mind' : 'maker';
      // Eight creators share one timestamp, so the id alone must order them.
      const createdAt = index < 8 ? tie : new Date(Date.UTC(2025, 0, 1 + index));
      ids.push(await insertCreator(ctx.db, { role, name: `${tag} ${index}`, createdAt }));
    }
    for (const limit of [1, 4, 5, 23, 48]) {
      const pages = await listAll({ q: tag, limit });
      const seen = pages.flatMap((page) => page.creators.map((creator) => creator.id));
      expect(seen).toHaveLength(ids.length);
      expect(new Set(seen).size).toBe(ids.length);
      expect(pages.every((page) => page.total === ids.length)).toBe(true);
      expect(pages.at(-1)?.nextCursor).toBeNull();
      expect(pages.length).toBe(Math.ceil(ids.length / limit));
      // Newest first: the eight tied creators (the newest timestamp), then the rest by date, latest first.
      expect(new Set(seen.slice(0, 8))).toEqual(new Set(ids.slice(0, 8)));
      expect(seen.slice(8)).toEqual(ids.slice(8).reverse());
    }
    // The same walk gives the same order every time.
    const first = (await listAll({ q: tag, limit: 4 })).flatMap((page) => page.creators.map((creator) => creator.id));
    const second = (await listAll({ q: tag, limit: 7 })).flatMap((page) => page.creators.map((creator) => creator.id));
    expect(second).toEqual(first);
  });

  it('is stable while creators are approved during the walk: no repeats, no gaps', async () => {
    const tag = 'Stabletest';
    const before: string[] = [];
    for (let index = 0; index < 10; index += 1) before.push(await insertCreator(ctx.db, { role: 'maker', name: `${tag} ${index}` }));
    // Newest first is the keyset order (a relevance ranking has no place "before" for a newcomer of equal rank).
    const firstPage = await list({ q: tag, sort: 'newest', limit: 4 });
    // Newer creators arrive after the first page was read; they belong before it, not inside the rest.
    await insertCreator(ctx.db, { role: 'maker', name: `${tag} late 1` });
    await insertCreator(ctx.db, { role: 'mind', name: `${tag} late 2` });
    const rest = await listAll({ q: tag, sort: 'newest', limit: 4, cursor: firstPage.nextCursor ?? '' });
    const seen = [...firstPage.creators, ...rest.flatMap((page) => page.creators)].map((creator) => creator.id);
    expect(seen.sort()).toEqual([...before].sort());
  });

  it('refuses a cursor it did not make', async () => {
    for (const cursor of ['nonsense', Buffer.from('["2025-01-01","x"]').toString('base64url'), Buffer.from('{}').toString('base64url')]) {
      const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?cursor=${cursor}` });
      expect(response.statusCode).toBe(400);
    }
    const badRole = await ctx.inject(null, { method: 'GET', url: '/api/marketplace/creators?role=admin' });
    expect(badRole.statusCode).toBe(400);
  });
});

describe('filters', () => {
  it('filters by name (case-insensitive contains), role, category or expertise, and Seal on the server', async () => {
    const tag = 'Filtr';
    const brandMaker = await insertCreator(ctx.db, { role: 'maker', name: `Ada ${tag}son`, categories: ['branding_packages', 'logo_design'], seal: 'verified' });
    const webMaker = await insertCreator(ctx.db, { role: 'maker', name: `Bo ${tag}berg`, categories: ['web_design'] });
    const brandMind = await insertCreator(ctx.db, { role: 'mind', name: `Cy ${tag}ström`, expertise: ['Brand Strategy'] });
    const contentMind = await insertCreator(ctx.db, { role: 'mind', name: `Di ${tag}ley`, expertise: ['Content Strategy', 'Business Consulting'] });
    const percent = await insertCreator(ctx.db, { role: 'maker', name: `Eve 100%_${tag}` });

    const ids = async (query: Record<string, string | number>) => (await list({ limit: 48, ...query })).creators.map((c) => c.id).sort();

    expect(await ids({ q: tag.toUpperCase() })).toEqual([brandMaker, webMaker, brandMind, contentMind, percent].sort());
    expect(await ids({ q: `${tag}BERG` })).toEqual([webMaker]);
    // LIKE wildcards in the search are literal characters.
    expect(await ids({ q: '100%_' })).toEqual([percent]);
    expect(await ids({ q: tag, role: 'maker' })).toEqual([brandMaker, webMaker, percent].sort());
    expect(await ids({ q: tag, role: 'mind' })).toEqual([brandMind, contentMind].sort());
    // A deliverable category finds makers who deliver it and minds whose expertise shapes it (decision 011).
    expect(await ids({ q: tag, category: 'branding_packages' })).toEqual([brandMaker, brandMind].sort());
    expect(await ids({ q: tag, category: 'content_marketing' })).toEqual([contentMind]);
    expect(await ids({ q: tag, category: 'web_design' })).toEqual([webMaker]);
    // An expertise area finds minds only.
    expect(await ids({ q: tag, category: 'Business Consulting' })).toEqual([contentMind]);
    expect(await ids({ q: tag, seal: 1 })).toEqual([brandMaker]);
    // Minds never hold the Seal, so 'Seal Only' with Role = Minds reads as Minds alone (a GET form without scripts
    // can send the pair), with the same count, not an empty directory.
    expect(await ids({ q: tag, seal: 1, role: 'mind' })).toEqual([brandMind, contentMind].sort());
    expect((await list({ seal: 1, role: 'mind' })).total).toBe((await list({ role: 'mind' })).total);
    expect(await ids({ q: tag, category: 'branding_packages', role: 'maker' })).toEqual([brandMaker]);

    const counted = await list({ q: tag, category: 'branding_packages', limit: 1 });
    expect(counted.total).toBe(2);
    expect(counted.creators).toHaveLength(1);
    expect(counted.nextCursor).not.toBeNull();
  });

  it("gives each card the avatar's thumbnail, which exists, while the studio keeps the full image", async () => {
    const withAvatar = await insertCreator(ctx.db, { role: 'maker', name: 'Avatartest Stored' });
    const stored = await ctx.app.storage.saveUpload('profileImage', `${withAvatar}/avatar`, await sharp({ create: { width: 900, height: 900, channels: 3, background: '#a5472a' } }).jpeg().toBuffer());
    await ctx.db.update(profiles).set({ avatarUrl: stored.url }).where(eq(profiles.id, withAvatar));
    const external = await insertCreator(ctx.db, { role: 'mind', name: 'Avatartest External', avatarUrl: 'https://images.example.com/me.png' });
    const none = await insertCreator(ctx.db, { role: 'mind', name: 'Avatartest None' });

    const cards = (await list({ q: 'Avatartest' })).creators;
    const card = cards.find((creator) => creator.id === withAvatar);
    expect(card?.avatarUrl).toBe(stored.url);
    expect(card?.avatarThumbnailUrl).toBe(stored.thumbnailUrl);
    const thumbnail = await ctx.inject(null, { method: 'GET', url: card!.avatarThumbnailUrl! });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumbnail.rawPayload).metadata()).width).toBeLessThan(900);
    // Links we did not store have no thumbnail: the card falls back to the avatar itself.
    expect(cards.find((creator) => creator.id === external)?.avatarThumbnailUrl).toBeNull();
    expect(cards.find((creator) => creator.id === none)?.avatarThumbnailUrl).toBeNull();

    const studio = await ctx.inject(null, { method: 'GET', url: `/api/studio/${withAvatar}` });
    expect(studio.json().avatarUrl).toBe(stored.url);
  });

  it('returns the card fields with the three newest portfolio thumbnails', async () => {
    const rich = await insertCreator(ctx.db, { role: 'maker', name: 'Thumbtest Rich', portfolio: 5, seal: 'verified', categories: ['web_design', 'logo_design'] });
    const empty = await insertCreator(ctx.db, { role: 'mind', name: 'Thumbtest Empty', bio: null, expertise: ['Design Thinking'] });
    const page = await list({ q: 'Thumbtest' });
    const card = page.creators.find((creator) => creator.id === rich);
    expect(card).toMatchObject({ role: 'maker', name: 'Thumbtest Rich', sealStatus: 'verified', categories: ['web_design', 'logo_design'] });
    expect(card?.portfolio.map((item) => item.title)).toEqual(['Thumbtest Rich work 5', 'Thumbtest Rich work 4', 'Thumbtest Rich work 3']);
    expect(card?.portfolio[0].thumbnailUrl).toMatch(/\.thumb\.webp$/);
    expect(page.creators.find((creator) => creator.id === empty)).toMatchObject({
      role: 'mind',
      bio: null,
      sealStatus: 'none',
      categories: ['Design Thinking'],
      portfolio: [],
    });
  });

  it('shows recent work of approved creators only on the showcase', async () => {
    const shown = await insertCreator(ctx.db, { role: 'maker', name: 'Showcase Approved', portfolio: 2 });
    const pending = await insertCreator(ctx.db, { role: 'maker', name: 'Showcase Pending', portfolio: 2, status: 'pending' });
    const response = await ctx.inject(null, { method: 'GET', url: '/api/marketplace/showcase?limit=12' });
    expect(response.statusCode).toBe(200);
    const items = response.json<{ items: Array<{ creatorId: string; creatorName: string; title: string }> }>().items;
    expect(items.find((item) => item.creatorId === shown)).toMatchObject({ creatorName: 'Showcase Approved', title: 'Showcase Approved work 2' });
    expect(items.some((item) => item.creatorId === pending)).toBe(false);
    expect(new Set(items.map((item) => item.creatorId)).size).toBe(items.length);
  });
});
