import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/server-process';
import { DataDirInUseError, lockDataDirForServer, lockFileFor, readLockHolder, readProcessStart, socketAnswers, tryLockDataDir } from '../../src/server/db/data-dir-lock';
import { serveDatabaseSocket, socketPathFor } from '../../src/server/db/socket';
import { makeDataDir } from './processes';

/** The pid of a process that has ended: nothing answers to it any more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** Something listening on DATA_DIR's socket, as a running server does. */
const listenOnSocket = (dir: string) =>
  new Promise<Server>((resolve, reject) => {
    const server = createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(socketPathFor(dir), () => resolve(server));
  });
const closeServer = (server: Server) => new Promise((resolve) => server.close(resolve));

/** The socket file a killed server leaves behind: nobody listens on it any more. */
const leaveDeadSocket = (dir: string) => {
  const script = `require('node:net').createServer().listen(${JSON.stringify(socketPathFor(dir))}, () => process.kill(process.pid, 'SIGKILL'))`;
  spawnSync(process.execPath, ['-e', script]);
  expect(existsSync(socketPathFor(dir))).toBe(true);
};

/** Why this machine cannot run a process in a PID namespace of its own (tried once), or null when it can. */
const pidNamespaceUnavailable = (() => {
  const tried = spawnSync('unshare', ['-r', '-p', '-f', '--mount-proc', 'true'], { encoding: 'utf8', timeout: 20000 });
  if (tried.status === 0) return null;
  return `unshare -r -p -f --mount-proc cannot create a PID namespace here: ${tried.error?.message ?? (tried.stderr.trim() || `exit ${tried.status}`)}`;
})();

/** other-namespace.ts run in a PID namespace of its own, as from a second container sharing the data volume. */
const fromAnotherPidNamespace = (dir: string) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const child = spawn('unshare', ['-r', '-p', '-f', '--mount-proc', process.execPath, '--import', 'tsx', 'test/embedded-database/other-namespace.ts', dir], { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(stdout) as Record<string, unknown>) : reject(new Error(`exit ${code}\n${stdout}\n${stderr}`))));
  });

