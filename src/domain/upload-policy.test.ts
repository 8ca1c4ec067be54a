import { describe, expect, it } from 'vitest';
import { isPreviewableImageFile, isPreviewableImageUrl } from './upload-policy';

describe('the preview rule for uploads', () => {
  it('previews links ending in jpg, jpeg, png, gif or webp, with or without a version, and nothing else', () => {
    for (const url of ['/files/a/avatar.jpg', '/files/a/avatar.JPEG?v=1', '/files/a/logo.png?v=abc', 'https://x.example/a.gif', '/files/a.webp#top']) {
      expect(isPreviewableImageUrl(url), url).toBe(true);
    }
    for (const url of ['/files/a/deliverable.pdf', '/files/a/logo.svg', '/files/a/photo.bmp', '/files/a/png', 'https://x.example/a.png.exe', '']) {
      expect(isPreviewableImageUrl(url), url).toBe(false);
    }
  });

  it('applies the same rule to a chosen file: name and reported type must both be a previewable image', () => {
    expect(isPreviewableImageFile({ name: 'poster.png', type: 'image/png' })).toBe(true);
    expect(isPreviewableImageFile({ name: 'photo.jpeg', type: 'image/jpeg' })).toBe(true);
    expect(isPreviewableImageFile({ name: 'loop.GIF', type: 'image/gif' })).toBe(true);
    // Some browsers report no type at all; the name decides then.
    expect(isPreviewableImageFile({ name: 'art.webp', type: '' })).toBe(true);
    // image/* that the product does not preview.
    expect(isPreviewableImageFile({ name: 'logo.svg', type: 'image/svg+xml' })).toBe(false);
    expect(isPreviewableImageFile({ name: 'scan.bmp', type: 'image/bmp' })).toBe(false);
    expect(isPreviewableImageFile({ name: 'IMG_0001.HEIC', type: 'image/heic' })).toBe(false);
    // A previewable name does not make another type previewable, nor the reverse.
    expect(isPreviewableImageFile({ name: 'drawing.png', type: 'image/svg+xml' })).toBe(false);
    expect(isPreviewableImageFile({ name: 'notes.txt', type: 'image/png' })).toBe(false);
  });
});
