import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_PORT, serveDatabaseSocket, type DatabaseSocket } from '../../src/server/db/socket';

// The server's own queries and the socket's clients share one PGlite session; these check that neither ever runs
// inside the other's transaction, which the package's own per-message queue allowed.
describe('the embedded database shared on a socket', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'hm-sock-'));
  let db: PGlite;
  let socket: DatabaseSocket;
  const clients: pg.Client[] = [];
  let exchangesEnded = 0;

  const connect = async () => {
    const client = new pg.Client({ host: dir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined); // a client the server disconnects fails its next query instead
    await client.connect();
    clients.push(client);
    return client;
  };
  const names = async () => (await db.query<{ name: string }>('select name from notes order by name')).rows.map((row) => row.name);

  beforeAll(async () => {
    db = await PGlite.create('memory://');
    await db.exec('create table notes (name text primary key)');
    socket = await serveDatabaseSocket({
      db,
      dataDir: dir,
      idleInTransactionMs: 1500,
      afterClientExchange: () => {
        exchangesEnded += 1;
      },
    });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await db.exec('delete from notes');
  });
  afterAll(async () => {
    await socket.stop();
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells the server when a client’s statement or transaction has ended (the session cache forgets what it held)', async () => {
    const client = await connect();
    const before = exchangesEnded;
    await client.query(`insert into notes values ('one')`);
    expect(exchangesEnded).toBe(before + 1);
    await client.query('begin');
    await client.query(`insert into notes values ('two')`);
    expect(exchangesEnded).toBe(before + 1);
    await client.query('commit');
    expect(exchangesEnded).toBe(before + 2);
  });

  it('holds the server’s query until a client’s transaction ends, so a client’s rollback never takes it along', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into notes values ('client')`);
    let serverDone = false;
    const serverWrite = db.query(`insert into notes values ('server')`).then(() => {
      serverDone = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(serverDone).toBe(false);
    await client.query('rollback');
    await serverWrite;
    expect(await names()).toEqual(['server']);
  });

  it('holds a client’s statement until the server’s transaction ends, so the server’s rollback never takes it along', async () => {
    const client = await connect();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const serverTransaction = db
      .transaction(async (tx) => {
        await tx.query(`insert into notes values ('server')`);
        await held;
        throw new Error('the server rolls back');
      })
      .catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const clientWrite = client.query(`insert into notes values ('client')`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    release();
    await serverTransaction;
    await clientWrite;
    expect(await names()).toEqual(['client']);
  });

  it('keeps two clients’ transactions whole: each commits only its own rows', async () => {
    const [first, second] = [await connect(), await connect()];
    await first.query('begin');
    await first.query(`insert into notes values ('first-1')`);
    const secondWork = (async () => {
      await second.query('begin');
      await second.query(`insert into notes values ('second-1')`);
      await second.query('rollback');
    })();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await first.query(`insert into notes values ('first-2')`);
    await first.query('commit');
    await secondWork;
    expect(await names()).toEqual(['first-1', 'first-2']);
  });

  it('answers interleaved parameterised statements from many clients and the server, and loses none', async () => {
    const pool = await Promise.all([1, 2, 3, 4].map(() => connect()));
    const clientWrites = pool.map(async (client, clientIndex) => {
      for (let index = 0; index < 10; index += 1) await client.query('insert into notes values ($1)', [`client-${clientIndex}-${index}`]);
    });
    const serverWrites = Array.from({ length: 40 }, (_, index) =>
      index % 5 === 0
        ? db.transaction(async (tx) => tx.query('insert into notes values ($1)', [`server-${index}`]))
        : db.query('insert into notes values ($1)', [`server-${index}`]),
    );
    await Promise.all([...clientWrites, ...serverWrites]);
    const stored = await names();
    expect(stored).toHaveLength(80);
    expect(stored.filter((name) => name.startsWith('client-'))).toHaveLength(40);
  });

  it('rolls back and disconnects a client that leaves a transaction open and idle, and the server goes on', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into notes values ('abandoned')`);
    const started = Date.now();
    await db.query(`insert into notes values ('server')`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(await names()).toEqual(['server']);
    await expect(client.query('select 1')).rejects.toThrow();
    expect(socket.connections()).toBe(0);
  });

  it('rolls back the transaction of a client that disconnects in the middle of it', async () => {
    const client = await connect();
    await client.query('begin');
    await client.query(`insert into notes values ('half-done')`);
    clients.splice(clients.indexOf(client), 1);
    await client.end();
    await db.query(`insert into notes values ('server')`);
    expect(await names()).toEqual(['server']);
  });
});
