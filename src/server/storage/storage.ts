import type { Readable } from 'node:stream';
import type { StorageBucket } from '../../domain/constants';
import { PUBLIC_BUCKETS } from '../../domain/constants';
import { UPLOAD_RULES, type UploadUse } from '../../domain/upload-policy';
import type { StorageDriver } from './driver';
import { inspectUpload, type InspectedFile } from './inspect';

export const FILES_PREFIX = '/files';

export interface StoredFile {
  /** URL the app stores in the database and the browser loads, e.g. /files/profile-images/<user>/avatar.png?v=… */
  url: string;
  thumbnailUrl: string | null;
  bucket: StorageBucket;
  key: string;
  mime: string;
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
    await driver.put(rule.bucket, key, inspected.body, inspected.mime);
    let thumbnailUrl: string | null = null;
    if (inspected.thumbnail) {
      const thumbKey = `${basePath}.thumb.webp`;
      await driver.put(rule.bucket, thumbKey, inspected.thumbnail, 'image/webp');
      thumbnailUrl = fileUrl(rule.bucket, thumbKey, version);
    }
    return { url: fileUrl(rule.bucket, key, version), thumbnailUrl, bucket: rule.bucket, key, mime: inspected.mime };
  },
  open: (bucket: StorageBucket, key: string): Promise<{ body: Readable; size: number } | null> => driver.get(bucket, key),
  /** Removes a stored file (and its thumbnail) given its URL; ignores URLs that are not ours. */
  removeByUrl: async (url: string | null | undefined): Promise<void> => {
    const parsed = parseFileUrl(url);
    if (!parsed) return;
    await driver.delete(parsed.bucket, parsed.key);
    const base = parsed.key.replace(/\.[a-z0-9]+$/i, '');
    if (!parsed.key.endsWith('.thumb.webp')) await driver.delete(parsed.bucket, `${base}.thumb.webp`);
  },
  removeUserFiles: async (userId: string): Promise<void> => {
    const buckets: StorageBucket[] = ['profile-images', 'client-logos', 'portfolio-items', 'process-docs', 'deliverables'];
    await Promise.all(buckets.map((bucket) => driver.deletePrefix(bucket, userId)));
  },
});

export type Storage = ReturnType<typeof createStorage>;
