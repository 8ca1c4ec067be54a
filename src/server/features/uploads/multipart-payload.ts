import { randomBytes } from 'node:crypto';
import sharp from 'sharp';

/** Test support: builds a multipart/form-data body like a browser's FormData (text fields, then one file). */
export const multipartPayload = (
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer; field?: string },
): { payload: Buffer; headers: Record<string, string> } => {
  const boundary = `----hm${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

export const pngImage = (width = 32, height = 24, background = '#a5472a') =>
  sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();

/** A JPEG carrying a GPS position in its EXIF, as a phone photo would. */
export const jpegWithGps = () =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: '#1c1b19' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .toBuffer();
