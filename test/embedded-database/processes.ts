import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { lockFileFor } from '../../src/server/db/data-dir-lock';
import { SOCKET_PORT, socketPathFor } from '../../src/server/db/socket';
import { freePort, jsonPost, root, waitForChildHealth, type ServerProcess } from '../../scripts/lib/server-process';

export { freePort };

/** What every process here runs with: the embedded database in `dataDir`, even where the suite has DATABASE_URL. */
export const embeddedEnv = (dataDir: string): Record<string, string> => ({
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  SMTP_URL: '',
  REDIS_URL: '',
  NODE_ENV: 'test',
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_PER_MINUTE: '100000',
});

export const makeDataDir = () => mkdtempSync(path.join(tmpdir(), 'hm-embedded-'));

/** `npm start`'s server (src/server/main.ts) on its own port, healthy; stopped again if it never gets there. */
export const startEmbeddedServer = async (dataDir: string, givenPort?: number): Promise<ServerProcess> => {
  const port = givenPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...embeddedEnv(dataDir), HOST: '127.0.0.1', PUBLIC_URL: url, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = (signal: NodeJS.Signals = 'SIGTERM') =>
    new Promise<number | null>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode);
      child.once('exit', (code) => resolve(code));
      child.kill(signal);
    });
  try {
    // Two cores shared with other work: a cold start through tsx has taken over a minute. A server that exits (a
    // refused lock) fails the start at once, with its exit code.
    await waitForChildHealth(child, url, 180000);
  } catch (error) {
    await stop('SIGKILL');
    throw error;
  }
  return { url, child, stop, rssMb: () => 0 };
};

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a TypeScript entry point as `npm run <script>` does, to its end. */
export const runProcess = (entry: string, args: string[], env: Record<string, string>, timeoutMs = 300000): Promise<Finished> =>
  new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], { cwd: root, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${entry} did not finish within ${timeoutMs} ms\n${stdout}\n${stderr}`));
    }, timeoutMs);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });

export const signIn = (server: ServerProcess, email: string, password: string) => jsonPost(`${server.url}/api/account/sign-in`, { email, password });

/** A node-postgres client through the running server's socket, as a person's psql would connect. */
export const connectThroughSocket = async (dataDir: string) => {
  const client = new pg.Client({ host: dataDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
  client.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  await client.connect();
  return client;
};

/** Whether the lock file and the socket are still in DATA_DIR. */
export const leftovers = (dataDir: string) => ({ lock: existsSync(lockFileFor(dataDir)), socket: existsSync(socketPathFor(dataDir)) });
