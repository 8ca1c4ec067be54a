import { loadSharp } from '../../lazy-modules';

/**
 * A 64-bit perceptual hash (the DCT "pHash"): the image as 32×32 greys, its 2-D discrete cosine transform, and one
 * bit per low frequency (the top-left 8×8, the constant term left out) saying whether it is above their median. Resizing,
 * recompression and small edits move few bits; a different picture differs in about half of them.
 */
const SIZE = 32;
const LOW = 8;

const cosines: number[][] = Array.from({ length: LOW }, (_, u) => Array.from({ length: SIZE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIZE))));

export const perceptualHash = async (image: Buffer): Promise<string> => {
  const sharp = await loadSharp();
  const pixels = await sharp(image, { failOn: 'none' }).rotate().flatten({ background: '#ffffff' }).greyscale().resize(SIZE, SIZE, { fit: 'fill' }).raw().toBuffer();
  const coefficients: number[] = [];
  for (let u = 0; u < LOW; u += 1) {
    for (let v = 0; v < LOW; v += 1) {
      let sum = 0;
      for (let y = 0; y < SIZE; y += 1) {
        const row = y * SIZE;
        let inner = 0;
        for (let x = 0; x < SIZE; x += 1) inner += pixels[row + x] * cosines[v][x];
        sum += inner * cosines[u][y];
      }
      coefficients.push(sum);
    }
  }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)];
  let bits = 0n;
  for (const value of coefficients) bits = (bits << 1n) | (value > median ? 1n : 0n);
  // The constant term's bit carries no shape; fix it so it never counts as a difference.
  bits &= ~(1n << 63n);
  return bits.toString(16).padStart(16, '0');
};

export const hammingDistance = (a: string, b: string): number => {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff > 0n) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
};

/** The hash as eight 8-bit bands, band i stored as i × 256 + value, for the index that finds near copies. */
export const bandsOf = (hash: string): number[] => Array.from({ length: 8 }, (_, index) => index * 256 + Number.parseInt(hash.slice(index * 2, index * 2 + 2), 16));

/**
 * How close counts as a copy: at most this many of the 63 meaningful bits differ. Two images within 7 bits share a
 * band (pigeonhole over eight bands), so the band index finds every candidate. Measured on the demo artwork: a copy
 * resized to 600 px and saved as JPEG at quality 70 is 6 bits away; different pieces of one category, 24 to 36.
 */
export const COPY_DISTANCE = 7;
