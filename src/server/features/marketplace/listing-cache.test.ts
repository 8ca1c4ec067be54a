import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketplacePage } from '../../../domain/marketplace';
import { portfolioItems, profiles } from '../../db/schema';
import { createTestContext, type TestContext } from '../../../../test/support/harness';
import { createListingCache, readListingVersion } from './listing-cache';
import { insertCreator } from '../../../../test/support/creators';

describe('the listing cache', () => {
  it('serves the stored text while the version holds, and computes again when it moves', async () => {
    let version = 1;
    let computed = 0;
    const cache = createListingCache(async () => version);
    const compute = async () => `body ${(computed += 1)} at ${version}`;
    expect(await cache.get('a', compute)).toBe('body 1 at 1');
    expect(await cache.get('a', compute)).toBe('body 1 at 1');
    expect(await cache.get('b', compute)).toBe('body 2 at 1');
    version = 2;
    expect(await cache.get('a', compute)).toBe('body 3 at 2');
    expect(computed).toBe(3);
  });

  it('shares one version read and one computation between concurrent requests', async () => {
    let reads = 0;
    let computed = 0;
    const cache = createListingCache(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return 7;
    });
    const bodies = await Promise.all(
      Array.from({ length: 20 }, () =>
        cache.get('page', async () => {
          computed += 1;
          return 'page';
        }),
      ),
    );
    expect(bodies).toEqual(Array(20).fill('page'));
    expect(reads).toBe(1);
    expect(computed).toBe(1);
  });

  it('does not keep a failed computation, and holds at most maxEntries keys', async () => {
    const cache = createListingCache(async () => 1, { maxEntries: 2, maxChars: 1_000_000 });
    await expect(cache.get('x', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.get('x', async () => 'recovered')).toBe('recovered');
    let computed = 0;
    const compute = async () => `v${(computed += 1)}`;
    await cache.get('k1', compute);
    await cache.get('k2', compute);
    await cache.get('k3', compute);
    expect(computed).toBe(3);
    await cache.get('k3', compute);
    expect(computed).toBe(3);
    await cache.get('k1', compute); // evicted by k3: computed again
    expect(computed).toBe(4);
  });
});

describe('the listing cache, for computations that read the version themselves', () => {
  it('reads no version for a key it has never kept, shares one computation, and keeps the version read with it', async () => {
    let version = 3;
    let reads = 0;
    let computed = 0;
    const cache = createListingCache(async () => {
      reads += 1;
      return version;
    });
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return { version, body: `studio@${version}` };
    };
    const outcomes: boolean[] = [];
    const bodies = await Promise.all(Array.from({ length: 10 }, () => cache.getVersioned('studio', compute, (hit) => outcomes.push(hit))));
    expect(bodies).toEqual(Array(10).fill('studio@3'));
    expect({ reads, computed }).toEqual({ reads: 0, computed: 1 });
    expect(outcomes.filter((hit) => !hit)).toHaveLength(1);

    // Kept at version 3: served while the version stays, computed again once it moves.
    expect(await cache.getVersioned('studio', compute)).toBe('studio@3');
    expect({ reads, computed }).toEqual({ reads: 1, computed: 1 });
    version = 4;
    expect(await cache.getVersioned('studio', compute)).toBe('studio@4');
    expect({ reads, computed }).toEqual({ reads: 2, computed: 2 });
  });

  it('does not keep a failed computation', async () => {
    const cache = createListingCache(async () => 1);
    await expect(cache.getVersioned('x', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.getVersioned('x', async () => ({ version: 1, body: 'recovered' }))).toBe('recovered');
  });
});

