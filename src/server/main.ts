import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { holdEmbeddedDatabase } from './db/embedded-host';
import { tuneHeap } from './memory';

const start = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  tuneHeap(config.HEAP_GROWING_PERCENT);
  // Before the database opens: the embedded one belongs to one process (db/data-dir-lock.ts).
  const embedded = await holdEmbeddedDatabase(config);
  const app = await buildApp({ config, startWorker: true, warmPages: true });
  await embedded?.share(app);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: draining requests in flight');
    // Requests still running after 25 s are cut off so a stuck request cannot block a deploy forever.
    const force = setTimeout(() => {
      app.log.error('shutdown timed out; exiting with requests still in flight');
      process.exit(1);
    }, 25000);
    force.unref();
    // Keep-alive sockets of requests that finish during the drain become idle later; close them as they do.
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    await app.close();
    clearInterval(reaper);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(`${config.SITE_NAME} is serving ${config.PUBLIC_URL} (database: ${app.dbHandle.driver})`);
};

void start();
