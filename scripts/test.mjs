// `npm test`: unit and API tests, then a production build, then browser journeys against it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (label, args, env = {}) => {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    process.exit(result.status ?? 1);
  }
};
const vitest = path.join(root, 'node_modules/vitest/vitest.mjs');

ensureChromium();
run('unit and API tests', [vitest, 'run', '--project', 'unit', '--project', 'api', '--project', 'api-isolated']);
run('build', [path.join(root, 'scripts/build-if-needed.mjs'), '--force']);
run('browser journeys', [vitest, 'run', '--project', 'e2e']);
