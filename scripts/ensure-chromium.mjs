// Browser journeys use Debian's Chromium; never a browser downloaded by a test tool.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const ensureChromium = () => {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/etc/debian_version')) {
    console.log('Chromium is missing: installing Debian\'s chromium package…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(`Chromium not found at ${CHROMIUM_PATH}. Install Debian's "chromium" package (apt-get install chromium).`);
};

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
