// Compiles the server (src/server/main.ts and what it imports from src/) into one ES module, dist/server/main.js,
// which `npm start` runs with plain `node` (decision 110). Packages from node_modules are not bundled: each one the
// server imports must be a runtime dependency, and the build fails naming any that is only a devDependency, so
// `npm ci --omit=dev` can never silently lose part of the server.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(import.meta.dirname, '..');
export const serverOutDir = path.join(root, 'dist/server');
export const serverEntry = path.join(serverOutDir, 'main.js');

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

export const buildServer = async () => {
  rmSync(serverOutDir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/server/main.ts'],
    outfile: serverEntry,
    bundle: true,
    platform: 'node',
    format: 'esm',
    // The oldest Node we support (package.json engines).
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    // Function and class names stay as written, so stack traces and logs read like the source.
    keepNames: true,
    metafile: true,
    logLevel: 'warning',
  });

  const { dependencies = {} } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const builtins = new Set(builtinModules);
  const imported = new Set();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: specifier, external } of output.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier) || specifier.startsWith('.')) continue;
      imported.add(packageOf(specifier));
    }
  }
  const missing = [...imported].filter((name) => !(name in dependencies)).sort();
  if (missing.length > 0) {
    rmSync(serverOutDir, { recursive: true, force: true });
    throw new Error(`The server imports packages that are not in package.json "dependencies": ${missing.join(', ')}`);
  }
  return { packages: [...imported].sort() };
};

if (process.argv[1] === import.meta.filename) {
  const { packages } = await buildServer();
  console.log(`Built dist/server/main.js (imports ${packages.length} packages: ${packages.join(', ')})`);
}
