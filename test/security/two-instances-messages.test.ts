import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { makerProfiles } from '../../src/server/db/schema';

/**
 * A message posted through one instance reaches a stream held on another: both share one PostgreSQL, whose
 * NOTIFY (sent by the writing transaction) reaches every instance's LISTEN.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.log('TEST_DATABASE_URL is not set: the two-instance message test (which needs PostgreSQL) is skipped.');

const ORIGIN = 'http://localhost:3000';

describe.skipIf(!serverUrl)('messages across two instances', () => {
  const name = `hm_msg_${randomBytes(5).toString('hex')}`;
  const databaseUrl = serverUrl ? Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString() : '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hm-msg-'));
  let a: App;
  let b: App;
  let baseB = '';

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    client.on('error', () => undefined); // a dropped connection fails the pending query instead of ending the process
    await client.connect();
    await client.query(sql);
    await client.end();
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, AUTH_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' };
    a = await buildApp({ config: loadConfig(env), logger: false, mailTransport: null });
    await a.ready();
    b = await buildApp({ config: loadConfig(env), logger: false, mailTransport: null });
    baseB = await b.listen({ port: 0, host: '127.0.0.1' });
  }, 120_000);

  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (serverUrl) await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  });

  let address = 0;
  const call = (app: App, request: InjectOptions, cookie?: string) => {
    address += 1;
    return app.inject({ ...request, remoteAddress: `10.30.0.${address}`, headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}), ...request.headers } });
  };
  const signUp = async (role: 'maker' | 'client') => {
    const response = await call(a, {
      method: 'POST',
      url: '/api/account/sign-up',
      payload: { name: `Twin ${role}`, email: `twin-${role}-${randomBytes(3).toString('hex')}@example.com`, password: 'shared password', role },
    });
    expect(response.statusCode, response.body).toBe(201);
    return { id: response.json().user.id as string, cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; ') };
  };

  it('delivers a message posted on A to a stream on B, and moves the unread count on both', async () => {
    const client = await signUp('client');
    const maker = await signUp('maker');
    await a.db.update(makerProfiles).set({ applicationStatus: 'approved' }).where(eq(makerProfiles.userId, maker.id));

    const events: Array<{ event: string; data: string }> = [];
    let request: http.ClientRequest | null = null;
    await new Promise<void>((resolve, reject) => {
      request = http.get(`${baseB}/api/conversations/events`, { headers: { accept: 'text/event-stream', cookie: maker.cookie } }, (response) => {
        let buffer = '';
        response.setEncoding('utf8');
        response.on('error', () => undefined);
        response.on('data', (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data });
          }
        });
        resolve();
      });
      request.on('error', reject);
    });
    await expect.poll(() => events.some((e) => e.event === 'unread')).toBe(true);

    const started = await call(a, { method: 'POST', url: '/api/conversations', payload: { creatorId: maker.id, body: 'Sent through A', clientMessageId: randomUUID() } }, client.cookie);
    expect(started.statusCode, started.body).toBe(201);
    await expect.poll(() => events.some((e) => e.event === 'message' && JSON.parse(e.data).body === 'Sent through A'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => events.some((e) => e.event === 'unread' && JSON.parse(e.data).unread === 1), { timeout: 5000 }).toBe(true);
    expect((await call(a, { method: 'GET', url: '/api/conversations/events' }, maker.cookie)).json()).toEqual({ unread: 1 });
    expect((await call(b, { method: 'GET', url: '/api/conversations/events' }, maker.cookie)).json()).toEqual({ unread: 1 });
    (request as http.ClientRequest | null)?.destroy();
  });
});
