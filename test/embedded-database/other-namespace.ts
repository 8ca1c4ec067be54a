// Run by data-dir-lock.test.ts inside a PID namespace of its own (`unshare -p`), as a second container sharing the
// data volume would run create-admin or a second server: it prints, as JSON, what the lock code here makes of the
// holder of DATA_DIR (argv[2]), which lives in the namespace outside.
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../src/server/config';
import { openCommandDatabase } from '../../src/server/db/command-database';
import { lockDataDirForServer, lockFileFor, readLockHolder, readProcessStart, tryLockDataDir } from '../../src/server/db/data-dir-lock';

const dataDir = process.argv[2]!;
const tookIt = 'took the lock';

/** The holder's pid as seen here: no process, or one that started at another time than the holder recorded. */
const pidHere = (pid: number, processStart: string) => {
  const start = readProcessStart(pid);
  if (start === undefined) return 'no process';
  return start === processStart ? 'the holder' : 'another process';
};

const main = async () => {
  const holder = JSON.parse(readFileSync(lockFileFor(dataDir), 'utf8')) as { pid: number; processStart: string };
  const seen: Record<string, unknown> = { ownPid: process.pid, holderPidHere: pidHere(holder.pid, holder.processStart) };

  seen.readLockHolder = (await readLockHolder(dataDir))?.pid ?? null;

  const command = await tryLockDataDir(dataDir, 'command', 'create-admin');
  if ('lock' in command) command.lock.release();
  seen.command = 'lock' in command ? tookIt : command.holder.pid;

  seen.server = await lockDataDirForServer({ dataDir, configuredDir: './data', siteName: 'Humanmade' }).then(
    (lock) => {
      lock.release();
      return tookIt;
    },
    (error: Error) => error.message,
  );

  const config = { DATABASE_URL: undefined, DATA_DIR: dataDir, PGLITE_SHARED_BUFFERS: '16MB' } as unknown as AppConfig;
  const handle = await openCommandDatabase(config, { command: 'create-admin', say: () => undefined, serverTimeoutMs: 5000 });
  try {
    seen.commandDatabase = handle.via;
    await handle.ping();
  } finally {
    await handle.close();
  }
  process.stdout.write(JSON.stringify(seen));
};

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
