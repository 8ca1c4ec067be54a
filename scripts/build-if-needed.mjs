// Builds what `npm start` runs when it is missing or older than its sources, so a fresh clone needs no other step:
// the web app (dist/web), its server-side entry for each page's first paint (dist/ssr, decision 084) and the
// compiled server (dist/server, decision 110). `--force` rebuilds all of it (`npm run build`).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const force = process.argv.includes('--force');

const newestMtime = (entry) => {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
};

/** True when an output is missing or any source (file or folder, searched through) is newer than the oldest output. */
const isStale = (outputs, sources) => {
  const built = outputs.map((output) => path.join(root, output));
  if (built.some((output) => !existsSync(output))) return true;
  const builtAt = Math.min(...built.map((output) => statSync(output).mtimeMs));
  return sources
    .map((source) => path.join(root, source))
    .filter(existsSync)
    .some((source) => newestMtime(source) > builtAt);
};

const lockAndConfig = ['package.json', 'package-lock.json'];
const webStale = isStale(['dist/web/index.html', 'dist/ssr/entry-server.js'], ['src/web', 'src/domain', 'vite.config.ts', ...lockAndConfig]);
const serverStale = isStale(['dist/server/main.js'], ['src/server', 'src/domain', 'scripts/build-server.mjs', ...lockAndConfig]);

const hasBuildTools = existsSync(path.join(root, 'node_modules/vite/bin/vite.js')) && existsSync(path.join(root, 'node_modules/esbuild'));
if (!hasBuildTools && !force) {
  // A production install (`npm ci --omit=dev`) runs the tree it was given; it cannot rebuild it.
  if (!existsSync(path.join(root, 'dist/server/main.js')) || !existsSync(path.join(root, 'dist/web/index.html'))) {
    console.error('There is no build in dist/, and the build tools are not installed. Run `npm ci` and `npm run build` first.');
    process.exit(1);
  }
  if (webStale || serverStale) console.warn('dist/ looks older than the sources, but the build tools are not installed (npm ci --omit=dev): starting the build as it is.');
  process.exit(0);
}

if (webStale || force) {
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
}
if (serverStale || force) {
  console.log('Building the server…');
  // Imported only when needed: a production install (`npm ci --omit=dev`) has no esbuild, and needs none on a built tree.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
if (!webStale && !serverStale && !force) console.log('The build is up to date.');
