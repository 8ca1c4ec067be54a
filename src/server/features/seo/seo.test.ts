import { describe, expect, it } from 'vitest';
import { type TestContext, withTestContext } from '../../../../test/support/harness';
import { injectPageMeta, resolvePageMeta } from '../../web-meta';
import { insertCreator } from '../../../../test/support/creators';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

describe('robots.txt and sitemap.xml', () => {
  it('serves robots.txt pointing at the sitemap and keeping private areas out', async () => {
    const response = await ctx.inject(null, { method: 'GET', url: '/robots.txt' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(response.body).toContain('Disallow: /dashboard-');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Disallow: /reset-password');
    // The join page is public and indexable (decision 085).
    expect(response.body).not.toContain('Disallow: /auth');
  });

  it('lists the public pages and every approved studio, never drafts, pending, rejected, clients or admins', async () => {
    const approved = [
      await insertCreator(ctx.db, { role: 'maker', name: 'Map Maker' }),
      await insertCreator(ctx.db, { role: 'mind', name: 'Map Mind' }),
    ];
    const hidden = [
      await insertCreator(ctx.db, { role: 'maker', status: 'draft' }),
      await insertCreator(ctx.db, { role: 'maker', status: 'pending' }),
      await insertCreator(ctx.db, { role: 'mind', status: 'pending' }),
      await insertCreator(ctx.db, { role: 'mind', status: 'rejected' }),
      await insertCreator(ctx.db, { role: 'client' }),
      await insertCreator(ctx.db, { role: 'admin', profileKind: 'maker' }),
      (await ctx.createAdmin()).id,
    ];
    const response = await ctx.inject(null, { method: 'GET', url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    const locations = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    for (const path of ['/', '/marketplace', '/about', '/how-it-works', '/for-makers', '/for-minds', '/contact', '/auth']) {
      expect(locations).toContain(`http://localhost:3000${path}`);
    }
    for (const id of approved) expect(locations).toContain(`http://localhost:3000/studio/${id}`);
    for (const id of hidden) expect(response.body).not.toContain(id);
    expect(locations.filter((loc) => loc.includes('/studio/'))).toHaveLength(approved.length);
    expect(locations.some((loc) => /\/(dashboard|onboard|reset-password)/.test(loc))).toBe(false);
  });
});

describe('page meta', () => {
  it("puts an approved creator's name, bio and image into the studio's title and Open Graph tags", async () => {
    const id = await insertCreator(ctx.db, {
      role: 'maker',
      name: 'Maren "Ink" Holt',
      bio: `Letterpress & type. ${'Long story. '.repeat(30)}`,
      avatarUrl: '/files/profile-images/abc/avatar.png?v=1',
    });
    const meta = await resolvePageMeta(ctx.app, `/studio/${id}`, 200);
    expect(meta.title).toBe('Maren "Ink" Holt · Humanmade');
    expect(meta.description.startsWith('Letterpress & type.')).toBe(true);
    expect(meta.description.length).toBeLessThanOrEqual(160);
    expect(meta.image).toBe('http://localhost:3000/files/profile-images/abc/avatar.png?v=1');
    expect(meta.type).toBe('profile');

    const html = injectPageMeta('<html><head><title>x</title><meta name="description" content="y"></head><body></body></html>', meta);
    expect(html).toContain('<title>Maren &quot;Ink&quot; Holt · Humanmade</title>');
    expect(html).toContain('<meta property="og:title" content="Maren &quot;Ink&quot; Holt · Humanmade">');
    expect(html).toContain('<meta property="og:image" content="http://localhost:3000/files/profile-images/abc/avatar.png?v=1">');
    expect(html).toContain('<meta property="og:type" content="profile">');
    expect(html).toContain('Letterpress &amp; type.');
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('uses the newest portfolio image when the creator has no avatar', async () => {
    const id = await insertCreator(ctx.db, { role: 'mind', name: 'Cover Mind', portfolio: 2 });
    const meta = await resolvePageMeta(ctx.app, `/studio/${id}`, 200);
    expect(meta.image).toBe(`http://localhost:3000/files/portfolio-items/${id}/portfolio/1.png`);
  });

  it('never describes a creator who is not public', async () => {
    for (const status of ['draft', 'pending', 'rejected'] as const) {
      const id = await insertCreator(ctx.db, { role: 'maker', status, name: 'Hidden Person', bio: 'Hidden bio' });
      const meta = await resolvePageMeta(ctx.app, `/studio/${id}`, 200);
      expect(meta.title).toBe('Creator Not Found · Humanmade');
      expect(JSON.stringify(meta)).not.toContain('Hidden');
      expect(meta.noindex).toBe(true);
    }
    const malformed = await resolvePageMeta(ctx.app, '/studio/%E0%A4%A', 200);
    expect(malformed.title).toBe('Creator Not Found · Humanmade');
  });

  it('gives each public page its own title and description', async () => {
    const paths = ['/', '/about', '/how-it-works', '/for-makers', '/for-minds', '/contact', '/marketplace'];
    const metas = await Promise.all(paths.map((path) => resolvePageMeta(ctx.app, path, 200)));
    expect(new Set(metas.map((meta) => meta.title)).size).toBe(paths.length);
    expect(new Set(metas.map((meta) => meta.description)).size).toBe(paths.length);
  });
});
