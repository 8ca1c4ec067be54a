import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

export const E2E_ADMIN = { email: 'admin@e2e.humanmade.test', password: 'e2e admin password' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    adminEmail: string;
    adminPassword: string;
    /** The running server's DATA_DIR: a journey that moves the clock reaches its database through the socket there. */
    dataDir: string;
  }
}

const root = path.resolve(import.meta.dirname, '../..');
let server: ChildProcess | null = null;
let dataDir = '';

const waitForHealth = async (url: string, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${url} did not become healthy`);
};

/** Starts the real built app on an empty embedded database, with an admin made by the create-admin CLI. */
export const setup = async (project: TestProject) => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'hm-e2e-'));
  const port = 3300 + Math.floor(Math.random() * 500);
  const baseURL = `http://localhost:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '10000',
    // Every journey posts from 127.0.0.1: the limit is the contact tests' own (src/server/features/contact), not theirs.
    CONTACT_RATE_LIMIT_PER_10_MINUTES: '1000',
  };
  delete env.DATABASE_URL;
  const admin = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/create-admin.ts', '--email', E2E_ADMIN.email, '--password', E2E_ADMIN.password, '--name', 'Ada Admin'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (admin.status !== 0) throw new Error(`create-admin failed: ${admin.stderr}`);
  const fixtures = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/support/seed-fixtures.ts'], { cwd: root, env, encoding: 'utf8' });
  if (fixtures.status !== 0) throw new Error(`e2e fixtures failed: ${fixtures.stderr}${fixtures.stdout}`);

  server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  await waitForHealth(baseURL, 60000);
  project.provide('baseURL', baseURL);
  project.provide('adminEmail', E2E_ADMIN.email);
  project.provide('adminPassword', E2E_ADMIN.password);
  project.provide('dataDir', dataDir);
};

export const teardown = async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
};
