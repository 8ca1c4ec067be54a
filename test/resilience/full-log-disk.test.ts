import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonPost, root, waitForChildHealth } from '../../scripts/lib/server-process';
import { embeddedEnv, freePort, makeDataDir } from '../embedded-database/processes';

// The server's standard output and error on a disk with no room left (`npm start > humanmade.log` on a full disk).
// /dev/full answers every write with ENOSPC. pino's own destination emitted 'error' with no listener on the first
// log line, and better-auth's console warning on a wrong password did the same on stderr: the process ended.
describe.skipIf(!existsSync('/dev/full'))('a server whose log is on a full disk', () => {
  const dataDir = makeDataDir();
  const full = openSync('/dev/full', 'w');
  afterAll(() => {
    closeSync(full);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps serving, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      // Development, so better-auth logs (it is silent under NODE_ENV=test); every request is logged at info.
      env: { ...process.env, ...embeddedEnv(dataDir), NODE_ENV: 'development', LOG_LEVEL: 'info', HOST: '127.0.0.1', PUBLIC_URL: url, PORT: String(port) },
      stdio: ['ignore', full, full],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitForChildHealth(child, url, 180000);
      const signUp = await jsonPost(`${url}/api/account/sign-up`, { name: 'Log Full', email: 'log-full@example.test', password: 'a long enough password', role: 'client' });
      expect(signUp.status).toBe(201);
      const wrongPassword = await jsonPost(`${url}/api/account/sign-in`, { email: 'log-full@example.test', password: 'not the password at all' });
      expect(wrongPassword.status).toBe(401);
      for (let index = 0; index < 20; index += 1) expect((await fetch(`${url}/api/health`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(child.exitCode).toBeNull();

      const signIn = await jsonPost(`${url}/api/account/sign-in`, { email: 'log-full@example.test', password: 'a long enough password' });
      expect(signIn.status).toBe(200);
      child.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve('still running 20 s after SIGTERM'), 20000))]);
      expect(code).toBe(0);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 300000);
});
