import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { TEST_ORIGIN } from '../../test/support/harness';

// The settings that size the server's memory (decision 111): the embedded database's buffer cache (16MB by
// default, against PostgreSQL's 128MB) and how far the JavaScript heap grows before it is collected.
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const show = async (app: Awaited<ReturnType<typeof buildApp>>, setting: string) => {
  const result = await app.dbHandle.pglite?.query<Record<string, string>>(`show ${setting}`);
  return result?.rows[0]?.[setting];
};

describe('the memory settings', () => {
  it('let the heap grow 50% past its live data by default; 0 leaves it to V8, and nothing else is taken', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/hm-config-test' }).HEAP_GROWING_PERCENT).toBe(50);
    expect(loadConfig({ DATA_DIR: '/tmp/hm-config-test', HEAP_GROWING_PERCENT: '0' }).HEAP_GROWING_PERCENT).toBe(0);
    expect(() => loadConfig({ DATA_DIR: '/tmp/hm-config-test', HEAP_GROWING_PERCENT: '-5' })).toThrow(/HEAP_GROWING_PERCENT/);
    expect(() => loadConfig({ DATA_DIR: '/tmp/hm-config-test', HEAP_GROWING_PERCENT: 'half' })).toThrow(/HEAP_GROWING_PERCENT/);
  });

  it("default to a 16MB buffer cache, and refuse a value that is not a size", () => {
    expect(loadConfig({ DATA_DIR: '/tmp/hm-config-test' }).PGLITE_SHARED_BUFFERS).toBe('16MB');
    expect(() => loadConfig({ DATA_DIR: '/tmp/hm-config-test', PGLITE_SHARED_BUFFERS: 'lots' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: '/tmp/hm-config-test', PGLITE_SHARED_BUFFERS: '16MB; drop' })).toThrow(/PGLITE_SHARED_BUFFERS: must be a size/);
  });

  it('start the server\'s PGlite with PGLITE_SHARED_BUFFERS, and keep PGlite\'s own start settings', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-pglite-settings-'));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN, PGLITE_SHARED_BUFFERS: '32MB' });
    const app = await buildApp({ config, logger: false });
    try {
      expect(app.dbHandle.driver).toBe('pglite');
      expect(await show(app, 'shared_buffers')).toBe('32MB');
      expect(await show(app, 'search_path')).toBe('public');
      expect(await show(app, 'max_parallel_workers')).toBe('0');
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  }, 120_000);
});
