import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { RESOURCE_MESSAGES } from '../../../domain/messages';
import { HttpError } from '../../http/errors';
import { keyLoadFailure, sealKeysOf } from './service';

const root = mkdtempSync(path.join(tmpdir(), 'hm-seal-keys-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the Seal signing key, made on first use', () => {
  it('is tried again after a load that failed, and is then the same key every time', async () => {
    // DATA_DIR sits under a plain file, so the key's folder cannot be made: the first load fails.
    const blocker = path.join(root, 'blocker');
    writeFileSync(blocker, 'not a folder');
    const app = { config: { DATA_DIR: path.join(blocker, 'data'), SEAL_SIGNING_KEY: undefined } } as unknown as FastifyInstance;
    await expect(sealKeysOf(app)).rejects.toMatchObject({ code: 'ENOTDIR' });

    // Once the folder can be made (as once a full disk has room again), the next request loads the key.
    rmSync(blocker);
    mkdirSync(path.join(blocker, 'data'), { recursive: true });
    const keys = await sealKeysOf(app);
    expect(keys.kid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await sealKeysOf(app)).kid).toBe(keys.kid);
  });

  it('reports a key file that could not be written for lack of disk as out of space, not as the database', () => {
    const failure = keyLoadFailure(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }));
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).statusCode).toBe(503);
    expect((failure as HttpError).toBody()).toEqual({ error: 'out_of_space', message: RESOURCE_MESSAGES.outOfSpace });
    const other = new Error('EACCES');
    expect(keyLoadFailure(other)).toBe(other);
  });
});
