import path from 'node:path';
import type { AppConfig } from '../config';
import { openDatabase, type DatabaseHandle } from './client';
import { holderLiveness, tryLockDataDir, unverifiedHolderHint, type LockHolder } from './data-dir-lock';
import { MAX_SOCKET_PATH, SOCKET_PORT, socketPathFor } from './socket';

export interface CommandDatabase extends DatabaseHandle {
  /** How the command reached the database: PostgreSQL, the running server's socket, or the directory itself. */
  via: 'postgres' | 'server' | 'directory';
}

export interface OpenCommandDatabaseOptions {
  /** The command's name, shown to a server or command that waits for it. */
  command: string;
  /** Progress lines for a person (default: standard error, so standard output stays the command's own). */
  say?: (line: string) => void;
  /** How long to keep trying a server that holds the lock but does not answer yet (it may be starting). */
  serverTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const connectThroughServer = async (dataDir: string, holder: LockHolder, timeoutMs: number): Promise<CommandDatabase | null> => {
  const deadline = Date.now() + timeoutMs;
  if (socketPathFor(dataDir).length > MAX_SOCKET_PATH) {
    throw new Error(`The server using ${dataDir} (pid ${holder.pid}) cannot share it: the path is too long for a socket. Stop the server to run this command.`);
  }
  for (;;) {
    const handle = await openDatabase({ socket: { dir: dataDir, port: SOCKET_PORT }, poolSize: 1, applicationName: 'humanmade-command' });
    try {
      await handle.ping();
      return { ...handle, via: 'server' };
    } catch (error) {
      await handle.close().catch(() => undefined);
      // A server between taking the lock and opening its socket (migrations run first) is still starting.
      const liveness = await holderLiveness(dataDir, holder);
      if (liveness === 'dead') return null;
      if (Date.now() > deadline) {
        const hint = liveness === 'unverified' ? ` ${unverifiedHolderHint(dataDir, 'server')}` : '';
        throw new Error(`The server using ${dataDir} (pid ${holder.pid}) does not answer on ${socketPathFor(dataDir)}.${hint}`, { cause: error });
      }
      await sleep(250);
    }
  }
};

/**
 * The database for a command that writes (create-admin, seed-demo, the e2e fixtures). With DATABASE_URL, PostgreSQL.
 * Otherwise the embedded database under DATA_DIR, which only one process may open (db/data-dir-lock.ts): through
 * the running server's socket when a server holds DATA_DIR, or opened here under the same lock when none does, so a
 * server started meanwhile waits for the command instead of opening the directory beside it.
 */
export const openCommandDatabase = async (config: AppConfig, options: OpenCommandDatabaseOptions): Promise<CommandDatabase> => {
  if (config.DATABASE_URL) return { ...(await openDatabase({ databaseUrl: config.DATABASE_URL })), via: 'postgres' };
  const say = options.say ?? ((line: string) => console.error(line));
  let waitingFor: number | null = null;
  for (;;) {
    const attempt = await tryLockDataDir(config.DATA_DIR, 'command', options.command);
    if ('lock' in attempt) {
      const { lock } = attempt;
      try {
        const handle = await openDatabase({ pgliteDir: path.join(config.DATA_DIR, 'pglite'), pgliteSettings: { shared_buffers: config.PGLITE_SHARED_BUFFERS } });
        return {
          ...handle,
          via: 'directory',
          close: async () => {
            try {
              await handle.close();
            } finally {
              lock.release();
            }
          },
        };
      } catch (error) {
        lock.release();
        throw error;
      }
    }
    const { holder } = attempt;
    if (holder.role === 'server') {
      const handle = await connectThroughServer(config.DATA_DIR, holder, options.serverTimeoutMs ?? 60000);
      if (handle) {
        say(`Using the running server's database (pid ${holder.pid}) through ${socketPathFor(config.DATA_DIR)}`);
        return handle;
      }
      continue; // the server stopped meanwhile: the directory is free
    }
    if (waitingFor !== holder.pid) {
      waitingFor = holder.pid;
      const hint = attempt.unverified ? ` ${unverifiedHolderHint(config.DATA_DIR, holder.name)}` : '';
      say(`Waiting for ${holder.name} (pid ${holder.pid}) to finish with ${config.DATA_DIR}…${hint}`);
    }
    await sleep(250);
  }
};
