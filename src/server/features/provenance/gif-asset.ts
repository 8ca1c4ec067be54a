import type { Asset } from '@trustnxt/c2pa-ts/asset';

/** The application extension C2PA names for a GIF's manifest store: identifier and authentication code. */
const C2PA_APPLICATION = [...new TextEncoder().encode('C2PA_GIF'), 0x01, 0x00, 0x00];
const EXTENSION = 0x21;
const APPLICATION_LABEL = 0xff;
const IMAGE_DESCRIPTOR = 0x2c;
const TRAILER = 0x3b;
const SUB_BLOCK = 255;

interface Block {
  /** Where the block's introducer (0x21) is, and its whole length through the terminating empty sub-block. */
  start: number;
  length: number;
  /** Where its data sub-blocks begin. */
  dataStart: number;
}

/** The end of the header, the logical screen descriptor and the global colour table: where blocks begin. */
const preambleEnd = (data: Uint8Array): number => {
  const packed = data[10];
  const tableSize = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0;
  return 13 + tableSize;
};

/** Skips a run of data sub-blocks from `at`, returning the position after its terminator. */
const skipSubBlocks = (data: Uint8Array, at: number): number => {
  let position = at;
  while (position < data.length && data[position] !== 0) position += data[position] + 1;
  if (position >= data.length) throw new Error('Malformed GIF (data sub-blocks run past the end of the file)');
  return position + 1;
};

const isC2paApplication = (data: Uint8Array, at: number): boolean =>
  data[at + 2] === C2PA_APPLICATION.length && C2PA_APPLICATION.every((byte, index) => data[at + 3 + index] === byte);

/**
 * The C2PA application extensions before the first image: the C2PA specification puts the manifest store there.
 * Other extensions are stepped over by their sub-blocks; an image descriptor or the trailer ends the search.
 */
const findManifestBlocks = (data: Uint8Array): Block[] => {
  const found: Block[] = [];
  let at = preambleEnd(data);
  while (at + 1 < data.length && data[at] === EXTENSION) {
    const label = data[at + 1];
    if (label === APPLICATION_LABEL && isC2paApplication(data, at)) {
      const dataStart = at + 3 + C2PA_APPLICATION.length;
      const end = skipSubBlocks(data, dataStart);
      found.push({ start: at, length: end - at, dataStart });
      at = end;
    } else {
      at = skipSubBlocks(data, at + 2);
    }
  }
  if (at < data.length && data[at] !== IMAGE_DESCRIPTOR && data[at] !== TRAILER) throw new Error('Malformed GIF (an unknown block before the first image)');
  return found;
};

/** Data sub-blocks of at most 255 bytes each, then the empty one that ends them. */
const encodedLength = (length: number): number => length + Math.ceil(length / SUB_BLOCK) + 1;

/**
 * A GIF as a C2PA asset for `@trustnxt/c2pa-ts`, which has none (decision 146, WebP and GIF addendum). C2PA puts a
 * GIF's manifest store in an application extension, identifier `C2PA_GIF` with authentication code 01 00 00, before
 * the first image, its bytes split into the usual data sub-blocks (C2PA 2.x, "Embedding manifests into GIF"; c2pa-rs
 * reads and writes the same block). A data hash binding excludes the whole extension. c2pa-rs binds a GIF it signs
 * with a box hash instead, which c2pa-ts does not check: such a claim is read (an AI declaration still holds the file)
 * but not counted as valid. Writing (used by the tests) inserts the extension right after the global colour table.
 */
export class GifAsset implements Asset {
  readonly mimeType = 'image/gif';
  private blocks: Block[];

  constructor(private data: Uint8Array) {
    if (!GifAsset.canRead(data)) throw new Error('Not a GIF file');
    this.blocks = findManifestBlocks(data);
  }

  static canRead(data: Uint8Array): boolean {
    const signature = String.fromCharCode(...data.subarray(0, 6));
    return data.length > 13 && (signature === 'GIF89a' || signature === 'GIF87a');
  }

  /** The one C2PA extension; more than one is not a manifest store anyone can say is the file's. */
  private manifestBlock(): Block | undefined {
    return this.blocks.length === 1 ? this.blocks[0] : undefined;
  }

  getDataLength(): number {
    return this.data.length;
  }

  getDataRange(start = 0, length?: number): Promise<Uint8Array> {
    return Promise.resolve(this.data.subarray(start, length === undefined ? undefined : start + length));
  }

  getManifestJUMBF(): Uint8Array | undefined {
    const block = this.manifestBlock();
    if (!block) return undefined;
    const parts: Uint8Array[] = [];
    for (let at = block.dataStart; this.data[at] !== 0; at += this.data[at] + 1) parts.push(this.data.subarray(at + 1, at + 1 + this.data[at]));
    return new Uint8Array(Buffer.concat(parts));
  }

  dumpInfo(): string {
    return `GIF, ${this.data.length} bytes, ${this.blocks.length} C2PA application extension(s)`;
  }

  /** Removes any C2PA extension and inserts one with room for `length` bytes; a GIF87a becomes GIF89a (extensions). */
  ensureManifestSpace(length: number): Promise<void> {
    const current = this.manifestBlock();
    if (current && current.length === 3 + C2PA_APPLICATION.length + encodedLength(length)) return Promise.resolve();
    const parts: Uint8Array[] = [];
    let at = 0;
    for (const block of this.blocks) {
      parts.push(this.data.subarray(at, block.start));
      at = block.start + block.length;
    }
    parts.push(this.data.subarray(at));
    const stripped = new Uint8Array(Buffer.concat(parts));
    const insertAt = preambleEnd(stripped);
    const block = new Uint8Array(3 + C2PA_APPLICATION.length + encodedLength(length));
    block.set([EXTENSION, APPLICATION_LABEL, C2PA_APPLICATION.length, ...C2PA_APPLICATION]);
    this.data = new Uint8Array(Buffer.concat([stripped.subarray(0, insertAt), block, stripped.subarray(insertAt)]));
    this.data[4] = '9'.charCodeAt(0);
    this.writeSubBlocks(insertAt + 3 + C2PA_APPLICATION.length, new Uint8Array(length));
    this.blocks = findManifestBlocks(this.data);
    return Promise.resolve();
  }

  private writeSubBlocks(at: number, bytes: Uint8Array): void {
    let position = at;
    for (let offset = 0; offset < bytes.length; offset += SUB_BLOCK) {
      const piece = bytes.subarray(offset, offset + SUB_BLOCK);
      this.data[position] = piece.length;
      this.data.set(piece, position + 1);
      position += piece.length + 1;
    }
    this.data[position] = 0;
  }

  getHashExclusionRange(): { start: number; length: number } {
    const block = this.manifestBlock();
    if (!block) throw new Error('No manifest space: call ensureManifestSpace first');
    return { start: block.start, length: block.length };
  }

  writeManifestJUMBF(jumbf: Uint8Array): Promise<void> {
    const block = this.manifestBlock();
    if (!block || block.length !== 3 + C2PA_APPLICATION.length + encodedLength(jumbf.length)) throw new Error('The manifest does not fit the space reserved for it');
    this.writeSubBlocks(block.dataStart, jumbf);
    return Promise.resolve();
  }
}
