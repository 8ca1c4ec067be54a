import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDirForServer, lockFileFor, readLockHolder, tryLockDataDir } from '../../src/server/db/data-dir-lock';
import { makeDataDir } from './processes';

/** The pid of a process that has ended: nothing answers to it any more. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

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

  it('writes its holder with the pid, and removes only its own file on release', () => {
    const dir = dataDir();
    const attempt = tryLockDataDir(dir, 'command', 'create-admin');
    if (!('lock' in attempt)) throw new Error('expected the lock');
    expect(JSON.parse(readFileSync(lockFileFor(dir), 'utf8'))).toMatchObject({ pid: process.pid, role: 'command', name: 'create-admin' });
    expect(readLockHolder(dir)).toMatchObject({ pid: process.pid });
    // Another process took the directory over meanwhile: releasing must not remove its lock.
    const theirs = JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'theirs' });
    writeFileSync(lockFileFor(dir), theirs);
    attempt.lock.release();
    expect(readFileSync(lockFileFor(dir), 'utf8')).toBe(theirs);
  });

  it('refuses while a live process holds it, and says who', () => {
    const dir = dataDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'live' }));
    expect(tryLockDataDir(dir, 'command')).toEqual({ holder: expect.objectContaining({ pid: process.ppid, role: 'server' }) });
  });

  it('takes over the lock of a holder that died, and of a pid now used by another process', () => {
    const dir = dataDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: deadPid(), role: 'server', name: 'server', nonce: 'dead' }));
    const attempt = tryLockDataDir(dir, 'server');
    expect('lock' in attempt).toBe(true);
    if ('lock' in attempt) attempt.lock.release();
    // Our parent is alive, but it started at another time than the holder recorded: the pid was reused.
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'reused', processStart: '1' }));
    expect('lock' in tryLockDataDir(dir, 'server')).toBe(true);
  });

  it('a server refuses with the message naming DATA_DIR as configured, and waits for a command instead', async () => {
    const dir = dataDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, role: 'server', name: 'server', nonce: 'live' }));
    const refusal = lockDataDirForServer({ dataDir: dir, configuredDir: './data', siteName: 'Humanmade' });
    await expect(refusal).rejects.toThrow(DataDirInUseError);
    await expect(refusal).rejects.toThrow(`Another Humanmade server is using ./data (pid ${process.ppid}). Stop it, or set DATA_DIR.`);

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
});