describe('the listing version (triggers) and the cached marketplace', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (q: string): Promise<MarketplacePage> => {
    const response = await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?q=${encodeURIComponent(q)}` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    return response.json<MarketplacePage>();
  };

  it('moves with every write the listing shows, in the writing transaction', async () => {
    const before = await readListingVersion(ctx.db);
    const id = await insertCreator(ctx.db, { role: 'maker', name: 'Versioned Vera', portfolio: 1 });
    const afterInsert = await readListingVersion(ctx.db);
    expect(afterInsert).toBeGreaterThan(before);
    await ctx.db.update(profiles).set({ bio: 'New bio' }).where(eq(profiles.id, id));
    expect(await readListingVersion(ctx.db)).toBeGreaterThan(afterInsert);
    // A rolled-back write leaves the version where it was.
    const held = await readListingVersion(ctx.db);
    await expect(
      ctx.db.transaction(async (tx) => {
        await tx.update(profiles).set({ bio: 'Never' }).where(eq(profiles.id, id));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await readListingVersion(ctx.db)).toBe(held);
  });

  it('stays put for a statement that changes no row (a refused delete, an update matching nothing)', async () => {
    const maker = await ctx.signUp('maker');
    const held = await readListingVersion(ctx.db);
    const refused = await ctx.inject(maker, { method: 'DELETE', url: '/api/portfolio/00000000-0000-4000-8000-000000000000' });
    expect(refused.statusCode).toBe(404);
    await ctx.db.update(profiles).set({ bio: 'Nobody' }).where(eq(profiles.id, 'no-such-user'));
    await ctx.db.delete(portfolioItems).where(eq(portfolioItems.id, '00000000-0000-4000-8000-000000000000'));
    expect(await readListingVersion(ctx.db)).toBe(held);
  });

  it('shows a change on the very next request: new creators, edits, portfolio items, approvals and deletions', async () => {
    const tag = 'Cachetest';
    const first = await insertCreator(ctx.db, { role: 'maker', name: `${tag} One`, portfolio: 0 });
    expect((await list(tag)).creators.map((creator) => creator.name)).toEqual([`${tag} One`]);
    expect((await list(tag)).total).toBe(1);

    await insertCreator(ctx.db, { role: 'mind', name: `${tag} Two` });
    expect((await list(tag)).total).toBe(2);

    await ctx.db.update(profiles).set({ bio: 'Edited bio' }).where(eq(profiles.id, first));
    expect((await list(tag)).creators.find((creator) => creator.id === first)?.bio).toBe('Edited bio');

    await ctx.db.insert(portfolioItems).values({ makerId: first, title: 'Fresh work', category: 'logo_design', imageUrl: '/files/portfolio-items/fresh.png' });
    expect((await list(tag)).creators.find((creator) => creator.id === first)?.portfolio.map((item) => item.title)).toContain('Fresh work');

    const pending = await insertCreator(ctx.db, { role: 'maker', name: `${tag} Pending`, status: 'pending' });
    expect((await list(tag)).total).toBe(2);
    const admin = await ctx.createAdmin();
    const approved = await ctx.inject(admin, { method: 'POST', url: `/api/admin/applications/maker/${pending}/approve` });
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await list(tag)).total).toBe(3);

    // Deleting the account removes its rows by cascade: the cascaded deletes move the version too.
    const deleted = await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${first}` });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await list(tag)).creators.map((creator) => creator.id)).not.toContain(first);
  });

  it('holds at most maxChars characters of answers, counting each by its real length once known', async () => {
    const cache = createListingCache(async () => 1, { maxEntries: 100, maxChars: 10_000 });
    let computed = 0;
    const long = (key: string) => async () => {
      computed += 1;
      return key.repeat(4_000);
    };
    await cache.get('a', long('a'));
    await cache.get('b', long('b'));
    expect(computed).toBe(2);
    await cache.get('a', long('a')); // 8,000 characters kept: both fit
    expect(computed).toBe(2);
    await cache.get('c', long('c')); // 12,000 would not: the least recently used ('b') goes
    expect(computed).toBe(3);
    await cache.get('a', long('a'));
    await cache.get('c', long('c'));
    expect(computed).toBe(3);
    await cache.get('b', long('b'));
    expect(computed).toBe(4);
    // An answer longer than the whole budget is sent, not kept.
    const huge = async () => {
      computed += 1;
      return 'h'.repeat(20_000);
    };
    expect(await cache.get('h', huge)).toHaveLength(20_000);
    expect(await cache.get('h', huge)).toHaveLength(20_000);
    expect(computed).toBe(6);
  });

  it('counts a versioned answer by its length too', async () => {
    const cache = createListingCache(async () => 1, { maxEntries: 100, maxChars: 10_000 });
    let computed = 0;
    const studio = (key: string) => async () => {
      computed += 1;
      return { version: 1, body: key.repeat(6_000) };
    };
    await cache.getVersioned('a', studio('a'));
    await cache.getVersioned('a', studio('a'));
    expect(computed).toBe(1);
    await cache.getVersioned('b', studio('b')); // 12,000: 'a' goes
    await cache.getVersioned('b', studio('b'));
    expect(computed).toBe(2);
    await cache.getVersioned('a', studio('a'));
    expect(computed).toBe(3);
  });
});
