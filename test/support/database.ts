import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle, type OpenDatabaseOptions } from '../../src/server/db/client';
import { adminQuery } from './database-template';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close). Each starts from the migrated
 * image or template the API project's global setup made (database-template.ts), where there is one.
 */
export const openTestDatabase = async (options: Pick<OpenDatabaseOptions, 'onQuery' | 'poolSize'> = {}): Promise<DatabaseHandle & { url?: string }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const image = inject('testDatabaseImage');
    const handle = await openDatabase({ pgliteDir: 'memory://', onQuery: options.onQuery, ...(image ? { pgliteImage: new Blob([readFileSync(image)]) } : {}) });
    await handle.migrate();
    return handle;
  }
  const name = `hm_test_${randomBytes(6).toString('hex')}`;
  const template = inject('testDatabaseTemplate');
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: options.poolSize ?? 5, onQuery: options.onQuery });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
};
