import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { portfolioItems } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { renderPortfolioPiece } from '../../../../scripts/seed-demo/artwork';
import { jpegWithGps, multipartPayload, pngImage } from '../uploads/multipart-payload';
import sharp from 'sharp';

let ctx: TestContext;
let maker: TestUser;
let otherMaker: TestUser;
let mind: TestUser;
let client: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [maker, otherMaker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
});

const addItem = async (user: TestUser | null, fields: Record<string, string>, file?: { data: Buffer; name?: string; type?: string }) => {
  const body = multipartPayload(fields, file ? { name: file.name ?? 'work.png', type: file.type ?? 'image/png', data: file.data } : undefined);
  return ctx.inject(user, { method: 'POST', url: '/api/portfolio', payload: body.payload, headers: body.headers });
};
const validFields = { title: 'Wood type poster', category: 'editorial_design', description: 'Letterpress, two colours' };

describe('portfolio', () => {
  it('adds an item with its image in one request, stored in the owner folder, and lists it', async () => {
    const response = await addItem(maker, validFields, { data: await pngImage(120, 80) });
    expect(response.statusCode, response.body).toBe(201);
    const { item } = response.json();
    expect(item).toMatchObject({ title: 'Wood type poster', category: 'editorial_design', description: 'Letterpress, two colours' });
    expect(item.imageUrl).toMatch(new RegExp(`^/files/portfolio-items/${maker.id}/portfolio/${item.id}\\.png\\?v=`));
    expect(item.thumbnailUrl).toContain(`/${item.id}.thumb.webp`);
    expect((await ctx.inject(null, { method: 'GET', url: item.imageUrl })).statusCode).toBe(200);

    const list = await ctx.inject(maker, { method: 'GET', url: '/api/portfolio' });
    expect(list.json().items.map((listed: { id: string }) => listed.id)).toContain(item.id);
    const othersList = await ctx.inject(otherMaker, { method: 'GET', url: '/api/portfolio' });
    expect(othersList.json().items).toEqual([]);
  });

  it('lets makers and minds add items, not clients or anonymous visitors', async () => {
    const png = await pngImage();
    const request = () => {
      const body = multipartPayload({ title: 'Piece', category: 'web_design' }, { name: 'p.png', type: 'image/png', data: png });
      return { method: 'POST' as const, url: '/api/portfolio', payload: body.payload, headers: body.headers };
    };
    await expectAccess(ctx, request, [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['maker', maker, 201],
      ['mind', mind, 201],
    ]);
  });

  it("answers the spec's messages for a missing title, category or image, and stores nothing", async () => {
    const before = await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, otherMaker.id));
    const noTitle = await addItem(otherMaker, { title: ' ', category: 'logo_design' }, { data: await pngImage() });
    expect(noTitle.json().fields.title).toBe('Please enter a title');
    const noCategory = await addItem(otherMaker, { title: 'Logo' }, { data: await pngImage() });
    expect(noCategory.json().fields.category).toBe('Please select a category');
    const badCategory = await addItem(otherMaker, { title: 'Logo', category: 'pottery' }, { data: await pngImage() });
    expect(badCategory.json().fields.category).toBe('Please select a category');
    const noImage = await addItem(otherMaker, { title: 'Logo', category: 'logo_design' });
    expect(noImage.statusCode).toBe(400);
    expect(noImage.json().message).toBe('Please upload an image');
    const after = await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.makerId, otherMaker.id));
    expect(after).toHaveLength(before.length);
  });

  it('refuses a text file renamed .png and an image over 10 MB', async () => {
    const fake = await addItem(maker, validFields, { data: Buffer.from('plain text, not an image'), name: 'fake.png' });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().message).toBe('Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.');
    const big = await addItem(maker, validFields, { data: Buffer.alloc(10 * 1024 * 1024 + 1, 7), name: 'big.png' });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('File size must be less than 10MB');
  });

  it('stores a JPEG without its GPS position', async () => {
    const response = await addItem(maker, validFields, { data: await jpegWithGps(), name: 'site.jpg', type: 'image/jpeg' });
    expect(response.statusCode, response.body).toBe(201);
    const served = await ctx.inject(null, { method: 'GET', url: response.json().item.imageUrl });
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it("only the owner deletes an item; anyone else's answers 404 and the item stays", async () => {
    // A picture no one else uploaded: a near copy of another maker's would be held for review, and not public.
    const created = (await addItem(maker, validFields, { data: await renderPortfolioPiece('logo_design', 31, 'Own') })).json().item;
    expect(created.inReview).toBe(false);
    const url = `/api/portfolio/${created.id}`;
    await expectAccess(ctx, { method: 'DELETE', url }, [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['another maker', otherMaker, 404],
      ['a mind', mind, 404],
    ]);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, created.id))).toHaveLength(1);
    expect((await ctx.inject(null, { method: 'GET', url: created.imageUrl })).statusCode).toBe(200);

    await expectAccess(ctx, { method: 'DELETE', url }, [['owner', maker, 204], ['owner again', maker, 404]]);
    expect(await ctx.db.select().from(portfolioItems).where(eq(portfolioItems.id, created.id))).toHaveLength(0);
    expect((await ctx.inject(null, { method: 'GET', url: created.imageUrl })).statusCode).toBe(404);
    expect((await ctx.inject(null, { method: 'GET', url: created.thumbnailUrl })).statusCode).toBe(404);
  });

  it('a mind deletes their own item', async () => {
    const created = (await addItem(mind, { title: 'Strategy deck', category: 'content_marketing' }, { data: await pngImage() })).json().item;
    expect(created.description).toBeNull();
    expect((await ctx.inject(mind, { method: 'DELETE', url: `/api/portfolio/${created.id}` })).statusCode).toBe(204);
  });
});
