import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const folder = path.resolve(import.meta.dirname, '../../drizzle');

/**
 * An in-memory PGlite database as an installation that has not yet run the migration whose tag starts with `prefix`
 * ('0029_'): every migration before it, from a copy of the folder whose journal ends there. `migrateRest` runs the
 * rest from the real folder, as an upgrade does; `close` ends the database and removes the copy.
 */
export const databaseBefore = async (prefix: string) => {
  const before = mkdtempSync(path.join(tmpdir(), 'hm-migrations-'));
  cpSync(folder, before, { recursive: true });
  const journalPath = path.join(before, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const upTo = journal.entries.findIndex((entry) => entry.tag.startsWith(prefix));
  if (upTo <= 0) throw new Error(`No migration before one tagged ${prefix}…`);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }));
  const client = await PGlite.create('memory://', { extensions: { pg_trgm, unaccent } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: before });
  return {
    client,
    migrateRest: () => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    },
  };
};
