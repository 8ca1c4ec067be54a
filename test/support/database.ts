import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a throw-away database on
 * the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped on close).
 */
export const openTestDatabase = async (): Promise<DatabaseHandle & { url?: string }> => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    return handle;
  }
  const name = `hm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  admin.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      cleanup.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};
