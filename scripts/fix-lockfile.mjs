// The npm registry this project installs from lacks some platform builds that packages list as optional
// (e.g. @tailwindcss/oxide for macOS and Windows). `npm install` then leaves them out of package-lock.json,
// and `npm ci` refuses the lock as "out of sync". This adds a lock entry, marked optional and limited to its
// platform, for every optional dependency the lock lists but does not contain, so `npm ci` skips it cleanly.
// Run it after any `npm install`: node scripts/fix-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const lockPath = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', 'package-lock.json'));
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const platformOf = (name) => {
  const os = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony'].find((candidate) => name.includes(`-${candidate}-`) || name.endsWith(`-${candidate}`));
  const cpu = ['arm64', 'x64', 'arm', 'ia32', 'wasm32', 'riscv64', 'ppc64', 's390x', 'loong64', 'mips64el'].find((candidate) => name.includes(`-${candidate}`));
  return { os, cpu };
};

let added = 0;
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${location}/node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (packages[nested] || packages[hoisted]) continue;
    const { os, cpu } = platformOf(name);
    if (!os && !cpu) continue;
    packages[hoisted] = {
      version: String(version).replace(/^[\^~]/, ''),
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
      ...(cpu ? { cpu: [cpu === 'wasm32' ? 'wasm32' : cpu] } : {}),
    };
    added += 1;
  }
}
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`fix-lockfile: added ${added} platform-only optional entr${added === 1 ? 'y' : 'ies'}`);
