import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { expectAccess, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { jpegWithGps, multipartPayload, pngImage } from './multipart-payload';

let ctx: TestContext;
let maker: TestUser;
let mind: TestUser;
let client: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [maker, mind, client] = [await ctx.signUp('maker'), await ctx.signUp('mind'), await ctx.signUp('client')];
});

const upload = async (user: TestUser | null, url: string, data: Buffer, name = 'picture.png', type = 'image/png') => {
  const body = multipartPayload({}, { name, type, data });
  return ctx.inject(user, { method: 'POST', url, payload: body.payload, headers: body.headers });
};

describe('POST /api/uploads/profile-image and /client-logo', () => {
  it('lets only creators upload a profile image and only clients a logo', async () => {
    const png = await pngImage();
    const request = (url: string) => () => ({ method: 'POST' as const, url, ...bodyOf(multipartPayload({}, { name: 'a.png', type: 'image/png', data: png })) });
    await expectAccess(ctx, request('/api/uploads/profile-image'), [
      ['anonymous', null, 401],
      ['client', client, 403],
      ['maker', maker, 201],
      ['mind', mind, 201],
    ]);
    await expectAccess(ctx, request('/api/uploads/client-logo'), [
      ['anonymous', null, 401],
      ['maker', maker, 403],
      ['mind', mind, 403],
      ['client', client, 201],
    ]);
  });

  it("stores the file at the caller's fixed path, serves it publicly with a long cache, and overwrites it", async () => {
    const first = await upload(maker, '/api/uploads/profile-image', await pngImage(40, 30, '#ffffff'));
    expect(first.statusCode, first.body).toBe(201);
    const { url, thumbnailUrl } = first.json();
    expect(url).toMatch(new RegExp(`^/files/profile-images/${maker.id}/avatar\\.png\\?v=[a-z0-9]+$`));
    expect(thumbnailUrl).toMatch(new RegExp(`^/files/profile-images/${maker.id}/avatar\\.thumb\\.webp\\?v=`));

    const served = await ctx.inject(null, { method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);

    const second = await upload(maker, '/api/uploads/profile-image', await pngImage(64, 20, '#000000'));
    expect(second.json().url.split('?')[0]).toBe(url.split('?')[0]);
    const replaced = await ctx.inject(null, { method: 'GET', url: second.json().url });
    expect((await sharp(replaced.rawPayload).metadata()).width).toBe(64);
  });

  it('refuses a text file renamed .png, by its content', async () => {
    const response = await upload(maker, '/api/uploads/profile-image', Buffer.from('hello, I am only text pretending to be a picture'), 'photo.png');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.', fields: { file: expect.any(String) } });
  });

  it('refuses SVG even when it claims to be an image', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    const response = await upload(client, '/api/uploads/client-logo', svg, 'logo.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(400);
  });

  it('refuses a file over 5 MB with the spec message', async () => {
    const response = await upload(client, '/api/uploads/client-logo', Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'huge.png');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('File size must be less than 5MB');
  });

  it('refuses a request without a file', async () => {
    const body = multipartPayload({ note: 'no file here' });
    const response = await ctx.inject(maker, { method: 'POST', url: '/api/uploads/profile-image', payload: body.payload, headers: body.headers });
    expect(response.statusCode).toBe(400);
  });

  it('strips the GPS position from an uploaded JPEG', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const response = await upload(mind, '/api/uploads/profile-image', original, 'holiday.jpg', 'image/jpeg');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().url).toContain(`/${mind.id}/avatar.jpg`);
    const served = await ctx.inject(null, { method: 'GET', url: response.json().url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneCam'))).toBe(false);
    // The GPS IFD tag (0x8825) would appear in any EXIF block that kept it.
    expect(served.rawPayload.includes(Buffer.from('Exif\0\0'))).toBe(false);
  });
});

const bodyOf = (body: { payload: Buffer; headers: Record<string, string> }) => ({ payload: body.payload, headers: body.headers });
