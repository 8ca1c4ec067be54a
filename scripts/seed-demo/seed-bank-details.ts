import { eq, inArray } from 'drizzle-orm';
import { bankDetailsSchema, normalizeBankDetails, type BankDetails } from '../../src/domain/bank-details-schemas';
import type { App } from '../../src/server/app';
import { payoutDetails, platformSettings, profiles, user } from '../../src/server/db/schema';
import { cipherContext } from '../../src/server/features/payments/account-cipher';

/**
 * Bank details for the demo (decision 173). Every account number is a published example IBAN (the IBAN registry's
 * and the national banking associations' documentation), so the demo shows real-looking details nobody can pay into.
 */
const BANK_NAME = 'Demo Bank (test IBAN, do not pay)';

export const DEMO_PLATFORM_BANK: BankDetails = {
  accountHolder: 'Humanmade Demo Ltd',
  accountNumber: 'DE89 3704 0044 0532 0130 00',
  routingCode: 'COBADEFFXXX',
  bankName: BANK_NAME,
  country: 'Germany',
};

const EXAMPLE_IBANS: Array<[iban: string, country: string]> = [
  ['GB33 BUKB 2020 1555 5555 55', 'United Kingdom'],
  ['FR14 2004 1010 0505 0001 3M02 606', 'France'],
  ['NL91 ABNA 0417 1643 00', 'Netherlands'],
  ['ES91 2100 0418 4502 0005 1332', 'Spain'],
  ['BE68 5390 0754 7034', 'Belgium'],
  ['GB82 WEST 1234 5698 7654 32', 'United Kingdom'],
  ['CH93 0076 2011 6238 5295 7', 'Switzerland'],
  ['AT61 1904 3002 3457 3201', 'Austria'],
];

const checked = (details: BankDetails): BankDetails => normalizeBankDetails(bankDetailsSchema.parse(details));

/** The platform's account, shown to clients funding a milestone and printed on open invoices. */
export const seedPlatformBankDetails = async (app: App) => {
  const value = checked(DEMO_PLATFORM_BANK);
  await app.db.insert(platformSettings).values({ key: 'bankDetails', value }).onConflictDoUpdate({ target: platformSettings.key, set: { value } });
};

/** Where each approved creator is paid, so payouts can be requested (and paid) in the demo. */
export const seedPayoutDetails = async (app: App, creatorIds: string[]) => {
  if (creatorIds.length === 0) return 0;
  const people = await app.db
    .select({ id: user.id, name: user.name, profileName: profiles.name })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(inArray(user.id, creatorIds));
  const rows = people.map((person, index) => {
    const [iban, country] = EXAMPLE_IBANS[index % EXAMPLE_IBANS.length];
    const details = checked({ accountHolder: person.profileName ?? person.name, accountNumber: iban, bankName: BANK_NAME, country });
    return { userId: person.id, accountHolder: details.accountHolder, accountNumber: app.accountCipher.seal(details.accountNumber, cipherContext.payoutDetails(person.id)),
      routingCode: null, bankName: details.bankName ?? null, country: details.country ?? null };
  });
  await app.db.insert(payoutDetails).values(rows).onConflictDoNothing();
  return rows.length;
};
