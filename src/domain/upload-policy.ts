import type { StorageBucket } from './constants';
import { UPLOAD_LIMITS_MB } from './constants';

export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const PDF_MIME_TYPE = 'application/pdf';

export type UploadUse = keyof typeof UPLOAD_LIMITS_MB;

export interface UploadRule {
  bucket: StorageBucket;
  maxMb: number;
  mimeTypes: readonly string[];
  /** What the person is asked to choose, for the refusal message. */
  accepts: string;
}

/** Every upload the product accepts: bucket, size limit (`UPLOAD_LIMITS_MB`) and allowed real content types. */
export const UPLOAD_RULES: Record<UploadUse, UploadRule> = {
  profileImage: { bucket: 'profile-images', maxMb: UPLOAD_LIMITS_MB.profileImage, mimeTypes: IMAGE_MIME_TYPES, accepts: 'a JPG, PNG, GIF or WebP image' },
  clientLogo: { bucket: 'client-logos', maxMb: UPLOAD_LIMITS_MB.clientLogo, mimeTypes: IMAGE_MIME_TYPES, accepts: 'a JPG, PNG, GIF or WebP image' },
  portfolioImage: { bucket: 'portfolio-items', maxMb: UPLOAD_LIMITS_MB.portfolioImage, mimeTypes: IMAGE_MIME_TYPES, accepts: 'a JPG, PNG, GIF or WebP image' },
  deliverable: { bucket: 'deliverables', maxMb: UPLOAD_LIMITS_MB.deliverable, mimeTypes: [...IMAGE_MIME_TYPES, PDF_MIME_TYPE], accepts: 'a JPG, PNG, GIF or WebP image, or a PDF' },
  messageAttachment: {
    bucket: 'message-attachments',
    maxMb: UPLOAD_LIMITS_MB.messageAttachment,
    mimeTypes: [...IMAGE_MIME_TYPES, PDF_MIME_TYPE],
    accepts: 'a JPG, PNG, GIF or WebP image, or a PDF',
  },
  processScreenshot: { bucket: 'process-docs', maxMb: UPLOAD_LIMITS_MB.processScreenshot, mimeTypes: IMAGE_MIME_TYPES, accepts: 'a JPG, PNG, GIF or WebP image' },
};

export const EXTENSION_BY_MIME: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

export const unsupportedTypeMessage = (rule: UploadRule): string => `Unsupported file type. Please choose ${rule.accepts}.`;

/** The product's rule: an upload is previewed as an image only for these extensions. */
export const PREVIEWABLE_IMAGE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'gif', 'webp'];

const extensionOf = (nameOrUrl: string): string | null => /\.([a-z0-9]+)$/i.exec(nameOrUrl.replace(/[?#].*$/, ''))?.[1]?.toLowerCase() ?? null;

/** A stored link (or a file name) is previewed as an image only when it ends in one of those extensions. */
export const isPreviewableImageUrl = (url: string): boolean => {
  const extension = extensionOf(url);
  return extension !== null && PREVIEWABLE_IMAGE_EXTENSIONS.includes(extension);
};

/**
 * The same rule for a file chosen in the browser, before it is uploaded: its name must end in one of those
 * extensions, and the type the browser reports (when it reports one) must be one of the matching image types.
 * So an SVG, a BMP or a HEIC photo is never drawn as a preview, even though its type starts with `image/`.
 */
export const isPreviewableImageFile = (file: { name: string; type: string }): boolean =>
  isPreviewableImageUrl(file.name) && (file.type === '' || (IMAGE_MIME_TYPES as readonly string[]).includes(file.type));

export const bytesLimit = (rule: UploadRule): number => rule.maxMb * 1024 * 1024;
