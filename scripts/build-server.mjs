// Compiles the server (src/server/main.ts and what it imports from src/) into one ES module, dist/server/main.js,
// which `npm start` runs with plain `node` (decision 110), and in the same run each operator command a production
// install needs (scripts/create-admin.ts, scripts/seed-demo.ts) into dist/scripts/<name>.js, which its npm script
// runs (scripts/run-command.mjs, decision 225). Packages from node_modules are not bundled: each one an output
// imports must be a runtime dependency, and the build fails naming any that is only a devDependency, so
// `npm ci --omit=dev` can never silently lose part of the server or a command. It also fails when an output
// compiles a file outside the sources scripts/build-outputs.mjs lists for it, which decide whether it is current.
import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { COMMANDS, root, SERVER } from './build-outputs.mjs';

export const serverOutDir = path.join(root, 'dist/server');
export const serverEntry = path.join(root, SERVER.output);
export const commandsOutDir = path.join(root, 'dist/scripts');

/** What one esbuild run compiles, each with the name its errors give it. */
const ENTRIES = [
  { name: 'the server', ...SERVER },
  ...Object.entries(COMMANDS).map(([name, command]) => ({ name: `npm run ${name}`, ...command })),
];

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (specifier) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');

/** Whether `file` (relative to the root) is one of `sources` or inside one of them. */
const isWithin = (file, sources) => sources.some((source) => file === source || file.startsWith(`${source}/`));

const removeOutputs = () => {
  rmSync(serverOutDir, { recursive: true, force: true });
  rmSync(commandsOutDir, { recursive: true, force: true });
};

export const buildServer = async () => {
  removeOutputs();
  const result = await build({
    absWorkingDir: root,
    // Each entry is bundled on its own (no shared chunks): a command's file runs without the server's.
    entryPoints: ENTRIES.map(({ entry, output }) => ({ in: entry, out: path.relative('dist', output).replace(/\.js$/, '') })),
    outdir: 'dist',
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
  const problems = [];
  for (const { name, output, sources } of ENTRIES) {
    const compiled = result.metafile.outputs[output];
    if (!compiled) throw new Error(`esbuild made no ${output} for ${name}`);
    const packages = new Set();
    for (const { path: specifier, external } of compiled.imports) {
      if (!external || specifier.startsWith('node:') || builtins.has(specifier) || specifier.startsWith('.')) continue;
      packages.add(packageOf(specifier));
    }
    const missing = [...packages].filter((pkg) => !(pkg in dependencies)).sort();
    if (missing.length > 0) problems.push(`${name} imports packages that are not in package.json "dependencies": ${missing.join(', ')}`);
    const outside = Object.keys(compiled.inputs).filter((file) => !isWithin(file, sources)).sort();
    if (outside.length > 0) problems.push(`${name} compiles files outside its sources in scripts/build-outputs.mjs: ${outside.join(', ')}`);
    for (const pkg of packages) imported.add(pkg);
  }
  if (problems.length > 0) {
    removeOutputs();
    throw new Error(problems.join('\n'));
  }
  return { packages: [...imported].sort(), outputs: ENTRIES.map(({ output }) => output) };
};

if (process.argv[1] === import.meta.filename) {
  const { packages, outputs } = await buildServer();
  console.log(`Built ${outputs.join(', ')} (importing ${packages.length} packages: ${packages.join(', ')})`);
}
