import { describe, expect, it } from 'vitest';
import { projects } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { pngImage } from './multipart-payload';

let ctx: TestContext;
let maker: TestUser;
let client: TestUser;
let stranger: TestUser;
let otherClient: TestUser;
let admin: TestUser;
let projectId: string;

withTestContext(async (created) => {
  ctx = created;
  maker = await ctx.signUp('maker');
  client = await ctx.signUp('client');
  stranger = await ctx.signUp('maker');
  otherClient = await ctx.signUp('client');
  admin = await ctx.createAdmin();
  const [project] = await ctx.db
    .insert(projects)
    .values({ clientId: client.id, makerId: maker.id, title: 'Brand refresh', description: 'A new identity', deliverableType: 'logo_design', budget: 1200, status: 'active' })
    .returning({ id: projects.id });
  projectId = project.id;
});

describe('GET /files/<bucket>/…', () => {
  it('serves public bucket files to anyone with a year-long immutable cache', async () => {
    const saved = await ctx.app.storage.saveUpload('portfolioImage', `${maker.id}/portfolio/piece`, await pngImage());
    const response = await ctx.inject(null, { method: 'GET', url: saved.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await ctx.inject(null, { method: 'GET', url: saved.thumbnailUrl! });
    expect(thumb.headers['content-type']).toBe('image/webp');
  });

  it("serves a project's private process doc only to its client, its creator and admins", async () => {
    const saved = await ctx.app.storage.saveUpload('processScreenshot', `${maker.id}/${projectId}/process-1`, await pngImage());
    await expectAccess(ctx, { method: 'GET', url: saved.url }, [
      ['anonymous', null, 404],
      ['another maker', stranger, 404],
      ['another client', otherClient, 404],
      ['the creator', maker, 200],
      ['the client', client, 200],
      ['admin', admin, 200],
    ]);
    const response = await ctx.inject(client, { method: 'GET', url: saved.url });
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('serves a private deliverable PDF as a download, and never to strangers', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const saved = await ctx.app.storage.saveUpload('deliverable', `${maker.id}/${projectId}/deliverable`, pdf);
    expect((await ctx.inject(stranger, { method: 'GET', url: saved.url })).statusCode).toBe(404);
    const response = await ctx.inject(client, { method: 'GET', url: saved.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment');
  });

  it('answers 404 for unknown files and for paths that try to leave the bucket', async () => {
    expect((await ctx.inject(null, { method: 'GET', url: `/files/profile-images/${maker.id}/nothing.png` })).statusCode).toBe(404);
    expect((await ctx.inject(null, { method: 'GET', url: '/files/profile-images/..%2F..%2Fauth-secret' })).statusCode).toBe(404);
    expect((await ctx.inject(admin, { method: 'GET', url: '/files/process-docs/..%2Fpglite' })).statusCode).toBe(404);
  });

  it('answers 404, not a validation error, for an unknown bucket, no key or an over-long one', async () => {
    for (const url of [`/files/no-such-bucket/${maker.id}/avatar.png`, `/files/${maker.id}/avatar.png`, '/files/profile-images/', `/files/profile-images/${'a'.repeat(400)}.png`]) {
      const response = await ctx.inject(null, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).not.toContain('profile-images');
    }
  });
});
