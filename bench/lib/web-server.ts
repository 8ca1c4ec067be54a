import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cookieOf, jsonPost, root, startServer, type ServerProcess } from '../../scripts/lib/server-process';
import { DEMO_PASSWORD, demoEmail } from '../../scripts/seed-demo/seed-creators';

export const BENCH_ADMIN = { email: 'bench-admin@bench.humanmade.test', password: 'a long bench admin password' };

/** Demo accounts that open each dashboard (scripts/seed-demo). */
export const DASHBOARD_LOGINS = {
  '/dashboard-client': { email: demoEmail('juniper'), password: DEMO_PASSWORD },
  '/dashboard-maker': { email: demoEmail('ines'), password: DEMO_PASSWORD },
  '/dashboard-mind': { email: demoEmail('clara'), password: DEMO_PASSWORD },
  '/dashboard-admin': BENCH_ADMIN,
} as const;

export interface DemoServer {
  server: ServerProcess;
  /** A cookie header for each dashboard path, signed in as its demo account. */
  cookies: Map<string, string>;
  studioPath: string;
  close: () => Promise<void>;
}

const runScript = (script: string, args: string[], env: Record<string, string>) => {
  const result = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'development', LOG_LEVEL: 'error' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr || result.stdout}`);
};

/** The built app on embedded PGlite in a scratch DATA_DIR, with the demo data and an admin. */
export const startDemoServer = async (): Promise<DemoServer> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-bench-web-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: '', REDIS_URL: '' };
  try {
    runScript('scripts/seed-demo.ts', [], env);
    runScript('scripts/create-admin.ts', ['--email', BENCH_ADMIN.email, '--password', BENCH_ADMIN.password, '--name', 'Bench Admin'], env);
    // Not NODE_ENV=production: its `upgrade-insecure-requests` and Secure cookies assume HTTPS, and this server is
    // plain HTTP on 127.0.0.1. Everything that shapes what a page loads is the same in both modes.
    const server = await startServer(
      { ...env, NODE_ENV: 'test', AUTH_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'error', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
      { quiet: true },
    );
    const cookies = new Map<string, string>();
    for (const [dashboard, login] of Object.entries(DASHBOARD_LOGINS)) {
      const response = await jsonPost(`${server.url}/api/account/sign-in`, login);
      if (!response.ok) throw new Error(`Signing in for ${dashboard} failed: ${response.status} ${await response.text()}`);
      cookies.set(dashboard, cookieOf(response));
    }
    const listing = (await (await fetch(`${server.url}/api/marketplace/creators?role=maker&seal=1`)).json()) as { creators: Array<{ id: string }> };
    const studio = listing.creators[0];
    if (!studio) throw new Error('The demo data has no maker with the Seal.');
    return {
      server,
      cookies,
      studioPath: `/studio/${studio.id}`,
      close: async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
};
