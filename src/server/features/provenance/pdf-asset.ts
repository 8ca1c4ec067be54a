import type { Asset } from '@trustnxt/c2pa-ts/asset';
import type { PDFDict, PDFDocument } from 'pdf-lib';
import { loadPdfLib } from '../../lazy-modules';

type PdfLib = Awaited<ReturnType<typeof loadPdfLib>>;

const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);
const latin1 = (bytes: Uint8Array): string => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');

/** The `startxref` offset of the file's last cross-reference section (an incremental update's `/Prev`). */
const lastStartXref = (data: Uint8Array): number | null => {
  const tail = latin1(data.subarray(Math.max(0, data.length - 2048)));
  const match = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail) ?? [...tail.matchAll(/startxref\s+(\d+)/g)].at(-1);
  return match ? Number(match[1]) : null;
};

/**
 * The C2PA file specification of a PDF: the entry of the catalog's associated files (`/AF`) whose `/AFRelationship`
 * is `/C2PA_Manifest` (C2PA 2.x, "Embedding manifests into PDFs"; c2pa-rs reads the same entry).
 */
const c2paFileSpec = ({ PDFArray, PDFDict, PDFName }: PdfLib, document: PDFDocument): PDFDict | null => {
  const files = document.catalog.lookup(PDFName.of('AF'));
  if (!(files instanceof PDFArray)) return null;
  for (let index = 0; index < files.size(); index++) {
    const spec = files.lookup(index);
    if (spec instanceof PDFDict && spec.get(PDFName.of('AFRelationship')) === PDFName.of('C2PA_Manifest')) return spec;
  }
  return null;
};

/** The manifest store's bytes: the embedded file stream `/EF /F` of the C2PA file specification, decoded. */
const embeddedManifest = (lib: PdfLib, document: PDFDocument): Uint8Array | undefined => {
  const { PDFDict, PDFName, PDFRawStream, decodePDFRawStream } = lib;
  const files = c2paFileSpec(lib, document)?.lookup(PDFName.of('EF'));
  const stream = files instanceof PDFDict ? files.lookup(PDFName.of('F')) : undefined;
  if (!(stream instanceof PDFRawStream)) return undefined;
  return stream.dict.has(PDFName.of('Filter')) ? decodePDFRawStream(stream).decode() : stream.getContents();
};

/**
 * A PDF as a C2PA asset for `@trustnxt/c2pa-ts`, which reads JPEG, PNG, HEIF and MP3 but not PDF (decision 146).
 * The manifest store is an embedded file that the catalog's `/AF` array names with `/AFRelationship /C2PA_Manifest`,
 * and its hard binding is a data hash that excludes the stream's bytes. Reading finds that stream through pdf-lib's
 * parser, so files whose objects sit in compressed object streams are read too. Writing (used by the tests to sign
 * fixtures, as a PDF editor would) appends an incremental update: the manifest's stream, its file specification, and
 * the catalog restated with `/AF`; the original bytes stay as they were.
 */
export class PdfAsset implements Asset {
  readonly mimeType = 'application/pdf';
  private reserved: { start: number; length: number } | null = null;

  private constructor(
    private data: Uint8Array,
    private readonly manifest: Uint8Array | undefined,
  ) {}

  static canRead(data: Uint8Array): boolean {
    return data.length > 8 && latin1(data.subarray(0, 5)) === '%PDF-';
  }

  /**
   * Opens a PDF. A file that names no C2PA manifest anywhere in its plain bytes and has no compressed object streams
   * (where the name could hide) has none, and is not parsed.
   */
  static async open(data: Uint8Array): Promise<PdfAsset> {
    const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    if (!bytes.includes('C2PA_Manifest', 0, 'latin1') && !bytes.includes('/ObjStm', 0, 'latin1')) return new PdfAsset(data, undefined);
    const lib = await loadPdfLib();
    const document = await lib.PDFDocument.load(data, { updateMetadata: false, ignoreEncryption: true, throwOnInvalidObject: false });
    return new PdfAsset(data, embeddedManifest(lib, document));
  }

  getDataLength(): number {
    return this.data.length;
  }

  getDataRange(start = 0, length?: number): Promise<Uint8Array> {
    return Promise.resolve(this.data.subarray(start, length === undefined ? undefined : start + length));
  }

  getManifestJUMBF(): Uint8Array | undefined {
    return this.manifest;
  }

  dumpInfo(): string {
    return `PDF, ${this.data.length} bytes, ${this.manifest ? `a C2PA manifest store of ${this.manifest.length} bytes` : 'no C2PA manifest'}`;
  }

  /** Appends an incremental update holding an empty manifest stream of `length` bytes (see the class comment). */
  async ensureManifestSpace(length: number): Promise<void> {
    const lib = await loadPdfLib();
    const { PDFName, PDFRef } = lib;
    const document = await lib.PDFDocument.load(this.data, { updateMetadata: false });
    if (c2paFileSpec(lib, document)) throw new Error('This PDF already has a C2PA manifest');
    const previous = lastStartXref(this.data);
    const root = document.context.trailerInfo.Root;
    if (previous === null || !(root instanceof PDFRef)) throw new Error('Not a PDF whose update can be appended (no startxref or no root)');
    const streamNumber = document.context.largestObjectNumber + 1;
    const specNumber = streamNumber + 1;
    const catalog = document.catalog.clone(document.context);
    catalog.set(PDFName.of('AF'), document.context.obj([PDFRef.of(specNumber)]));
    const parts: Uint8Array[] = [this.data];
    let offset = this.data.length;
    const offsets = new Map<number, number>();
    const add = (bytes: Uint8Array) => {
      parts.push(bytes);
      offset += bytes.length;
    };
    add(ascii('\n'));
    offsets.set(streamNumber, offset);
    add(ascii(`${streamNumber} 0 obj\n<< /Type /EmbeddedFile /Subtype /application#2Fc2pa /Length ${length} >>\nstream\n`));
    this.reserved = { start: offset, length };
    add(new Uint8Array(length));
    add(ascii('\nendstream\nendobj\n'));
    offsets.set(specNumber, offset);
    add(ascii(`${specNumber} 0 obj\n<< /Type /Filespec /F (manifest.c2pa) /UF (manifest.c2pa) /Desc (C2PA Manifest Store) /AFRelationship /C2PA_Manifest /EF << /F ${streamNumber} 0 R >> >>\nendobj\n`));
    offsets.set(root.objectNumber, offset);
    add(ascii(`${root.objectNumber} ${root.generationNumber} obj\n${catalog.toString()}\nendobj\n`));
    const xref = offset;
    const entry = (at: number) => `${String(at).padStart(10, '0')} 00000 n \n`;
    const sections = [...offsets].sort(([a], [b]) => a - b).map(([number, at]) => `${number} 1\n${entry(at)}`);
    add(ascii(`xref\n${sections.join('')}trailer\n<< /Size ${specNumber + 1} /Root ${root.toString()} /Prev ${previous} >>\nstartxref\n${xref}\n%%EOF\n`));
    this.data = new Uint8Array(Buffer.concat(parts));
  }

  getHashExclusionRange(): { start: number; length: number } {
    if (!this.reserved) throw new Error('No manifest space: call ensureManifestSpace first');
    return this.reserved;
  }

  writeManifestJUMBF(jumbf: Uint8Array): Promise<void> {
    if (!this.reserved || jumbf.length !== this.reserved.length) throw new Error('The manifest does not fit the space reserved for it');
    this.data.set(jumbf, this.reserved.start);
    return Promise.resolve();
  }
}
