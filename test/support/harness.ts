import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { SignupRole, UserRole } from '../../src/domain/constants';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createOrPromoteAdmin } from '../../src/server/features/account/create-admin';
import { createSmtpTransport } from '../../src/server/mail/transport';
import type { StorageDriver } from '../../src/server/storage/driver';
import { openDatabase } from '../../src/server/db/client';
import { openTestDatabase } from './database';
import { startSmtpListener, type SmtpListener } from './smtp';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestUser {
  id: string;
  name: string;
  email: string;
  password: string;
  role: UserRole;
  cookie: string;
}

export interface TestContextOptions {
  env?: Record<string, string>;
  smtp?: boolean;
  /** A storage driver of the test's own (e.g. one whose disk fills up); the local driver under DATA_DIR otherwise. */
  storageDriver?: StorageDriver;
  /** A built web app of the test's own (index.html, with a server entry beside it in ../ssr). */
  webRoot?: string;
  /** Hears every statement before it runs; one that throws fails that statement (e.g. as a dropped connection would). */
  onQuery?: (query: string, params: unknown[]) => void;
}

const cookieFrom = (response: LightMyRequestResponse): string =>
  response.cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');

/** Builds the real app on a fresh database; tests call it through app.inject and clean up with close(). */
export const createTestContext = async (options: TestContextOptions = {}) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-test-'));
  const dbHandle = await openTestDatabase({ onQuery: options.onQuery });
  const smtp: SmtpListener | null = options.smtp ? await startSmtpListener() : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...options.env,
  });
  const app: App = await buildApp({
    config,
    dbHandle,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    mailTransport: smtp ? createSmtpTransport(smtp.url) : null,
    storageDriver: options.storageDriver,
    webRoot: options.webRoot,
  });
  await app.ready();

  const inject = (user: TestUser | null, request: InjectOptions) =>
    app.inject({
      ...request,
      headers: {
        origin: TEST_ORIGIN,
        ...(user ? { cookie: user.cookie } : {}),
        ...(request.headers ?? {}),
      },
    });

  let counter = 0;
  const signUp = async (role: SignupRole, overrides: Partial<{ name: string; email: string; password: string }> = {}): Promise<TestUser> => {
    counter += 1;
    const body = {
      name: overrides.name ?? `Test ${role} ${counter}`,
      email: overrides.email ?? `${role}-${counter}-${randomBytes(3).toString('hex')}@example.com`,
      password: overrides.password ?? 'correct horse battery',
      role,
    };
    const response = await inject(null, { method: 'POST', url: '/api/account/sign-up', payload: body });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().user.id, name: body.name, email: body.email, password: body.password, role, cookie: cookieFrom(response) };
  };

  const signIn = async (email: string, password: string): Promise<LightMyRequestResponse> =>
    inject(null, { method: 'POST', url: '/api/account/sign-in', payload: { email, password } });

  const createAdmin = async (): Promise<TestUser> => {
    counter += 1;
    const email = `admin-${counter}-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'admin password 123';
    const { userId } = await createOrPromoteAdmin(app.db, app.auth, { email, password, name: `Admin ${counter}` });
    const response = await signIn(email, password);
    expect(response.statusCode, response.body).toBe(200);
    return { id: userId, name: `Admin ${counter}`, email, password, role: 'admin', cookie: cookieFrom(response) };
  };

  /**
   * A second app instance on the same database, as a load balancer's second container: on PostgreSQL its own pool
   * (and listening connection); on PGlite the same in-process database.
   */
  const secondInstance = async (): Promise<{ app: App; inject: typeof inject; close: () => Promise<void> }> => {
    const handle = dbHandle.url ? await openDatabase({ databaseUrl: dbHandle.url, poolSize: 3 }) : dbHandle;
    const second: App = await buildApp({ config, dbHandle: handle, logger: false, mailTransport: null });
    await second.ready();
    return {
      app: second,
      inject: (user, request) =>
        second.inject({ ...request, headers: { origin: TEST_ORIGIN, ...(user ? { cookie: user.cookie } : {}), ...(request.headers ?? {}) } }),
      close: async () => {
        await second.close();
        if (handle !== dbHandle) await handle.close();
      },
    };
  };

  const close = async () => {
    await app.close();
    await dbHandle.close();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  };

  return { app, db: app.db, config, smtp, inject, signUp, signIn, createAdmin, secondInstance, close, cookieFrom };
};

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

/**
 * One context for a test file: created before its tests and given to `setup`, which keeps it and makes the people the
 * tests need; closed after the last test.
 */
export const withTestContext = (setup: (ctx: TestContext) => Promise<void>, options: TestContextOptions = {}, timeoutMs?: number): void => {
  let created: TestContext | undefined;
  beforeAll(async () => {
    created = await createTestContext(options);
    await setup(created);
  }, timeoutMs);
  afterAll(async () => {
    await created?.close();
  });
};

/** Expects a response's status (200 unless told; the body is the failure's message) and returns its JSON. */
export const ok = <T>(response: LightMyRequestResponse, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};

export type Caller = 'anonymous' | UserRole | string;

/**
 * Calls one request as several callers and checks each status, so an authorization test reads as a table:
 * `await expectAccess(ctx, req, [['anonymous', null, 401], ['maker', maker, 403], ['owner', client, 200]])`.
 */
export const expectAccess = async (
  ctx: TestContext,
  request: InjectOptions | ((caller: TestUser | null) => InjectOptions),
  cases: ReadonlyArray<readonly [label: Caller, user: TestUser | null, status: number]>,
): Promise<void> => {
  const outcomes: string[] = [];
  const expected: string[] = [];
  for (const [label, user, status] of cases) {
    const response = await ctx.inject(user, typeof request === 'function' ? request(user) : request);
    outcomes.push(`${label}: ${response.statusCode}`);
    expected.push(`${label}: ${status}`);
  }
  expect(outcomes).toEqual(expected);
};
