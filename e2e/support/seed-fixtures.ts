// Runs before the e2e server starts: every module in e2e/fixtures/ exports `seed(ctx)`, which writes the data its
// journeys start from through the real services (beside a running server it would write through its socket).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openCommandDatabase } from '../../src/server/db/command-database';
import { createFixtureContext, type FixtureContext } from './fixture-context';

interface FixtureModule {
  seed: (ctx: FixtureContext) => Promise<void>;
}

const main = async () => {
  const config = loadConfig();
  const handle = await openCommandDatabase(config, { command: 'e2e fixtures' });
  await handle.migrate();
  const app = await buildApp({ config, logger: false, dbHandle: handle });
  try {
    const ctx = createFixtureContext(app);
    const dir = path.resolve(import.meta.dirname, '../fixtures');
    const files = readdirSync(dir).filter((name) => name.endsWith('.ts')).sort();
    for (const file of files) {
      const fixture = (await import(pathToFileURL(path.join(dir, file)).href)) as FixtureModule;
      await fixture.seed(ctx);
    }
    console.log(`e2e fixtures seeded: ${files.join(', ') || 'none'}`);
  } finally {
    await app.close();
    await handle.close();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
