import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
  rssMb: () => number;
}

export const waitForHealth = async (url: string, timeoutMs = 60000): Promise<number> => {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return Date.now() - started;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
};

/** A port nobody listens on now, from the system (a random pick can meet another test's server). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Waits for health, but fails at once, with its exit code, if the server process ends first. */
export const waitForChildHealth = async (child: ChildProcess, url: string, timeoutMs: number): Promise<void> => {
  const exited = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => reject(new Error(`the server on ${url} exited before it was healthy (code ${code}, signal ${signal})`)));
    // A process that could not be started (ENOENT, EAGAIN) emits 'error', not 'exit'.
    child.once('error', (error) => reject(new Error(`the server on ${url} could not be started: ${error.message}`)));
  });
  exited.catch(() => undefined);
  await Promise.race([waitForHealth(url, timeoutMs), exited]);
};

/**
 * The Node flags `npm start` runs the server with (package.json): young-generation semi-spaces of 4 MB instead of
 * V8's 16, about 25 MB less resident after a load at no measured cost in throughput (decision 111).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];

/** Starts `src/server/main.ts` as its own process, as `npm start` would, and waits until it is healthy. */
export const startServer = async (
  env: Record<string, string>,
  /** `compiled`: run dist/server/main.js with plain node, as `npm start` does (the caller builds it first). */
  options: { quiet?: boolean; nodeArgs?: string[]; compiled?: boolean } = {},
): Promise<ServerProcess> => {
  const port = env.PORT ?? String(await freePort());
  const url = `http://127.0.0.1:${port}`;
  const entry = options.compiled ? ['dist/server/main.js'] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...(options.nodeArgs ?? []), ...entry], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PUBLIC_URL: url, ...env, PORT: port },
    stdio: ['ignore', options.quiet ? 'ignore' : 'inherit', options.quiet ? 'ignore' : 'inherit'],
  });
  await waitForChildHealth(child, url, 60000);
  return {
    url,
    child,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
    rssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round((kb / 1024) * 10) / 10;
    },
  };
};

/** A throw-away database on the local PostgreSQL server; null when the server does not answer. */
export const createScratchDatabase = async (serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test') => {
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  admin.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `hm_scratch_${Date.now().toString(36)}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      cleanup.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
};

export const jsonPost = async (url: string, body: unknown, cookie?: string) => {
  const origin = new URL(url).origin;
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
};

export const cookieOf = (response: Response): string =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
