import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database as a tarball (PGlite's dumpDataDir): each test file's database starts from it. */
    testDatabaseImage?: string;
    /** On PostgreSQL, a migrated database each test file's database is created from (CREATE DATABASE … TEMPLATE). */
    testDatabaseTemplate?: string;
  }
}

/**
 * The API project's global setup: the migrations run once per `vitest run`, not once per test file. An empty
 * PGlite cluster costs an initdb and 27 migrations, about 4 s of CPU each time on this 2-core machine, where loading
 * a migrated image takes about 1 s; on PostgreSQL a copy of a migrated template replaces the migrations.
 * openTestDatabase (database.ts) still runs `migrate()` on what it opens, which finds nothing to do.
 */
let cleanup: (() => Promise<void>) | undefined;

/** One statement on the PostgreSQL server's maintenance connection (creating and dropping test databases). */
export const adminQuery = async (serverUrl: string, sql: string) => {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
};

export const setup = async (project: TestProject) => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    await handle.migrate();
    const image = await handle.pglite!.dumpDataDir('none');
    await handle.close();
    const dir = mkdtempSync(path.join(tmpdir(), 'hm-test-db-'));
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await image.arrayBuffer()));
    project.provide('testDatabaseImage', file);
    cleanup = async () => rmSync(dir, { recursive: true, force: true });
    return;
  }
  const name = `hm_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  await handle.migrate();
  // No session may be connected to a template while a database is copied from it.
  await handle.close();
  project.provide('testDatabaseTemplate', name);
  cleanup = () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
};

export const teardown = async () => {
  await cleanup?.();
};
