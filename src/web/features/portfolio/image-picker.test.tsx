// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import '../../../../test/web/jsdom-shims';
import { ImagePicker } from './image-picker';

// jsdom has no object URLs; the picker only needs a string to put in <img src>.
const { createObjectURL, revokeObjectURL } = URL;
beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

const picker = (file: File) => render(<ImagePicker id="img" label="Image" file={file} onChange={() => undefined} maxMb={10} />);
const preview = () => screen.queryByRole('img', { name: 'Preview of the chosen image' });

describe('ImagePicker', () => {
  it.each([
    ['poster.png', 'image/png'],
    ['photo.jpg', 'image/jpeg'],
    ['photo.jpeg', 'image/jpeg'],
    ['loop.gif', 'image/gif'],
    ['art.webp', 'image/webp'],
  ])('previews %s', (name, type) => {
    picker(new File(['x'], name, { type }));
    expect(preview()?.getAttribute('src')).toBe('blob:preview');
  });

  it.each([
    ['logo.svg', 'image/svg+xml'],
    ['scan.bmp', 'image/bmp'],
    ['IMG_0001.heic', 'image/heic'],
    ['icon.png', 'image/x-icon'],
  ])('does not preview %s (%s), though its type is an image: it names the file instead', (name, type) => {
    picker(new File(['x'], name, { type }));
    expect(preview()).toBeNull();
    expect(screen.getByText(name)).toBeTruthy();
  });
});
