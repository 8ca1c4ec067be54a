import type { Asset } from '@trustnxt/c2pa-ts/asset';

const MANIFEST_CHUNK = 'C2PA';
const HEADER = 8;

const fourCc = (data: Uint8Array, at: number): string => String.fromCharCode(...data.subarray(at, at + 4));
const view = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength);

interface Chunk {
  id: string;
  /** Where the chunk's header starts. */
  offset: number;
  /** The payload's length, as the header states it (a pad byte follows an odd one). */
  size: number;
}

/** The top-level chunks of a RIFF file's form, after its 12-byte header; throws on a chunk that runs past the end. */
const readChunks = (data: Uint8Array): Chunk[] => {
  const end = Math.min(data.length, HEADER + view(data).getUint32(4, true));
  const chunks: Chunk[] = [];
  let at = 12;
  while (at + HEADER <= end) {
    const size = view(data).getUint32(at + 4, true);
    if (at + HEADER + size > end) throw new Error('Malformed RIFF (a chunk runs past the end of the file)');
    chunks.push({ id: fourCc(data, at), offset: at, size });
    at += HEADER + size + (size % 2);
  }
  return chunks;
};

/**
 * A WebP image as a C2PA asset for `@trustnxt/c2pa-ts`, which has none (decision 146, WebP and GIF addendum). WebP is
 * a RIFF file, and C2PA puts the manifest store in a RIFF chunk of its own, `C2PA`, among the form's top-level chunks
 * (C2PA 2.x, "Embedding manifests into RIFF-based formats"; c2pa-rs appends it after the image's chunks). Its hard
 * binding is a data hash that excludes that chunk, header included. Writing (used by the tests to sign fixtures, as an
 * image tool would) appends the chunk and restates the RIFF size; the image's own chunks stay as they were.
 */
export class WebpAsset implements Asset {
  readonly mimeType = 'image/webp';
  private chunks: Chunk[];

  constructor(private data: Uint8Array) {
    if (!WebpAsset.canRead(data)) throw new Error('Not a WebP file');
    this.chunks = readChunks(data);
  }

  static canRead(data: Uint8Array): boolean {
    return data.length >= 12 + HEADER && fourCc(data, 0) === 'RIFF' && fourCc(data, 8) === 'WEBP';
  }

  /** The one `C2PA` chunk; more than one is not a manifest store anyone can say is the file's. */
  private manifestChunk(): Chunk | undefined {
    const found = this.chunks.filter((chunk) => chunk.id === MANIFEST_CHUNK);
    return found.length === 1 ? found[0] : undefined;
  }

  getDataLength(): number {
    return this.data.length;
  }

  getDataRange(start = 0, length?: number): Promise<Uint8Array> {
    return Promise.resolve(this.data.subarray(start, length === undefined ? undefined : start + length));
  }

  getManifestJUMBF(): Uint8Array | undefined {
    const chunk = this.manifestChunk();
    return chunk ? this.data.subarray(chunk.offset + HEADER, chunk.offset + HEADER + chunk.size) : undefined;
  }

  dumpInfo(): string {
    return ['WebP file:', ...this.chunks.map((chunk) => `Chunk ${chunk.id} (payload length: ${chunk.size})`)].join('\n');
  }

  /** Drops any `C2PA` chunk and appends an empty one of `length` bytes, padded to an even length as RIFF asks. */
  ensureManifestSpace(length: number): Promise<void> {
    if (this.manifestChunk()?.size === length) return Promise.resolve();
    const kept = this.chunks.filter((chunk) => chunk.id !== MANIFEST_CHUNK);
    const parts = [this.data.subarray(0, 12), ...kept.map((chunk) => this.data.subarray(chunk.offset, chunk.offset + HEADER + chunk.size + (chunk.size % 2)))];
    const header = new Uint8Array(HEADER);
    header.set(new TextEncoder().encode(MANIFEST_CHUNK));
    view(header).setUint32(4, length, true);
    parts.push(header, new Uint8Array(length + (length % 2)));
    this.data = new Uint8Array(Buffer.concat(parts));
    view(this.data).setUint32(4, this.data.length - HEADER, true);
    this.chunks = readChunks(this.data);
    return Promise.resolve();
  }

  getHashExclusionRange(): { start: number; length: number } {
    const chunk = this.manifestChunk();
    if (!chunk) throw new Error('No manifest space: call ensureManifestSpace first');
    return { start: chunk.offset, length: HEADER + chunk.size };
  }

  writeManifestJUMBF(jumbf: Uint8Array): Promise<void> {
    const chunk = this.manifestChunk();
    if (!chunk || chunk.size !== jumbf.length) throw new Error('The manifest does not fit the space reserved for it');
    this.data.set(jumbf, chunk.offset + HEADER);
    return Promise.resolve();
  }
}
