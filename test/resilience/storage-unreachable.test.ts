import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../src/domain/messages';
import { createLocalDriver, type StorageDriver } from '../../src/server/storage/driver';
import { createTestContext, type TestContext, type TestUser } from '../support/harness';
import { multipart, pngBuffer } from '../support/project-fixtures';

/** What an S3 client raises when its endpoint refuses the connection (the SDK passes the socket's error on). */
const refused = () => Object.assign(new Error('connect ECONNREFUSED 10.0.0.9:9000'), { code: 'ECONNREFUSED', errno: -111, syscall: 'connect' });

/**
 * The file storage cannot be reached while the database is fine (decision 221): the person hears that the storage is
 * away, not that the database is, which pointed the operator at the wrong system.
 */
describe('uploads and downloads while the file storage cannot be reached', () => {
  let ctx: TestContext;
  let maker: TestUser;
  const root = mkdtempSync(path.join(tmpdir(), 'hm-unreachable-'));
  let reachable = true;

  beforeAll(async () => {
    const local = createLocalDriver(root);
    const driver: StorageDriver = {
      ...local,
      put: async (...args) => {
        if (!reachable) throw refused();
        return local.put(...args);
      },
      get: async (...args) => {
        if (!reachable) throw refused();
        return local.get(...args);
      },
    };
    ctx = await createTestContext({ storageDriver: driver });
    maker = await ctx.signUp('maker');
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  const uploadAvatar = async () => {
    const body = multipart({ data: await pngBuffer('#335577', 32), filename: 'avatar.png', contentType: 'image/png' });
    return ctx.inject(maker, { method: 'POST', url: '/api/uploads/profile-image', payload: body.payload, headers: body.headers });
  };

  it('answers an upload 503 about the storage, and a file 503 too, then serves both once it is back', async () => {
    const stored = await uploadAvatar();
    expect(stored.statusCode, stored.body).toBe(201);
    const url = stored.json().url as string;

    reachable = false;
    const upload = await uploadAvatar();
    expect(upload.statusCode).toBe(503);
    expect(upload.json()).toEqual({ error: 'storage_unavailable', message: RESOURCE_MESSAGES.storageUnavailable });
    const file = await ctx.inject(null, { method: 'GET', url });
    expect(file.statusCode).toBe(503);
    expect(file.json()).toEqual({ error: 'storage_unavailable', message: RESOURCE_MESSAGES.storageUnavailable });
    // The database was never the problem, and health does not say it was.
    const health = await ctx.inject(null, { method: 'GET', url: '/api/health' });
    expect(health.json().status).toBe('ok');

    reachable = true;
    expect((await ctx.inject(null, { method: 'GET', url })).statusCode).toBe(200);
    expect((await uploadAvatar()).statusCode).toBe(201);
  });
});
