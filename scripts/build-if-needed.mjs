// Builds what `npm start` runs when it is missing or older than its sources, so a fresh clone needs no other step:
// the web app (dist/web), its server-side entry for each page's first paint (dist/ssr, decision 084), the compiled
// server (dist/server, decision 110) and the operator commands compiled beside it (dist/scripts, decision 225).
// `--force` rebuilds all of it (`npm run build`). What is built from which sources: scripts/build-outputs.mjs.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { COMMANDS, isStale, root, SERVER, WEB } from './build-outputs.mjs';

const force = process.argv.includes('--force');

const webStale = isStale(WEB.outputs, WEB.sources);
// One esbuild run makes the server and the commands, so they are stale together.
const compiled = [SERVER, ...Object.values(COMMANDS)];
const serverStale = isStale(
  compiled.map(({ output }) => output),
  [...new Set(compiled.flatMap(({ sources }) => sources))],
);

const hasBuildTools = existsSync(path.join(root, 'node_modules/vite/bin/vite.js')) && existsSync(path.join(root, 'node_modules/esbuild'));
if (!hasBuildTools && !force) {
  // A production install (`npm ci --omit=dev`) runs the tree it was given; it cannot rebuild it.
  if (!existsSync(path.join(root, SERVER.output)) || !existsSync(path.join(root, 'dist/web/index.html'))) {
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
  console.log('Building the server and the operator commands…');
  // Imported only when needed: a production install (`npm ci --omit=dev`) has no esbuild, and needs none on a built tree.
  const { buildServer } = await import('./build-server.mjs');
  await buildServer();
}
if (!webStale && !serverStale && !force) console.log('The build is up to date.');