describe('the DATA_DIR lock', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = makeDataDir();
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('writes its holder with the pid, and removes only its own file on release', async () => {
    const dir = dataDir();
    const attempt = await tryLockDataDir(dir, 'command', 'create-admin');
    if (!('lock' in attempt)) throw new Error('expected the lock');
    expect(JSON.parse(readFileSync(lockFileFor(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'command', name: 'create-admin' });
    expect(await readLockHolder(dir)).toMatchObject({ pid: process.pid });
    // Another process took the directory over meanwhile: releasing must not remove its lock.
    const theirs = JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'theirs' });
    writeFileSync(lockFileFor(dir), theirs);
    attempt.lock.release();
    expect(readFileSync(lockFileFor(dir), 'utf8')).toBe(theirs);
  });

  it('refuses while a live process holds it, and says who', async () => {
    const dir = dataDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'live', processStart: readProcessStart(process.ppid) }));
    expect(await tryLockDataDir(dir, 'command')).toEqual({ holder: expect.objectContaining({ pid: process.ppid, role: 'server' }) });
    // Without a start time to compare (none recorded, or no /proc as on macOS) the live pid may not be the holder:
    // still refused, and said to be unverified unless its socket answers.
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'unchecked' }));
    expect(await tryLockDataDir(dir, 'command')).toEqual({ holder: expect.objectContaining({ pid: process.ppid, role: 'server' }), unverified: true });
    const listener = await listenOnSocket(dir);
    try {
      expect(await tryLockDataDir(dir, 'command')).toEqual({ holder: expect.objectContaining({ pid: process.ppid, role: 'server' }) });
    } finally {
      await closeServer(listener);
    }
  });

  it('a holder whose pid is dead here is alive while something answers on its socket, and taken over once nothing does', async () => {
    const dir = dataDir();
    const lock = JSON.stringify({ pid: deadPid(), role: 'server', name: 'server', nonce: 'elsewhere', processStart: '1' });
    writeFileSync(lockFileFor(dir), lock);
    const listener = await listenOnSocket(dir);
    try {
      expect(await socketAnswers(dir)).toBe(true);
      expect(await tryLockDataDir(dir, 'command')).toEqual({ holder: expect.objectContaining({ nonce: 'elsewhere' }) });
      expect(await readLockHolder(dir)).toMatchObject({ nonce: 'elsewhere' });
      await expect(lockDataDirForServer({ dataDir: dir, configuredDir: './data', siteName: 'Humanmade' })).rejects.toThrow(DataDirInUseError);
      expect(readFileSync(lockFileFor(dir), 'utf8')).toBe(lock);
    } finally {
      await closeServer(listener);
    }
    const attempt = await tryLockDataDir(dir, 'server');
    expect('lock' in attempt).toBe(true);
    if ('lock' in attempt) attempt.lock.release();
  });

  it('takes over the lock of a holder that died, and of a pid now used by another process', async () => {
    const dir = dataDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: deadPid(), role: 'server', name: 'server', nonce: 'dead' }));
    const attempt = await tryLockDataDir(dir, 'server');
    expect('lock' in attempt).toBe(true);
    if ('lock' in attempt) attempt.lock.release();
    // Our parent is alive, but it started at another time than the holder recorded: the pid was reused.
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'reused', processStart: '1' }));
    const reused = await tryLockDataDir(dir, 'server');
    expect('lock' in reused).toBe(true);
    if ('lock' in reused) reused.lock.release();
    // A server killed with its socket file left behind: the file refuses connections, and the lock is stale.
    leaveDeadSocket(dir);
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: deadPid(), role: 'server', name: 'server', nonce: 'killed', processStart: '1' }));
    expect(await socketAnswers(dir)).toBe(false);
    expect('lock' in (await tryLockDataDir(dir, 'server'))).toBe(true);
  });

  it('a server refuses with the message naming DATA_DIR as configured, and waits for a command instead', async () => {
    const dir = dataDir();
    const live = { pid: process.ppid, role: 'server', name: 'server', nonce: 'live' };
    writeFileSync(lockFileFor(dir), JSON.stringify({ ...live, processStart: readProcessStart(process.ppid) }));
    const refusal = lockDataDirForServer({ dataDir: dir, configuredDir: './data', siteName: 'Humanmade' });
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(new RegExp(`^Another Humanmade server is using \\./data \\(pid ${process.ppid}\\)\\. Stop it, or set DATA_DIR\\.$`));
    // A pid that lives but cannot be checked as the holder's (no /proc, as on macOS): the refusal names the file to
    // remove if no server runs, rather than refusing for ever without saying where the lock is.
    writeFileSync(lockFileFor(dir), JSON.stringify(live));
    await expect(lockDataDirForServer({ dataDir: dir, configuredDir: './data', siteName: 'Humanmade' })).rejects.toThrow(
      `Another Humanmade server is using ./data (pid ${process.ppid}). Stop it, or set DATA_DIR. Its pid could not be checked here: if no Humanmade server runs on ./data, the lock is stale; remove ${lockFileFor(dir)}.`,
    );

    const command = { pid: process.ppid, role: 'command', name: 'seed-demo', nonce: 'command' };
    writeFileSync(lockFileFor(dir), JSON.stringify(command));
    const waitedFor: string[] = [];
    const claim = lockDataDirForServer({ dataDir: dir, configuredDir: './data', siteName: 'Humanmade', pollMs: 20, onWait: (holder) => waitedFor.push(holder.name) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    rmSync(lockFileFor(dir)); // the command finished
    const lock = await claim;
    expect(waitedFor).toEqual(['seed-demo']);
    expect(lock.holder).toMatchObject({ pid: process.pid, role: 'server' });
    lock.release();
  });

  // A second container on the same volume (`docker compose run app npm run create-admin`, a second server during a
  // rolling deploy) sees the holder's pid as missing or as another process: its socket still says it is alive.
  it('a holder in another PID namespace is not taken over: a server is refused and a command uses its socket', async ({ skip }) => {
    if (pidNamespaceUnavailable) skip(pidNamespaceUnavailable);
    const dir = dataDir();
    const attempt = await tryLockDataDir(dir, 'server');
    if (!('lock' in attempt)) throw new Error('expected the lock');
    const lock = readFileSync(lockFileFor(dir), 'utf8');
    const db = await PGlite.create('memory://');
    const socket = await serveDatabaseSocket({ db, dataDir: dir });
    try {
      const seen = await fromAnotherPidNamespace(dir);
      expect(seen.holderPidHere).not.toBe('the holder'); // what the pid alone says there
      expect(seen).toMatchObject({
        readLockHolder: process.pid,
        command: process.pid,
        server: `Another Humanmade server is using ./data (pid ${process.pid}). Stop it, or set DATA_DIR.`,
        commandDatabase: 'server',
      });
      expect(readFileSync(lockFileFor(dir), 'utf8')).toBe(lock);
      expect(existsSync(path.join(dir, 'pglite'))).toBe(false);
    } finally {
      await socket.stop();
      await db.close();
      attempt.lock.release();
    }
  }, 120000);
});
