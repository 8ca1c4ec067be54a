import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { multipart, pdfBuffer, pngBuffer } from '../support/project-fixtures';
import { type TestContext, type TestUser, withTestContext } from '../support/harness';
import { gifImage, gifScriptPolyglot, jpegImage, pngBomb, pngDeclaring, SCRIPT_PAYLOAD, svgWithScript, zipArchive } from './hostile-files';
import { arrangeUploaders, type Uploaders } from './uploaders';

/**
 * Hostile files through the real upload endpoints. "Refused" means one of two things, and each case says which:
 * the request is answered 400 and nothing is stored, or (for images that are also something else) the image is
 * re-encoded, so the stored bytes are a clean image and whatever rode along is gone.
 */
let ctx: TestContext;
let u: Uploaders;
const UPLOAD_SMALL_LIMIT = 5 * 1024 * 1024;

withTestContext(async (created) => {
  ctx = created;
  u = await arrangeUploaders(ctx);
}, {}, 60_000);

let calls = 0;
const send = (user: TestUser, url: string, data: Buffer, filename: string, contentType: string, fields: Record<string, string> = {}) => {
  const body = multipart({ data, filename, contentType }, fields);
  calls += 1;
  // Each call from its own address: the upload rate limits are tested elsewhere and must not decide these.
  return ctx.inject(user, { method: 'POST', url, payload: body.payload, headers: body.headers, remoteAddress: `10.8.0.${calls}` });
};

const storedFiles = (): string[] => {
  const root = path.join(ctx.config.DATA_DIR, 'uploads');
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.relative(root, path.join(dir, entry.name))]));
  try {
    return walk(root);
  } catch {
    return [];
  }
};

const fetchStored = async (user: TestUser, url: string) => {
  const response = await ctx.inject(user, { method: 'GET', url });
  expect(response.statusCode, url).toBe(200);
  return response;
};

const expectCleanImage = async (bytes: Buffer, format: 'jpeg' | 'png' | 'gif') => {
  const text = bytes.toString('latin1');
  for (const marker of ['<script', '<html', 'alert(', 'PK\u0003\u0004', 'evil.html']) expect(text).not.toContain(marker);
  expect((await sharp(bytes).metadata()).format).toBe(format);
};

