import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from './client';
import { DataDirInUseError, lockDataDirForServer } from './data-dir-lock';
import { serveDatabaseSocket } from './socket';

type HostApp = FastifyInstance & { dbHandle: DatabaseHandle; sessionCache: { clear: () => void } };

/**
 * The server's side of the embedded database: it locks DATA_DIR before opening it (a second server is refused with
 * its message, and the process ends), then shares the open database over DATA_DIR's socket until it closes, so
 * commands run beside it write through it. Nothing to do with DATABASE_URL.
 */
export const holdEmbeddedDatabase = async (config: AppConfig, configuredDir = process.env.DATA_DIR ?? './data') => {
  if (config.DATABASE_URL) return null;
  try {
    await lockDataDirForServer({
      dataDir: config.DATA_DIR,
      configuredDir,
      siteName: config.SITE_NAME,
      publicUrl: config.PUBLIC_URL,
      onWait: (holder, hint) => console.error(`Waiting for ${holder.name} (pid ${holder.pid}) to finish with ${configuredDir}…${hint ? ` ${hint}` : ''}`),
    });
  } catch (error) {
    if (!(error instanceof DataDirInUseError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  // The lock file goes when the process exits: the signal handlers in main.ts end with process.exit().
  return {
    share: async (app: HostApp) => {
      const db = app.dbHandle.pglite;
      if (!db) return;
      let socket;
      try {
        socket = await serveDatabaseSocket({
          db,
          dataDir: config.DATA_DIR,
          onError: (error) => app.log.warn({ err: error }, 'database socket error'),
          // create-admin and seed-demo write users and roles through the socket (decision 121).
          afterClientExchange: () => app.sessionCache.clear(),
        });
      } catch (error) {
        // The site still serves; only commands beside it cannot reach the database (they say why).
        app.log.error({ err: error }, 'the embedded database is not shared: commands cannot run while this server does');
        return;
      }
      // Clients go (their open transactions rolled back) before the database closes.
      app.addHook('preClose', async () => socket.stop());
      app.log.info({ socket: socket.path }, 'embedded database shared on its socket');
    },
  };
};
