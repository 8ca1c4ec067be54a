// What the build makes, from which sources, and whether an output is current. Shared by `npm start`'s build step
// (build-if-needed.mjs), the server build (build-server.mjs, which fails when an output compiles a file outside the
// sources listed here) and the operator commands (run-command.mjs, decision 225). Plain Node with no imports outside
// Node itself: a production install (`npm ci --omit=dev`) runs it without any build tool.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

const lockAndConfig = ['package.json', 'package-lock.json'];

/** The web app and each page's server-side entry (decision 084), built by Vite. */
export const WEB = { outputs: ['dist/web/index.html', 'dist/ssr/entry-server.js'], sources: ['src/web', 'src/domain', 'vite.config.ts', ...lockAndConfig] };

const serverSources = ['src/server', 'src/domain', 'scripts/build-server.mjs', 'scripts/build-outputs.mjs', ...lockAndConfig];

/** Each file esbuild compiles (scripts/build-server.mjs): its entry, its output, and the sources it may be built from. */
export const SERVER = { entry: 'src/server/main.ts', output: 'dist/server/main.js', sources: serverSources };

/**
 * The operator commands a production install runs (`npm run <name>`, through run-command.mjs): compiled beside the
 * server, so they need neither tsx nor the TypeScript sources. Commands that only run from a checkout (the tests,
 * benches and fault scripts) stay TypeScript run with tsx.
 */
export const COMMANDS = {
  'create-admin': { entry: 'scripts/create-admin.ts', output: 'dist/scripts/create-admin.js', sources: ['scripts/create-admin.ts', ...serverSources] },
  'seed-demo': { entry: 'scripts/seed-demo.ts', output: 'dist/scripts/seed-demo.js', sources: ['scripts/seed-demo.ts', 'scripts/seed-demo', ...serverSources] },
};

const newestMtime = (entry) => {
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, name) => Math.max(newest, newestMtime(path.join(entry, name))), stats.mtimeMs);
};

/** True when an output is missing or any source (file or folder, searched through) is newer than the oldest output. */
export const isStale = (outputs, sources) => {
  const built = outputs.map((output) => path.join(root, output));
  if (built.some((output) => !existsSync(output))) return true;
  const builtAt = Math.min(...built.map((output) => statSync(output).mtimeMs));
  return sources
    .map((source) => path.join(root, source))
    .filter(existsSync)
    .some((source) => newestMtime(source) > builtAt);
};