describe('hostile uploads', () => {
  it('re-encodes a JPEG with HTML and script appended, so only the image is stored (avatar, logo, process doc, message attachment)', async () => {
    const polyglot = Buffer.concat([await jpegImage(), Buffer.from(SCRIPT_PAYLOAD)]);
    for (const target of [...u.imageTargets(), u.attachmentTarget()]) {
      const response = await send(target.user, target.url, polyglot, 'photo.jpg', 'image/jpeg', target.fields);
      expect(response.statusCode, `${target.url}: ${response.body}`).toBe(target.created);
      const stored = await fetchStored(target.user, target.storedUrl(response.json()));
      expect(stored.headers['content-type']).toBe('image/jpeg');
      expect(stored.headers['x-content-type-options']).toBe('nosniff');
      await expectCleanImage(stored.rawPayload, 'jpeg');
    }
  });

  it('re-encodes a PNG with a ZIP archive appended, and its thumbnail carries none of it', async () => {
    const polyglot = Buffer.concat([await pngBuffer('#123456', 20), zipArchive()]);
    const response = await send(u.maker, '/api/portfolio', polyglot, 'work.png', 'image/png', { title: 'Zip rider', category: 'logo_design' });
    expect(response.statusCode, response.body).toBe(201);
    const { imageUrl, thumbnailUrl } = response.json().item;
    await expectCleanImage((await fetchStored(u.maker, imageUrl)).rawPayload, 'png');
    const thumbnail = (await fetchStored(u.maker, thumbnailUrl)).rawPayload;
    expect(thumbnail.toString('latin1')).not.toContain('PK\u0003\u0004');
    expect((await sharp(thumbnail).metadata()).format).toBe('webp');

    const attachment = u.attachmentTarget();
    const sent = await send(attachment.user, attachment.url, polyglot, 'work.png', 'image/png', attachment.fields);
    expect(sent.statusCode, sent.body).toBe(201);
    await expectCleanImage((await fetchStored(attachment.user, attachment.storedUrl(sent.json()))).rawPayload, 'png');
  });

  it('refuses a GIF/JavaScript polyglot that is no decodable image, and stores nothing (avatar, message attachment)', async () => {
    for (const target of [u.imageTargets()[0], u.attachmentTarget()]) {
      const before = storedFiles();
      const response = await send(target.user, target.url, gifScriptPolyglot(), 'x.gif', 'image/gif', target.fields);
      expect(response.statusCode, target.url).toBe(400);
      expect(response.json().fields.file).toBe('This image could not be read. Please choose another file.');
      expect(storedFiles()).toEqual(before);
    }
  });

  it('refuses SVG with a script on every image endpoint, whatever it claims to be', async () => {
    for (const target of [...u.imageTargets(), u.attachmentTarget()]) {
      for (const [name, type] of [['logo.svg', 'image/svg+xml'], ['logo.png', 'image/png']] as const) {
        const response = await send(target.user, target.url, svgWithScript(), name, type, target.fields);
        expect(response.statusCode, `${target.url} ${name}`).toBe(400);
        expect(response.json().message).toMatch(/^Unsupported file type\. Please choose a JPG, PNG, GIF or WebP image/);
      }
    }
  });

  it('stores JPEG bytes named .png as .jpg, and a GIF named .jpg as .gif: the content decides', async () => {
    const asPng = await send(u.maker, '/api/uploads/profile-image', await jpegImage(), 'picture.png', 'image/png');
    expect(asPng.statusCode).toBe(201);
    expect(asPng.json().url).toMatch(new RegExp(`^/files/profile-images/${u.maker.id}/avatar\\.jpg\\?v=`));
    expect((await fetchStored(u.maker, asPng.json().url)).headers['content-type']).toBe('image/jpeg');
    const asJpg = await send(u.client, '/api/uploads/client-logo', await gifImage(), 'logo.jpg', 'image/jpeg');
    expect(asJpg.json().url).toMatch(new RegExp(`^/files/client-logos/${u.client.id}/logo\\.gif\\?v=`));
  });

  it('refuses a file whose name claims an allowed type but whose content is none, on every upload endpoint', async () => {
    const disguised = [
      ['archive.png', 'image/png', zipArchive()],
      ['page.jpg', 'image/jpeg', Buffer.from(SCRIPT_PAYLOAD)],
      ['report.pdf', 'application/pdf', Buffer.from('MZ\u0090\u0000 not a PDF')],
    ] as const;
    for (const target of [...u.imageTargets(), u.portfolioTarget(), u.deliverableTarget(), u.attachmentTarget()]) {
      for (const [name, type, data] of disguised) {
        const before = storedFiles();
        const response = await send(target.user, target.url, data, name, type, target.fields);
        expect(response.statusCode, `${name} → ${target.url}: ${response.body}`).toBe(400);
        expect(response.json().message).toMatch(/^Unsupported file type\./);
        expect(storedFiles()).toEqual(before);
      }
    }
  });

  it('ignores a path-traversal file name: the file lands only at its fixed path in the owner’s folder', async () => {
    for (const name of ['../../../etc/passwd.png', '..\\..\\..\\windows\\win.ini.png', '/etc/passwd.png', 'a/../../b.png']) {
      const before = new Set(storedFiles());
      const response = await send(u.mind, '/api/uploads/profile-image', await pngBuffer('#654321', 10), name, 'image/png');
      expect(response.statusCode, name).toBe(201);
      expect(response.json().url).toMatch(new RegExp(`^/files/profile-images/${u.mind.id}/avatar\\.png\\?v=`));
      const added = storedFiles().filter((file) => !before.has(file));
      for (const file of added) expect(file.startsWith(`profile-images/${u.mind.id}/avatar.`)).toBe(true);
    }
    expect(storedFiles().some((file) => /passwd|win\.ini|(^|\/)b\.png$/.test(file))).toBe(false);
  });

  it('refuses decompression bombs before decoding them', async () => {
    const declared = pngDeclaring(50_000, 50_000);
    expect(declared.length).toBeLessThan(1024);
    const real = pngBomb(10_000);
    expect(real.length).toBeLessThan(UPLOAD_SMALL_LIMIT);
    for (const [label, bomb] of [['header declaring 50,000 × 50,000', declared], ['10,000 × 10,000 decodable bomb', real]] as const) {
      for (const target of [u.imageTargets()[0], u.portfolioTarget(), u.attachmentTarget()]) {
        const before = storedFiles();
        const response = await send(target.user, target.url, bomb, 'bomb.png', 'image/png', target.fields);
        expect(response.statusCode, `${label} → ${target.url}`).toBe(400);
        expect(response.json().fields.file).toBe('This image has too many pixels. Please choose a smaller image.');
        expect(storedFiles()).toEqual(before);
      }
    }
  });

  it('refuses a file over the size limit of each endpoint with the spec message', async () => {
    for (const target of [...u.imageTargets(), u.portfolioTarget(), u.deliverableTarget()]) {
      const data = Buffer.alloc(target.maxMb * 1024 * 1024 + 1, 0xff);
      const response = await send(target.user, target.url, data, 'big.png', 'image/png', target.fields);
      expect(response.statusCode, target.url).toBe(400);
      expect(response.json().message).toBe(`File size must be less than ${target.maxMb}MB`);
    }
  });

  it('answers a message attachment over 20 MB with 413 and the limit in words, and stores nothing', async () => {
    const target = u.attachmentTarget();
    expect(target.maxMb).toBe(20);
    const before = storedFiles();
    const response = await send(target.user, target.url, Buffer.alloc(target.maxMb * 1024 * 1024 + 1, 0xff), 'big.png', 'image/png', target.fields);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'file_too_large', message: 'File size must be less than 20MB', fields: { file: 'File size must be less than 20MB' } });
    expect(storedFiles()).toEqual(before);
    // Exactly at the limit is allowed through to the content check (here: not an image, so 400, not 413).
    const atLimit = await send(target.user, target.url, Buffer.alloc(target.maxMb * 1024 * 1024, 0xff), 'big.png', 'image/png', target.fields);
    expect(atLimit.statusCode).toBe(400);
  });

  it('serves a PDF deliverable (stored as sent) only as a download that a browser cannot render as a page', async () => {
    const pdf = Buffer.concat([pdfBuffer(), Buffer.from(SCRIPT_PAYLOAD)]);
    const target = u.deliverableTarget();
    const response = await send(target.user, target.url, pdf, 'final.html', 'text/html');
    expect(response.statusCode, response.body).toBe(200);
    const served = await fetchStored(u.client, response.json().deliverableUrl);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe('attachment');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(String(served.headers['content-security-policy'])).toContain("script-src 'self'");
  });
});
