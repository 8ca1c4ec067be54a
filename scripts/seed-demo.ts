// npm run seed-demo: fills the database with a believable marketplace (creators, a client with projects in every
// status, White Glove requests, workshops and messages), then assigns the Seal to the makers who earned it.
// Refuses in production and when demo data exists.
import { and, eq, inArray, like, or } from 'drizzle-orm';
import { buildApp, type App } from '../src/server/app';
import { ConfigError, loadConfig } from '../src/server/config';
import { openCommandDatabase } from '../src/server/db/command-database';
import { readLockHolder } from '../src/server/db/data-dir-lock';
import { emailOutbox, jobs, user } from '../src/server/db/schema';
import { assignSeal } from '../src/server/features/admin-seal/service';
import { DEMO_APPLICANTS, DEMO_MAKERS, DEMO_MINDS } from './seed-demo/creators';
import { DEMO_CLIENT, seedClientActivity, seedCommunity } from './seed-demo/seed-activity';
import { seedPayoutDetails, seedPlatformBankDetails } from './seed-demo/seed-bank-details';
import { seedConversations } from './seed-demo/seed-conversations';
import { seedReviews } from './seed-demo/seed-reviews';
import { DEMO_DOMAIN, DEMO_PASSWORD, demoEmail, seedCreator } from './seed-demo/seed-creators';

/**
 * The Seal, assigned as an admin assigns it (admin-seal/service.ts): only to a maker with three completed projects
 * whose process is documented, issuing the credential whose evidence is those projects with their record heads.
 */
const seedSeals = async (app: App, creators: Map<string, string>): Promise<number> => {
  const holders = DEMO_MAKERS.filter((maker) => maker.seal && (maker.status ?? 'approved') === 'approved');
  for (const maker of holders) {
    await assignSeal(app, { userId: null, email: 'seed-demo@humanmade' }, creators.get(maker.slug) as string).catch((error: unknown) => {
      throw new Error(`${maker.name} should hold the Seal but could not be given it (three completed projects with process docs?)`, { cause: error });
    });
  }
  return holders.length;
};

const main = async () => {
  if (process.env.NODE_ENV === 'production') {
    console.error('seed-demo refuses to run with NODE_ENV=production: demo accounts share a known password.');
    process.exit(1);
  }
  // Beside a running server, sign the Seals and write the links with the address that server answers on (its
  // PUBLIC_URL, from its lock), unless PUBLIC_URL is set here: a credential names its issuer by that address.
  const server = process.env.PUBLIC_URL || process.env.DATABASE_URL ? null : await readLockHolder(process.env.DATA_DIR ?? './data');
  const config = loadConfig(server?.role === 'server' && server.publicUrl ? { ...process.env, PUBLIC_URL: server.publicUrl } : process.env);
  const handle = await openCommandDatabase(config, { command: 'seed-demo' });
  await handle.migrate();
  const app = await buildApp({ config, logger: false, dbHandle: handle });
  try {
    const [existing] = await app.db.select({ id: user.id }).from(user).where(like(user.email, `%@${DEMO_DOMAIN}`)).limit(1);
    if (existing) {
      console.error(`Demo data already exists (accounts @${DEMO_DOMAIN}). Use a fresh DATA_DIR or database to seed again.`);
      process.exitCode = 1;
      return;
    }

    const creators = new Map<string, string>();
    // Interleave makers and minds so the newest-first directory mixes both.
    const approved = [...DEMO_MAKERS, ...DEMO_MINDS].sort((a, b) => a.slug.localeCompare(b.slug));
    for (const [index, creator] of approved.entries()) {
      // Without their Seal for now: it is assigned below, once their completed projects exist.
      creators.set(creator.slug, await seedCreator(app, creator.role === 'maker' ? { ...creator, seal: false } : creator, index));
      process.stdout.write(`\rCreators: ${index + 1}/${approved.length}`);
    }
    for (const [index, applicant] of DEMO_APPLICANTS.entries()) creators.set(applicant.slug, await seedCreator(app, applicant, index));
    console.log(`\nApplicants: ${DEMO_APPLICANTS.length} (pending, rejected and draft)`);
    await seedPlatformBankDetails(app);
    const withDetails = await seedPayoutDetails(app, approved.map((creator) => creators.get(creator.slug)).filter((id): id is string => Boolean(id)));
    console.log(`Bank details: the platform's (test IBAN) and ${withDetails} creators' payout details`);

    const clientId = await seedClientActivity(app, creators);
    console.log(`Conversations: ${await seedConversations(app, clientId)}`);
    await seedCommunity(app, creators);
    console.log(`Reviews: ${await seedReviews(app, creators, clientId)}`);
    console.log(`Seals: ${await seedSeals(app, creators)}`);
    // Welcome and money emails to invented addresses would only bounce if SMTP is configured later.
    const demoEmails = app.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          or(eq(emailOutbox.type, 'signup'), eq(emailOutbox.type, 'seal-assigned'), like(emailOutbox.type, 'project-funding-%'), like(emailOutbox.type, 'project-payment-%'), like(emailOutbox.type, 'project-funds-%'), eq(emailOutbox.type, 'payout-paid')),
          like(emailOutbox.toAddress, `%@${DEMO_DOMAIN}`),
        ),
      );
    await app.db.delete(jobs).where(inArray(jobs.id, demoEmails));

    const login = (label: string, slug: string) => console.log(`  ${label.padEnd(28)} ${demoEmail(slug)}`);
    console.log(`\nDemo data ready: ${approved.length} approved creators, ${DEMO_APPLICANTS.length} applicants, 1 client.`);
    console.log(`Every demo account's password: ${DEMO_PASSWORD}`);
    login(`Client (${DEMO_CLIENT.company})`, DEMO_CLIENT.slug);
    login('Maker with the Seal', 'ines');
    login('Maker', 'tomas');
    login('Mind (Premium)', 'clara');
    login('Pending maker', 'lucas');
    login('Rejected maker', 'victor');
    console.log('Admins are made with: npm run create-admin -- --email <email> --password <password>');
  } finally {
    await app.close();
    await handle.close();
  }
};

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
