import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { clientProfiles, profiles, projects } from '../../db/schema';
import { parseFileUrl } from '../../storage/storage';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { createOrPromoteAdmin } from '../account/create-admin';
import { approveMaker, approveMind, multipart, onboardedClient, pngBuffer } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let sealMaker: TestUser;
let webMaker: TestUser;
let brandMind: TestUser;
let consultMind: TestUser;
let pendingMaker: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx, 'Acme Studio');
  sealMaker = await approveMaker(ctx, { name: 'Selma Sealed', categories: ['logo_design', 'branding_packages'], seal: true });
  webMaker = await approveMaker(ctx, { name: 'Walt Web', categories: ['web_design'] });
  brandMind = await approveMind(ctx, { name: 'Bria Brand', areas: ['Brand Strategy'] });
  consultMind = await approveMind(ctx, { name: 'Cato Consult', areas: ['Business Consulting'] });
  pendingMaker = await approveMaker(ctx, { name: 'Pia Pending', status: 'pending' });
});

const browse = async (query = '') => {
  const response = await ctx.inject(client, { method: 'GET', url: `/api/client/creators${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().creators as Array<{ id: string; name: string; role: string; sealVerified: boolean }>).map((c) => c.name).sort();
};

describe('browse creators', () => {
  it('lists approved makers and minds only, never pending creators or admins', async () => {
    const promoted = await approveMaker(ctx, { name: 'Adam Admin-Maker' });
    await createOrPromoteAdmin(ctx.db, ctx.app.auth, { email: promoted.email, password: 'admin password 123' });
    const names = await browse();
    expect(names).toEqual(['Bria Brand', 'Cato Consult', 'Selma Sealed', 'Walt Web']);
    expect(names).not.toContain(pendingMaker.name);
  });

  it('filters by name, case-insensitively, treating % and _ literally', async () => {
    expect(await browse('?search=sEL')).toEqual(['Selma Sealed']);
    expect(await browse('?search=%25')).toEqual([]);
    expect(await browse('?search=_')).toEqual([]);
  });

  it('filters by category: maker deliverable categories, mind expertise mapped per decision 031', async () => {
    expect(await browse('?category=branding_packages')).toEqual(['Bria Brand', 'Selma Sealed']);
    expect(await browse('?category=web_design')).toEqual(['Walt Web']);
    expect(await browse('?category=content_marketing')).toEqual([]);
  });

  it("carries the avatar's thumbnail for the card, which exists", async () => {
    const upload = await ctx.inject(webMaker, {
      method: 'POST',
      url: '/api/uploads/profile-image',
      ...multipart({ data: await pngBuffer('#3d5a4c', 800), filename: 'me.png', contentType: 'image/png' }),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url, thumbnailUrl } = upload.json() as { url: string; thumbnailUrl: string };
    await ctx.db.update(profiles).set({ avatarUrl: url }).where(eq(profiles.id, webMaker.id));

    const response = await ctx.inject(client, { method: 'GET', url: '/api/client/creators?search=Walt' });
    const [card] = response.json().creators as Array<{ avatarUrl: string | null; avatarThumbnailUrl: string | null }>;
    expect(card.avatarUrl).toBe(url);
    expect(card.avatarThumbnailUrl).toBe(thumbnailUrl);
    const thumbnail = await ctx.inject(null, { method: 'GET', url: card.avatarThumbnailUrl! });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    const others = (await ctx.inject(client, { method: 'GET', url: '/api/client/creators?search=Bria' })).json().creators;
    expect(others[0].avatarThumbnailUrl).toBeNull();
  });

  it('Seal Only lists makers with a verified Seal', async () => {
    expect(await browse('?seal=seal')).toEqual(['Selma Sealed']);
    expect(await browse('?seal=seal&category=web_design')).toEqual([]);
  });

  it('returns at most 10 makers and 10 minds', async () => {
    const extra = await Promise.all(Array.from({ length: 11 }, (_, i) => approveMaker(ctx, { name: `Bulk Maker ${i}` })));
    const response = await ctx.inject(client, { method: 'GET', url: '/api/client/creators' });
    const creators = response.json().creators as Array<{ role: string; name: string }>;
    expect(creators.filter((c) => c.role === 'maker')).toHaveLength(10);
    expect(creators.filter((c) => c.role === 'mind')).toHaveLength(2);
    // Newest first: the last bulk maker made is listed.
    expect(creators.map((c) => c.name)).toContain(`Bulk Maker 10`);
    expect(extra).toHaveLength(11);
  });

  it('refuses an unknown category and is for clients only', async () => {
    expect((await ctx.inject(client, { method: 'GET', url: '/api/client/creators?category=sculpture' })).statusCode).toBe(400);
    await expectAccess(ctx, { method: 'GET', url: '/api/client/creators' }, [
      ['anonymous', null, 401],
      ['maker', sealMaker, 403],
      ['mind', brandMind, 403],
      ['client', client, 200],
    ]);
  });

  it('offers approved creators for the project dialog, including one asked for by id', async () => {
    const response = await ctx.inject(client, { method: 'GET', url: `/api/client/creator-options?include=${consultMind.id}` });
    const ids = (response.json().creators as Array<{ id: string }>).map((c) => c.id);
    expect(ids).toEqual(expect.arrayContaining([sealMaker.id, webMaker.id, brandMind.id, consultMind.id]));
    expect(ids).not.toContain(pendingMaker.id);
    const pending = await ctx.inject(client, { method: 'GET', url: `/api/client/creator-options?include=${pendingMaker.id}` });
    expect((pending.json().creators as Array<{ id: string }>).map((c) => c.id)).not.toContain(pendingMaker.id);
  });
});

describe('dashboard summary and profile', () => {
  it('counts only the active projects of this client, and shows company and budget range', async () => {
    const other = await onboardedClient(ctx, 'Other');
    const base = { title: 't', description: 'd', deliverableType: 'logo_design' as const, budget: 10 };
    await ctx.db.insert(projects).values([
      { ...base, clientId: client.id, status: 'active', makerId: sealMaker.id },
      { ...base, clientId: client.id, status: 'active', makerId: webMaker.id },
      { ...base, clientId: client.id, status: 'draft' },
      { ...base, clientId: client.id, status: 'in_review', makerId: webMaker.id },
      { ...base, clientId: other.id, status: 'active', makerId: sealMaker.id },
    ]);
    const response = await ctx.inject(client, { method: 'GET', url: '/api/client/dashboard' });
    expect(response.json()).toEqual({
      activeProjects: 2,
      inReviewProjects: 1,
      profile: { companyName: 'Acme Studio', industry: 'Retail', budgetRange: '$5k-$10k', desiredCategories: ['logo_design'], logoUrl: null },
    });
    // Without a profile row, the count still comes, with an empty profile.
    await ctx.db.delete(clientProfiles).where(eq(clientProfiles.userId, other.id));
    const bare = await ctx.inject(other, { method: 'GET', url: '/api/client/dashboard' });
    expect(bare.json()).toEqual({
      activeProjects: 1,
      inReviewProjects: 0,
      profile: { companyName: null, industry: null, budgetRange: null, desiredCategories: [], logoUrl: null },
    });
    // Asked for together, the dashboards are read by one statement (db/batch.ts): each client still gets their own.
    const together = await Promise.all([client, other, client, other].map((who) => ctx.inject(who, { method: 'GET', url: '/api/client/dashboard' })));
    expect(together.map((answer) => [answer.json().activeProjects, answer.json().profile.companyName])).toEqual([
      [2, 'Acme Studio'],
      [1, null],
      [2, 'Acme Studio'],
      [1, null],
    ]);
    await expectAccess(ctx, { method: 'GET', url: '/api/client/dashboard' }, [
      ['anonymous', null, 401],
      ['maker', sealMaker, 403],
      ['client', client, 200],
    ]);
  });

  it('edits the profile with validation', async () => {
    const bad = await ctx.inject(client, { method: 'PUT', url: '/api/client/profile', payload: { companyName: '', industry: 'x', budgetRange: 'y', desiredCategories: [] } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ companyName: 'Company name is required', desiredCategories: 'Please select at least one deliverable category' });
    const payload = { companyName: 'Acme & Sons', industry: 'Food', budgetRange: '$10k+', desiredCategories: ['web_design', 'content_marketing'] };
    const ok = await ctx.inject(client, { method: 'PUT', url: '/api/client/profile', payload });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject(payload);
    const [row] = await ctx.db.select().from(clientProfiles).where(eq(clientProfiles.userId, client.id));
    expect(row).toMatchObject({ ...payload, applicationStatus: 'approved' });
  });

  it('uploads a logo to the client-logos bucket under the client, and replaces it', async () => {
    const send = async (data: Buffer) => {
      const body = multipart({ data, filename: 'logo.png', contentType: 'image/png' });
      return ctx.inject(client, { method: 'POST', url: '/api/client/profile/logo', payload: body.payload, headers: body.headers });
    };
    const first = await send(await pngBuffer('#111111'));
    expect(first.statusCode, first.body).toBe(200);
    const url = first.json().logoUrl as string;
    expect(parseFileUrl(url)).toEqual({ bucket: 'client-logos', key: `${client.id}/logo.png` });
    expect((await ctx.inject(null, { method: 'GET', url })).statusCode).toBe(200);
    const second = await send(await pngBuffer('#222222'));
    expect(second.json().logoUrl).not.toBe(url);
    const tooBig = await send(Buffer.concat([await pngBuffer(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(tooBig.json().message).toBe('File size must be less than 5MB');
    const maker = await ctx.inject(sealMaker, { method: 'POST', url: '/api/client/profile/logo', ...multipart({ data: await pngBuffer(), filename: 'l.png', contentType: 'image/png' }) });
    expect(maker.statusCode).toBe(403);
  });

  it('replaces a PNG logo with a JPEG: the new logo and its thumbnail stay, the old file goes', async () => {
    const send = async (file: { data: Buffer; filename: string; contentType: string }) => {
      const response = await ctx.inject(client, { method: 'POST', url: '/api/client/profile/logo', ...multipart(file) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().logoUrl as string;
    };
    const status = async (url: string) => (await ctx.inject(null, { method: 'GET', url })).statusCode;
    const red = await send({ data: await pngBuffer('#ff0000', 64), filename: 'logo.png', contentType: 'image/png' });
    expect(parseFileUrl(red)?.key).toBe(`${client.id}/logo.png`);
    const blueJpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } }).jpeg().toBuffer();
    const blue = await send({ data: blueJpeg, filename: 'logo.jpg', contentType: 'image/jpeg' });
    expect(parseFileUrl(blue)?.key).toBe(`${client.id}/logo.jpg`);

    expect(await status(blue)).toBe(200);
    expect(await status(red)).toBe(404);
    const thumbnail = await ctx.inject(null, { method: 'GET', url: `/files/client-logos/${client.id}/logo.thumb.webp` });
    expect(thumbnail.statusCode).toBe(200);
    // The thumbnail is the new logo's, not a leftover of the old one.
    const { dominant } = await sharp(thumbnail.rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
  });
});
