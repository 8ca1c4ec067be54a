import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { jsonPost, type ServerProcess } from '../../scripts/lib/server-process';
import { connectThroughSocket, leftovers, makeDataDir, startEmbeddedServer } from './processes';

const WRITERS = 6;

// A power cut for the process: SIGKILL leaves no time to close PGlite, remove the lock or the socket.
describe.skipIf(process.env.TEST_DATABASE_URL)('the embedded database after kill -9 in the middle of sign-ups', () => {
  const dataDir = makeDataDir();
  let server: ServerProcess | undefined;

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens again on restart, and every sign-up that was answered 2xx is there, whole', async () => {
    server = await startEmbeddedServer(dataDir);
    const first = server;
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const writer = async (id: number) => {
      for (let index = 0; !killed; index += 1) {
        const email = `w${id}-${index}@kill.humanmade.test`;
        sent += 1;
        const response = await jsonPost(`${first.url}/api/account/sign-up`, { name: `Writer ${id}`, email, password: 'a long enough password', role: 'client' }).catch(() => null);
        if (response && response.status >= 200 && response.status < 300) acknowledged.push(email);
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, id) => writer(id));
    // Kill once the burst is well under way, with requests of every writer in flight.
    while (acknowledged.length < 25) await new Promise((resolve) => setTimeout(resolve, 20));
    first.child.kill('SIGKILL');
    killed = true;
    await new Promise((resolve) => first.child.once('exit', resolve));
    await Promise.all(writers);
    expect(leftovers(dataDir)).toEqual({ lock: true, socket: true });

    // The dead server's lock is taken over and its socket file replaced.
    server = await startEmbeddedServer(dataDir);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    const client = await connectThroughSocket(dataDir);
    try {
      const { rows } = await client.query<{ email: string }>(`select email from "user" where email like '%@kill.humanmade.test'`);
      const stored = new Set(rows.map((row) => row.email));
      expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
      const orphans = await client.query(
        `select u.id from "user" u left join user_roles r on r.user_id = u.id left join profiles p on p.id = u.id where r.user_id is null or p.id is null`,
      );
      expect(orphans.rowCount).toBe(0);
      console.log(`kill -9: ${sent} sign-ups sent, ${acknowledged.length} answered 2xx, ${stored.size} stored after the restart`);
    } finally {
      await client.end();
    }
    const after = await jsonPost(`${server.url}/api/account/sign-up`, { name: 'After', email: 'after@kill.humanmade.test', password: 'a long enough password', role: 'client' });
    expect(after.status).toBe(201);
  }, 480000);
});
