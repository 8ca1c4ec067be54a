// Test support: files built to attack an upload endpoint. Each is small enough to send in a test.
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const header = (width: number, height: number): Buffer => {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  // 8-bit greyscale, deflate, no filter method variants, no interlace.
  ihdr.set([8, 0, 0, 0, 0], 8);
  return chunk('IHDR', ihdr);
};

/** A valid PNG file structure whose header declares width × height, with only a token of pixel data. */
export const pngDeclaring = (width: number, height: number): Buffer =>
  Buffer.concat([PNG_SIGNATURE, header(width, height), chunk('IDAT', deflateSync(Buffer.alloc(width + 1))), chunk('IEND', Buffer.alloc(0))]);

/**
 * A real decompression bomb: a complete, decodable greyscale PNG of side × side pixels whose compressed data is
 * about a thousandth of its decoded size (10,000² pixels: ~100 MB decoded from ~100 KB).
 */
export const pngBomb = (side: number): Buffer => {
  const raw = Buffer.alloc(side * (side + 1));
  return Buffer.concat([PNG_SIGNATURE, header(side, side), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
};

export const SCRIPT_PAYLOAD = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A local-file-header-only ZIP holding `evil.html`: enough for unzip tools (and sniffers) to see an archive. */
export const zipArchive = (): Buffer => {
  const name = Buffer.from('evil.html');
  const content = Buffer.from(SCRIPT_PAYLOAD);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc32(content), 14);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, content]);
};

export const jpegImage = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#3c6e71' } })
    .jpeg()
    .toBuffer();

export const gifImage = () =>
  sharp({ create: { width: 12, height: 12, channels: 3, background: '#d9a441' } })
    .gif()
    .toBuffer();

/** The classic GIF/JavaScript polyglot: a GIF header that is also the start of a valid script. */
export const gifScriptPolyglot = (): Buffer =>
  Buffer.concat([Buffer.from('GIF89a/*'), Buffer.from([0x0a, 0x00, 0x0a, 0x00, 0x00, 0x00, 0x00]), Buffer.from('*/=1;alert(document.cookie);//')]);

export const svgWithScript = (): Buffer =>
  Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>');
