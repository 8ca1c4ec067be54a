// Compares what the database points at with what the local upload store holds, after a crash.
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { parseFileUrl } from '../../src/server/storage/storage';

/** Every column that holds the URL of one of our files. */
const FILE_COLUMNS = [
  ['profiles', 'avatar_url'],
  ['client_profiles', 'logo_url'],
  ['portfolio_items', 'image_url'],
  ['portfolio_items', 'thumbnail_url'],
  ['projects', 'deliverable_url'],
  ['process_docs', 'file_url'],
] as const;

const walk = (dir: string): string[] => {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
};

export interface StoreAudit {
  /** File URLs in the database. */
  referenced: number;
  /** Rows whose file is not in the store: the failure this scenario looks for. */
  missing: string[];
  /** Files no row points at (a crash between storing and committing): harmless, reported. */
  orphans: number;
  /** Half-written temporary files (a crash during a write): never at a final path. */
  temporary: number;
}

export const auditStore = async (databaseUrl: string, dataDir: string): Promise<StoreAudit> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => undefined);
  await client.connect();
  const urls: string[] = [];
  try {
    for (const [table, column] of FILE_COLUMNS) {
      const { rows } = await client.query<{ url: string }>(`select ${column} as url from ${table} where ${column} is not null`);
      urls.push(...rows.map((row) => row.url));
    }
  } finally {
    await client.end();
  }
  const root = path.join(dataDir, 'uploads');
  const ours = urls.map((url) => parseFileUrl(url)).filter((parsed) => parsed !== null);
  const missing = ours.filter((parsed) => !existsSync(path.join(root, parsed.bucket, parsed.key))).map((parsed) => `${parsed.bucket}/${parsed.key}`);
  const referencedFiles = new Set(ours.map((parsed) => path.join(root, parsed.bucket, parsed.key)));
  const files = walk(root);
  const temporary = files.filter((file) => file.endsWith('.tmp')).length;
  // A thumbnail (`<base>.thumb.webp`) belongs to its image (`<base>.<ext>`): it is referenced when the image is.
  const referencedBases = new Set([...referencedFiles].map((file) => file.replace(/\.[a-z0-9]+$/i, '')));
  const isReferenced = (file: string) => referencedFiles.has(file) || (file.endsWith('.thumb.webp') && referencedBases.has(file.slice(0, -'.thumb.webp'.length)));
  const orphans = files.filter((file) => !file.endsWith('.tmp') && !isReferenced(file)).length;
  return { referenced: ours.length, missing, orphans, temporary };
};
