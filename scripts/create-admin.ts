// npm run create-admin -- --email <email> --password <password> [--name <name>]
import { parseArgs } from 'node:util';
import { ZodError } from 'zod';
import { createAuth } from '../src/server/auth/auth';
import { ConfigError, loadConfig } from '../src/server/config';
import { openCommandDatabase } from '../src/server/db/command-database';
import { createOrPromoteAdmin } from '../src/server/features/account/create-admin';
import { createMailer } from '../src/server/mail/outbox';

const main = async () => {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email || !values.password) {
    console.error('Usage: npm run create-admin -- --email <email> --password <password> [--name <name>]');
    process.exit(2);
  }
  const config = loadConfig();
  // Beside a running server this goes through its socket, so the admin can log in at once.
  const handle = await openCommandDatabase(config, { command: 'create-admin' });
  try {
    await handle.migrate();
    const auth = createAuth(config, handle.db, createMailer(handle.db));
    const result = await createOrPromoteAdmin(handle.db, auth, { email: values.email, password: values.password, name: values.name });
    const verb = { created: 'Created admin', promoted: 'Promoted to admin', unchanged: 'Already an admin' }[result.outcome];
    console.log(`${verb}: ${values.email.toLowerCase()} (${result.userId})`);
  } finally {
    await handle.close();
  }
};

main().catch((error: unknown) => {
  if (error instanceof ZodError) console.error(error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'));
  else if (error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
