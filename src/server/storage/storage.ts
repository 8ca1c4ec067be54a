import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { StorageBucket } from '../../domain/constants';
import { PUBLIC_BUCKETS } from '../../domain/constants';
import { UPLOAD_RULES, type UploadUse } from '../../domain/upload-policy';
import type { StorageDriver } from './driver';
import { inspectUpload, type InspectedFile } from './inspect';
import { isStorageUnreachable, storageFailure, storageUnavailable } from './out-of-space';

export const FILES_PREFIX = '/files';

export interface StoredFile {
  /** URL the app stores in the database and the browser loads, e.g. /files/profile-images/<user>/avatar.png?v=… */
  url: string;
  thumbnailUrl: string | null;
  bucket: StorageBucket;
  key: string;
  mime: string;
  /** SHA-256 (hex) of the bytes stored, which a process record holds to show later whether the file changed. */
  sha256: string;
}

export const fileUrl = (bucket: StorageBucket, key: string, version?: string) =>
  `${FILES_PREFIX}/${bucket}/${key}${version ? `?v=${version}` : ''}`;

/** Parses a URL made by fileUrl back into bucket and key (null for anything else, e.g. external links). */
export const parseFileUrl = (url: string | null | undefined): { bucket: StorageBucket; key: string } | null => {
  if (!url) return null;
  const match = /^\/files\/([a-z-]+)\/([^?#]+)/.exec(url);
  if (!match) return null;
  return { bucket: match[1] as StorageBucket, key: decodeURIComponent(match[2]) };
};

export const isPublicBucket = (bucket: StorageBucket): boolean => PUBLIC_BUCKETS.includes(bucket);

const THUMBNAIL_SUFFIX = '.thumb.webp';

/** A stored file's key without its extension: `<userId>/avatar.png` → `<userId>/avatar`. */
export const baseKeyOf = (key: string): string => (key.endsWith(THUMBNAIL_SUFFIX) ? key.slice(0, -THUMBNAIL_SUFFIX.length) : key.replace(/\.[a-z0-9]+$/i, ''));

/**
 * Every image's thumbnail lives beside it at `<base>.thumb.webp`, whatever the image's own extension: so files of
 * different types stored at one fixed path (an avatar, a logo) share one thumbnail, the newest one's.
 */
export const thumbnailKeyOf = (key: string): string => `${baseKeyOf(key)}${THUMBNAIL_SUFFIX}`;

const STORED_IMAGE = /\.(jpg|png|gif|webp)$/;

/**
 * The thumbnail URL of an image URL made by saveUpload (same bucket, `<base>.thumb.webp`, same version), or null
 * for anything else: external links, PDFs, or a thumbnail itself. saveUpload writes a thumbnail for every image.
 */
export const thumbnailUrlOf = (url: string | null | undefined): string | null => {
  const parsed = parseFileUrl(url);
  if (!parsed || parsed.key.endsWith(THUMBNAIL_SUFFIX) || !STORED_IMAGE.test(parsed.key)) return null;
  const version = /\?v=([a-z0-9]+)$/.exec(url ?? '')?.[1];
  return fileUrl(parsed.bucket, thumbnailKeyOf(parsed.key), version);
};

/** Uses stored at one fixed path per person (`<userId>/avatar`, `<userId>/logo`); every other upload has a path of its own. */
const REPLACED_IN_PLACE: ReadonlySet<UploadUse> = new Set(['profileImage', 'clientLogo']);

export const createStorage = (driver: StorageDriver) => ({
  driver,
  /**
   * Validates and stores an upload at a fixed path plus the real extension (`<basePath>.<ext>`), replacing any
   * earlier file there; a thumbnail goes beside it for images.
   */
  saveUpload: async (use: UploadUse, basePath: string, data: Buffer): Promise<StoredFile> => {
    const rule = UPLOAD_RULES[use];
    const inspected: InspectedFile = await inspectUpload(data, rule);
    const key = `${basePath}.${inspected.extension}`;
    const version = Date.now().toString(36);
    let thumbnailUrl: string | null = null;
    let wroteMain = false;
    try {
      await driver.put(rule.bucket, key, inspected.body, inspected.mime);
      wroteMain = true;
      if (inspected.thumbnail) {
        const thumbKey = thumbnailKeyOf(key);
        await driver.put(rule.bucket, thumbKey, inspected.thumbnail, 'image/webp');
        thumbnailUrl = fileUrl(rule.bucket, thumbKey, version);
      }
    } catch (error) {
      // The file was written but its thumbnail was not: at a path of its own it is an orphan no row will point at, so
      // it goes. An avatar or a logo has already replaced the one before it in place, and the row still points there.
      if (wroteMain && !REPLACED_IN_PLACE.has(use)) await driver.delete(rule.bucket, key).catch(() => undefined);
      // A full disk or store is the person's to hear about (507, try later), not "something went wrong"; an
      // unreachable store is 503 about the storage, not the database.
      throw storageFailure(error);
    }
    const sha256 = createHash('sha256').update(inspected.body).digest('hex');
    return { url: fileUrl(rule.bucket, key, version), thumbnailUrl, bucket: rule.bucket, key, mime: inspected.mime, sha256 };
  },
  open: (bucket: StorageBucket, key: string): Promise<{ body: Readable; size: number } | null> =>
    driver.get(bucket, key).catch((error: unknown) => {
      throw isStorageUnreachable(error) ? storageUnavailable() : error;
    }),
  /** Removes a stored file (and its thumbnail) given its URL; ignores URLs that are not ours. */
  removeByUrl: async (url: string | null | undefined): Promise<void> => {
    const parsed = parseFileUrl(url);
    if (!parsed) return;
    await driver.delete(parsed.bucket, parsed.key);
    if (!parsed.key.endsWith(THUMBNAIL_SUFFIX)) await driver.delete(parsed.bucket, thumbnailKeyOf(parsed.key));
  },
  /**
   * Removes every file a creator stored for one project (`<creatorId>/<projectId>/…` in the private buckets),
   * whatever its path: each upload has one of its own, and no row need point at it.
   */
  removeProjectFiles: async (creatorId: string, projectId: string): Promise<void> => {
    const buckets: StorageBucket[] = ['process-docs', 'deliverables'];
    await Promise.all(buckets.map((bucket) => driver.deletePrefix(bucket, `${creatorId}/${projectId}`)));
  },
  removeUserFiles: async (userId: string): Promise<void> => {
    const buckets: StorageBucket[] = ['profile-images', 'client-logos', 'portfolio-items', 'process-docs', 'deliverables', 'message-attachments'];
    await Promise.all(buckets.map((bucket) => driver.deletePrefix(bucket, userId)));
  },
});

export type Storage = ReturnType<typeof createStorage>;
