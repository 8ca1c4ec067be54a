import type { Metadata } from 'sharp';
import { bytesLimit, EXTENSION_BY_MIME, PDF_MIME_TYPE, unsupportedTypeMessage, type UploadRule } from '../../domain/upload-policy';
import { fileTooLargeMessage } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { loadFileType, loadSharp } from '../lazy-modules';

/** Images above this many pixels are refused before decoding (decompression bombs). */
export const MAX_IMAGE_PIXELS = 40_000_000;
export const THUMBNAIL_WIDTH = 480;
const TOO_MANY_PIXELS = 'This image has too many pixels. Please choose a smaller image.';

export interface InspectedFile {
  mime: string;
  extension: string;
  /** The bytes to store: images re-encoded without metadata (EXIF, GPS), PDFs as sent. */
  body: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

export const uploadError = (message: string) => new HttpError(400, 'invalid_file', message, { file: message });

/**
 * Checks a file by its content, never its name, and cleans it: the real type must be allowed for the use,
 * the size within the limit and the pixel count sane; image metadata is stripped and a thumbnail made.
 */
export const inspectUpload = async (data: Buffer, rule: UploadRule): Promise<InspectedFile> => {
  if (data.length > bytesLimit(rule)) throw uploadError(fileTooLargeMessage(rule.maxMb));
  if (data.length === 0) throw uploadError('The file is empty.');
  const detected = await (await loadFileType()).fileTypeFromBuffer(data);
  if (!detected || !rule.mimeTypes.includes(detected.mime)) throw uploadError(unsupportedTypeMessage(rule));

  if (detected.mime === PDF_MIME_TYPE) {
    return { mime: detected.mime, extension: 'pdf', body: data, thumbnail: null, width: null, height: null };
  }

  const animated = detected.mime === 'image/gif' || detected.mime === 'image/webp';
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).metadata();
  } catch (error) {
    // sharp refuses a header that declares more pixels than the limit before decoding anything (a bomb).
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw uploadError(TOO_MANY_PIXELS);
    throw uploadError('This image could not be read. Please choose another file.');
  }
  const width = metadata.width ?? 0;
  const frameHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * (metadata.height ?? 0) > MAX_IMAGE_PIXELS || width === 0) throw uploadError(TOO_MANY_PIXELS);
  try {
    const pipeline = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, animated }).rotate();
    const format = detected.mime === 'image/jpeg' ? 'jpeg' : detected.mime === 'image/png' ? 'png' : detected.mime === 'image/gif' ? 'gif' : 'webp';
    // sharp drops EXIF, XMP and ICC-embedded GPS unless told to keep metadata; re-encoding guarantees it.
    const body = await pipeline.toFormat(format, format === 'jpeg' ? { quality: 90, mozjpeg: true } : {}).toBuffer();
    const thumbnail = await sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { mime: detected.mime, extension: EXTENSION_BY_MIME[detected.mime], body, thumbnail, width, height: frameHeight };
  } catch {
    throw uploadError('This image could not be processed. Please choose another file.');
  }
};
