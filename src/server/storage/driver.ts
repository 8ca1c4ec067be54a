import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile, rename } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { S3Client } from '@aws-sdk/client-s3';
import type { StorageBucket } from '../../domain/constants';
import type { AppConfig } from '../config';
import { loadS3 } from '../lazy-modules';

export interface StoredObject {
  body: Readable;
  size: number;
}

/** Where files live. Keys are relative paths chosen by the server, never by the client. */
export interface StorageDriver {
  kind: 'local' | 's3';
  put: (bucket: StorageBucket, key: string, body: Buffer, contentType: string) => Promise<void>;
  get: (bucket: StorageBucket, key: string) => Promise<StoredObject | null>;
  delete: (bucket: StorageBucket, key: string) => Promise<void>;
  /** Removes every object under `prefix/` (a user's folder). */
  deletePrefix: (bucket: StorageBucket, prefix: string) => Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export const assertSafeKey = (key: string): void => {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
};

/** The file-system calls the local driver writes with; a test swaps `writeFile` for one that fails halfway. */
export interface LocalDriverFs {
  writeFile: (file: string, data: Buffer) => Promise<void>;
}

export const createLocalDriver = (root: string, fs: LocalDriverFs = { writeFile }): StorageDriver => {
  const fileFor = (bucket: StorageBucket, key: string) => {
    assertSafeKey(key);
    return path.join(root, bucket, key);
  };
  return {
    kind: 'local',
    put: async (bucket, key, body) => {
      const file = fileFor(bucket, key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash mid-write never leaves a truncated file at the final path.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await fs.writeFile(temp, body);
        await rename(temp, file);
      } catch (error) {
        // Whatever went wrong (a full disk, a quota, an I/O error), no partial temporary file is left behind.
        await rm(temp, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    get: async (bucket, key) => {
      const file = fileFor(bucket, key);
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return { body: createReadStream(file), size: info.size };
      } catch {
        return null;
      }
    },
    delete: async (bucket, key) => {
      await rm(fileFor(bucket, key), { force: true });
    },
    deletePrefix: async (bucket, prefix) => {
      assertSafeKey(prefix);
      await rm(path.join(root, bucket, prefix), { recursive: true, force: true });
    },
  };
};

export const createS3Driver = (config: AppConfig, client?: S3Client): StorageDriver => {
  const bucketName = config.S3_BUCKET!;
  // The SDK is loaded with the first file operation (lazy-modules.ts), and the client made then, once.
  let made: S3Client | undefined = client;
  const sdk = async () => {
    const loaded = await loadS3();
    made ??= new loaded.S3Client({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION ?? 'us-east-1',
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials: { accessKeyId: config.S3_ACCESS_KEY_ID!, secretAccessKey: config.S3_SECRET_ACCESS_KEY! },
    });
    return { ...loaded, s3: made };
  };
  const objectKey = (bucket: StorageBucket, key: string) => {
    assertSafeKey(key);
    return `${bucket}/${key}`;
  };
  return {
    kind: 's3',
    put: async (bucket, key, body, contentType) => {
      const { s3, PutObjectCommand } = await sdk();
      await s3.send(new PutObjectCommand({ Bucket: bucketName, Key: objectKey(bucket, key), Body: body, ContentType: contentType }));
    },
    get: async (bucket, key) => {
      const { s3, GetObjectCommand } = await sdk();
      try {
        const result = await s3.send(new GetObjectCommand({ Bucket: bucketName, Key: objectKey(bucket, key) }));
        return { body: result.Body as Readable, size: Number(result.ContentLength ?? 0) };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    delete: async (bucket, key) => {
      const { s3, DeleteObjectCommand } = await sdk();
      await s3.send(new DeleteObjectCommand({ Bucket: bucketName, Key: objectKey(bucket, key) }));
    },
    deletePrefix: async (bucket, prefix) => {
      assertSafeKey(prefix);
      const { s3, ListObjectsV2Command, DeleteObjectsCommand } = await sdk();
      let token: string | undefined;
      do {
        const listed = await s3.send(new ListObjectsV2Command({ Bucket: bucketName, Prefix: `${bucket}/${prefix}/`, ContinuationToken: token }));
        const keys = (listed.Contents ?? []).map((item) => ({ Key: item.Key! }));
        if (keys.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: bucketName, Delete: { Objects: keys } }));
        token = listed.IsTruncated ? listed.NextContinuationToken : undefined;
      } while (token);
    },
  };
};

export const createStorageDriver = (config: AppConfig): StorageDriver =>
  config.S3_ENDPOINT ? createS3Driver(config) : createLocalDriver(path.join(config.DATA_DIR, 'uploads'));
