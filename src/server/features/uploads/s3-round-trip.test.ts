import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorageDriver } from '../../storage/driver';
import { createStorage } from '../../storage/storage';
import { startFakeS3 } from '../../../../test/support/fake-s3-server';
import { pngImage } from './multipart-payload';

const SECRET = 'a-secret-access-key-for-tests-only';
let fake: Awaited<ReturnType<typeof startFakeS3>>;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeS3('hm-files', SECRET);
  dataDir = mkdtempSync(path.join(tmpdir(), 'hm-s3-'));
});
afterAll(async () => {
  await fake?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const configFor = (secret: string) =>
  loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'x'.repeat(40),
    S3_ENDPOINT: fake.url,
    S3_BUCKET: 'hm-files',
    S3_REGION: 'eu-central-1',
    S3_ACCESS_KEY_ID: 'AKIDTEST',
    S3_SECRET_ACCESS_KEY: secret,
  });

describe('S3 driver built from the environment, against a signature-checking endpoint', () => {
  it('is chosen by S3_ENDPOINT and stores, serves and deletes a user folder', async () => {
    const driver = createStorageDriver(configFor(SECRET));
    expect(driver.kind).toBe('s3');
    const storage = createStorage(driver);

    const saved = await storage.saveUpload('profileImage', 'user-7/avatar', await pngImage(20, 10));
    expect([...fake.objects.keys()].sort()).toEqual(['profile-images/user-7/avatar.png', 'profile-images/user-7/avatar.thumb.webp']);
    expect(fake.objects.get('profile-images/user-7/avatar.png')?.type).toBe('image/png');

    const opened = await storage.open(saved.bucket, saved.key);
    const chunks: Buffer[] = [];
    for await (const chunk of opened!.body) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).width).toBe(20);
    expect(await storage.open('profile-images', 'user-7/missing.png')).toBeNull();

    await storage.saveUpload('portfolioImage', 'user-7/portfolio/item-1', await pngImage());
    await storage.saveUpload('portfolioImage', 'user-8/portfolio/item-2', await pngImage());
    await storage.removeUserFiles('user-7');
    expect([...fake.objects.keys()].sort()).toEqual(['portfolio-items/user-8/portfolio/item-2.png', 'portfolio-items/user-8/portfolio/item-2.thumb.webp']);
    expect(fake.log).toContain('GET /hm-files/?prefix=portfolio-items/user-7/');
    expect(fake.log).toContain('POST /hm-files/?delete');
    expect(fake.rejectedCount()).toBe(0);
  });

  it('is refused by the endpoint when signed with the wrong secret', async () => {
    const storage = createStorage(createStorageDriver(configFor('not-the-right-secret')));
    await expect(storage.saveUpload('profileImage', 'user-9/avatar', await pngImage())).rejects.toThrow();
    expect(fake.rejectedCount()).toBeGreaterThan(0);
    expect(fake.objects.has('profile-images/user-9/avatar.png')).toBe(false);
  });
});
