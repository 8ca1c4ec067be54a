// Builds the web app when dist/web is missing or older than its sources, so `npm start` needs no other step.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/web/index.html');
// The server-side entry (first paint of every page, decision 084); built after the browser app.
const builtServerEntry = path.join(root, 'dist/ssr/entry-server.js');

const newestMtime = (entry) => {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
};

const sources = ['src/web', 'src/domain', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p)).filter(existsSync);
const isStale = !existsSync(builtIndex) || !existsSync(builtServerEntry) || sources.some((source) => newestMtime(source) > statSync(builtIndex).mtimeMs);

if (isStale || process.argv.includes('--force')) {
  console.log('Building the web app…');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  execFileSync(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
} else {
  console.log('Web app is up to date.');
}
