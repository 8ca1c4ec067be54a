import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_RULES } from '../../domain/upload-policy';
import { inspectUpload } from './inspect';

const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#a4472b' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();

describe('upload inspection', () => {
  it('strips EXIF and GPS from a JPEG and makes a WebP thumbnail', async () => {
    const original = await jpegWithGps();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const result = await inspectUpload(original, UPLOAD_RULES.profileImage);
    expect(result.mime).toBe('image/jpeg');
    expect(result.extension).toBe('jpg');
    expect((await sharp(result.body).metadata()).exif).toBeUndefined();
    expect(result.body.includes(Buffer.from('TestCam'))).toBe(false);
    expect((await sharp(result.thumbnail!).metadata()).format).toBe('webp');
  });

  it('refuses a text file whatever its name says', async () => {
    await expect(inspectUpload(Buffer.from('just some words, not a picture'), UPLOAD_RULES.portfolioImage)).rejects.toMatchObject({
      statusCode: 400,
      message: 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.',
    });
  });

  it('refuses SVG, even for deliverables', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    await expect(inspectUpload(svg, UPLOAD_RULES.deliverable)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('accepts a PDF only where PDFs are allowed', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    await expect(inspectUpload(pdf, UPLOAD_RULES.deliverable)).resolves.toMatchObject({ mime: 'application/pdf', extension: 'pdf' });
    await expect(inspectUpload(pdf, UPLOAD_RULES.portfolioImage)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a file over the limit of its use with the spec message', async () => {
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 0);
    await expect(inspectUpload(big, UPLOAD_RULES.profileImage)).rejects.toMatchObject({ message: 'File size must be less than 5MB' });
  });
});
