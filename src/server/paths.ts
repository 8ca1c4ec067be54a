import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The application's root folder (the one with package.json). Found by walking up from this module, because the
 * module sits at src/server/paths.ts when run from source and inside dist/server/main.js once compiled
 * (scripts/build-server.mjs): a fixed number of `..` would be right in only one of them.
 */
const findAppRoot = (start: string): string => {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
};

export const appRoot = findAppRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Committed migrations, applied at start (drizzle-kit writes them here). */
export const migrationsFolder = path.join(appRoot, 'drizzle');
/** The built web app (vite build) and, beside it, its server entry (dist/ssr). */
export const builtWebRoot = path.join(appRoot, 'dist/web');
