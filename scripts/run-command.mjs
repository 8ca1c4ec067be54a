// npm run create-admin / npm run seed-demo: runs an operator command (decision 225). The build compiles each one
// beside the server (dist/scripts/<name>.js, scripts/build-server.mjs), and that file runs with plain `node` when it
// is current, as on a production install (`npm ci --omit=dev`), which has neither tsx nor the TypeScript sources.
// When it is missing or older than its sources (a fresh clone, or an edit since the last build), the TypeScript runs
// through tsx, so `npm ci && npm run create-admin …` needs no build first. It never builds: a build replaces
// dist/server under a server that may be running.
// Usage: node scripts/run-command.mjs <name> [arguments for the command…]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COMMANDS, isStale, root } from './build-outputs.mjs';

const [name, ...args] = process.argv.slice(2);
const command = COMMANDS[name];
if (!command) {
  console.error(`Usage: node scripts/run-command.mjs <${Object.keys(COMMANDS).join('|')}> [arguments…]`);
  process.exit(2);
}

const compiled = path.join(root, command.output);
const source = path.join(root, command.entry);
const hasTsx = existsSync(path.join(root, 'node_modules/tsx')) && existsSync(source);
const stale = isStale([command.output], command.sources);

if (existsSync(compiled) && (!stale || !hasTsx)) {
  if (stale) console.warn(`${command.output} looks older than its sources, but there is no tsx and ${command.entry} to run instead (npm ci --omit=dev): running it as it is.`);
  // In this process, with the arguments the command would have had run as `node dist/scripts/<name>.js …`.
  process.argv = [process.argv[0], compiled, ...args];
  await import(pathToFileURL(compiled).href);
} else if (hasTsx) {
  // `node --import tsx` is what the tsx command runs. The child is this command: signals reach it and its exit code
  // is this process's.
  const child = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), source, ...args], { stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    console.error(`${command.entry} could not be started: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(signal ? 128 + constants.signals[signal] : (code ?? 1)));
} else {
  console.error(`There is no ${command.output}, and tsx is not installed to run ${command.entry}. Run \`npm ci\` and \`npm run build\` first.`);
  process.exit(1);
}
