import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BANK_DETAILS_MESSAGES, PLATFORM_BANK_COPY } from '../../../domain/bank-details-schemas';
import type { MilestoneFunding, ProjectFunding } from '../../../domain/payment-schemas';
import type { ProjectView } from '../../../domain/project-schemas';
import { auditLog, notifications, payoutDetails, payouts } from '../../db/schema';
import { cipherContext } from './account-cipher';
import { reencryptAccountNumbers } from './account-reencrypt';
import { type TestContext, type TestUser, ok, withTestContext } from '../../../../test/support/harness';
import { creditEarnings } from '../../../../test/support/money-fixtures';
import { pdfText } from '../../../../test/support/pdf-text';
import { approveMaker, emailsTo, onboardedClient, projectPayload } from '../../../../test/support/project-fixtures';

/** Decision 173: where clients send money (a platform setting) and where creators are paid (their payout details). */
let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  otherClient = await onboardedClient(ctx, 'Other Co');
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  otherMaker = await approveMaker(ctx, { name: 'Otto Other' });
  admin = await ctx.createAdmin();
});

const send = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  ctx.inject(user, { method, url, ...(payload ? { payload } : {}) });

// Documented test numbers: the IBAN is the example of the German banking association; the ABA number is Chase's public one.
const PLATFORM = { accountHolder: 'Humanmade Demo Ltd', accountNumber: 'de89 3704 0044 0532 0130 00', routingCode: 'COBADEFFXXX', bankName: 'Commerzbank (demo)' };
const MARA = { accountHolder: 'Mara Maker', accountNumber: 'GB33 BUKB 2020 1555 5555 55', bankName: 'Demo Bank' };
const MARA_US = { accountHolder: 'Mara Maker', accountNumber: '000123456789', routingCode: '021000021', country: 'United States' };

const activeMilestone = async (): Promise<{ projectId: string; milestoneId: string }> => {
  const draft = ok<ProjectView>(await send(client, 'POST', '/api/projects', projectPayload({ creatorId: maker.id, budget: 1000 })), 201);
  const accepted = ok<ProjectView>(await send(maker, 'POST', `/api/projects/${draft.id}/accept`));
  return { projectId: draft.id, milestoneId: accepted.milestones[0].id };
};
const invoicePdf = async (user: TestUser, paymentId: string) => {
  const response = await send(user, 'GET', `/api/payments/invoices/${paymentId}/pdf`);
  expect(response.statusCode, response.body).toBe(200);
  return pdfText(response.rawPayload);
};

describe("the platform's bank details", () => {
  it('are validated field by field, admin-only to read and change, normalized and audited once per real change', async () => {
    expect((await send(client, 'GET', '/api/admin/settings')).statusCode).toBe(403);
    expect((await send(maker, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM })).statusCode).toBe(403);
    expect((await send(null, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM })).statusCode).toBe(401);

    const empty = await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: { accountHolder: ' ', accountNumber: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      'bankDetails.accountHolder': BANK_DETAILS_MESSAGES.holderRequired,
      'bankDetails.accountNumber': BANK_DETAILS_MESSAGES.accountRequired,
    });
    const typo = await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: { ...PLATFORM, accountNumber: 'DE89 3704 0044 0532 0130 01' } });
    expect(typo.json().fields).toEqual({ 'bankDetails.accountNumber': 'This IBAN does not check out: look for a typo' });
    const domestic = await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: { accountHolder: 'Humanmade', accountNumber: '31926819' } });
    expect(domestic.json().fields).toEqual({ 'bankDetails.routingCode': BANK_DETAILS_MESSAGES.routingRequired });
    const badCode = await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: { ...PLATFORM, routingCode: '12-34' } });
    expect(badCode.json().fields).toEqual({ 'bankDetails.routingCode': BANK_DETAILS_MESSAGES.routingFormat });

    const saved = ok<{ settings: { bankDetails: unknown; aiTrainingOptOut: boolean } }>(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM }));
    expect(saved.settings).toMatchObject({ aiTrainingOptOut: true, bankDetails: { ...PLATFORM, accountNumber: 'DE89370400440532013000' } });
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM }));
    const audits = await ctx.db.select().from(auditLog).where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorId, admin.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0].metadata).toMatchObject({ changed: { bankDetails: { from: null, to: { accountNumber: 'DE89370400440532013000' } } } });

    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: null }));
    expect(ok<{ settings: { bankDetails: unknown } }>(await send(admin, 'GET', '/api/admin/settings')).settings.bankDetails).toBeNull();
  });

  it('go to the client funding their milestone and onto the open invoice, with the invoice number as the reference; until set, they say so', async () => {
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: null }));
    const { projectId, milestoneId } = await activeMilestone();
    const funded = ok<MilestoneFunding>(await send(client, 'POST', `/api/payments/milestones/${milestoneId}/fund`));
    const invoiceNumber = funded.payment!.invoiceNumber!;
    expect(funded.payment!.bankTransfer).toEqual({ reference: invoiceNumber, payTo: null });
    const before = await invoicePdf(client, funded.payment!.id);
    expect(before).toContain('Humanmade will email you the bank details for this transfer.');
    expect(before).toContain(invoiceNumber);
    expect(ok<{ bankDetails: unknown }>(await send(admin, 'GET', '/api/admin/payments')).bankDetails).toBeNull();
    expect(PLATFORM_BANK_COPY.notSet).toContain('Humanmade will email you the bank details');

    const mailedBefore = (await emailsTo(ctx, client.email)).length;
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM }));
    // The promise is kept: setting the account emails it to the client of the open invoice, with its reference.
    const mailed = (await emailsTo(ctx, client.email)).slice(mailedBefore);
    expect(mailed.map((email) => email.subject)).toEqual([`How to pay invoice ${invoiceNumber}`]);
    for (const line of ['Account holder: Humanmade Demo Ltd', 'IBAN: DE89 3704 0044 0532 0130 00', 'BIC/SWIFT: COBADEFFXXX', `$1,000.00, reference ${invoiceNumber}`]) {
      expect(mailed[0].textBody).toContain(line);
    }
    expect((await emailsTo(ctx, otherClient.email)).filter((email) => email.type === 'invoice-bank-details')).toHaveLength(0);
    const view = ok<ProjectFunding>(await send(client, 'GET', `/api/payments/projects/${projectId}`)).milestones[0];
    expect(view.payment!.bankTransfer).toEqual({ reference: invoiceNumber, payTo: { ...PLATFORM, accountNumber: 'DE89370400440532013000' } });
    // The creator sees the status, never where the client pays; nor does another client see the project.
    expect(ok<ProjectFunding>(await send(maker, 'GET', `/api/payments/projects/${projectId}`)).milestones[0].payment!.bankTransfer).toBeNull();
    expect((await send(otherClient, 'GET', `/api/payments/projects/${projectId}`)).statusCode).toBe(404);

    const text = await invoicePdf(client, funded.payment!.id);
    for (const line of ['PAY BY BANK TRANSFER', 'Humanmade Demo Ltd', 'IBAN', 'DE89 3704 0044 0532 0130 00', 'BIC/SWIFT', 'COBADEFFXXX', 'Commerzbank (demo)', 'Payment reference']) {
      expect(text).toContain(line);
    }
    expect(text).toContain(`Quote ${invoiceNumber} as the payment reference`);
    expect(text).not.toContain('will email you');
    expect(ok<{ bankDetails: unknown }>(await send(admin, 'GET', '/api/admin/payments')).bankDetails).toMatchObject({ accountHolder: 'Humanmade Demo Ltd' });

    // A changed account is told too; the same details saved again send nothing.
    const NEW_BANK = { accountHolder: 'Humanmade Demo Ltd', accountNumber: '000123456789', routingCode: '021000021', country: 'United States' };
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: NEW_BANK }));
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: NEW_BANK }));
    const changed = (await emailsTo(ctx, client.email)).slice(mailedBefore + 1);
    expect(changed.map((email) => email.subject)).toEqual(['Our bank details have changed']);
    expect(changed[0].textBody).toContain('Account number: 000123456789');
    ok(await send(admin, 'PATCH', '/api/admin/settings', { bankDetails: PLATFORM }));

    // Once paid, the invoice no longer asks for a transfer.
    ok(await send(admin, 'POST', `/api/admin/payments/${funded.payment!.id}/received`, { reference: 'BANK-1' }));
    expect(ok<ProjectFunding>(await send(client, 'GET', `/api/payments/projects/${projectId}`)).milestones[0].payment!.bankTransfer).toBeNull();
    expect(await invoicePdf(client, funded.payment!.id)).not.toContain('DE89 3704');
  });
});

describe("a creator's payout details", () => {
  it('are the creator’s own: anonymous 401, a client or admin 403, another creator sees only their own', async () => {
    expect((await send(null, 'GET', '/api/payments/payout-details')).statusCode).toBe(401);
    expect((await send(client, 'GET', '/api/payments/payout-details')).statusCode).toBe(403);
    expect((await send(client, 'PUT', '/api/payments/payout-details', MARA)).statusCode).toBe(403);
    expect((await send(admin, 'PUT', '/api/payments/payout-details', MARA)).statusCode).toBe(403);
    expect((await send(null, 'PUT', '/api/payments/payout-details', MARA)).statusCode).toBe(401);
    ok(await send(otherMaker, 'PUT', '/api/payments/payout-details', MARA_US));
    expect(ok<{ details: unknown }>(await send(maker, 'GET', '/api/payments/payout-details')).details).toBeNull();
    expect(ok<{ details: { accountNumberMasked: string } }>(await send(otherMaker, 'GET', '/api/payments/payout-details')).details.accountNumberMasked).toBe('•••• 6789');
  });

  it('are validated with a message per field', async () => {
    const empty = await send(maker, 'PUT', '/api/payments/payout-details', { accountHolder: '', accountNumber: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({ accountHolder: BANK_DETAILS_MESSAGES.holderRequired, accountNumber: BANK_DETAILS_MESSAGES.accountRequired });
    expect((await send(maker, 'PUT', '/api/payments/payout-details', { ...MARA, accountNumber: '12' })).json().fields).toEqual({ accountNumber: BANK_DETAILS_MESSAGES.accountFormat });
    expect((await send(maker, 'PUT', '/api/payments/payout-details', { ...MARA_US, routingCode: '' })).json().fields).toEqual({ routingCode: BANK_DETAILS_MESSAGES.routingRequired });
    expect((await send(maker, 'PUT', '/api/payments/payout-details', { ...MARA, accountNumber: 'GB33 BUKB 2020 1555 5555 56' })).json().fields).toEqual({
      accountNumber: BANK_DETAILS_MESSAGES.ibanChecksum,
    });
    expect((await send(maker, 'PUT', '/api/payments/payout-details', { ...MARA, accountHolder: 'x'.repeat(141) })).json().fields).toEqual({ accountHolder: BANK_DETAILS_MESSAGES.holderTooLong });
  });

  it('are required for a payout, masked for the creator, snapshotted on the request and shown in full to admins', async () => {
    await creditEarnings(ctx.db, { clientId: client.id, creatorId: maker.id, projectId: randomUUID(), cents: 90000 });
    const refused = await send(maker, 'POST', '/api/payments/payouts', { amountCents: 10000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Add the bank account you want to be paid to before requesting a payout.');
    expect(await ctx.db.select().from(payouts).where(eq(payouts.creatorId, maker.id))).toHaveLength(0);

    const saved = await send(maker, 'PUT', '/api/payments/payout-details', MARA);
    expect(ok<{ details: object }>(saved).details).toMatchObject({ accountHolder: 'Mara Maker', accountNumberMasked: '•••• 5555', accountNumberLabel: 'IBAN', bankName: 'Demo Bank' });
    expect(saved.body).not.toContain('1555');
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect((await send(maker, 'GET', '/api/payments/payout-details')).body).not.toContain('BUKB');
    expect((await emailsTo(ctx, maker.email)).some((email) => email.type === 'payout-details-changed' && email.textBody.includes('IBAN •••• 5555') && !email.textBody.includes('2020'))).toBe(true);

    // The first account is added, not changed: "were changed" is kept for a real change, which may be an intruder's.
    expect((await emailsTo(ctx, maker.email)).filter((email) => email.type === 'payout-details-changed').map((email) => email.subject)).toEqual(['Your payout details were added']);

    const requested = ok<{ id: string; paidTo: string }>(await send(maker, 'POST', '/api/payments/payouts', { amountCents: 10000 }), 201);
    expect(requested.paidTo).toBe('Mara Maker · IBAN •••• 5555');
    // The admin who pays it hears of it in the notification centre, with the request.
    const [told] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.subjectKey, `payout:${requested.id}`)));
    expect(told).toMatchObject({ title: 'Payout requested: $100.00', link: '/dashboard-admin?tab=payments', readAt: null });
    expect(told.body).toContain('Mara Maker asked to be paid');
    // A later edit does not redirect the payout already asked for.
    ok(await send(maker, 'PUT', '/api/payments/payout-details', MARA_US));
    const changed = (await emailsTo(ctx, maker.email)).filter((email) => email.type === 'payout-details-changed').map((email) => email.subject);
    expect(changed.sort()).toEqual(['Your payout details were added', 'Your payout details were changed']);
    const [row] = await ctx.db.select().from(payouts).where(eq(payouts.id, requested.id));
    expect(row.payTo).toMatchObject({ accountHolder: 'Mara Maker', bankName: 'Demo Bank' });
    // Encrypted at rest for this payout's row (decision 174).
    expect(row.payTo?.accountNumber).toMatch(/^hm1\./);
    expect(JSON.stringify(row.payTo)).not.toContain('1555');
    expect(ctx.app.accountCipher.open(row.payTo!.accountNumber, cipherContext.payout(row.id))).toBe('GB33BUKB20201555555555');
    const balance = await send(maker, 'GET', '/api/payments/balance');
    expect(balance.json().payouts[0].paidTo).toBe('Mara Maker · IBAN •••• 5555');
    expect(balance.body).not.toContain('20201555');

    const toPay = ok<{ toPay: Array<{ id: string; payTo: unknown }> }>(await send(admin, 'GET', '/api/admin/payments')).toPay;
    expect(toPay.find((item) => item.id === requested.id)?.payTo).toEqual({ accountHolder: 'Mara Maker', accountNumber: 'GB33BUKB20201555555555', bankName: 'Demo Bank' });
    // The next request goes to the new account.
    const next = ok<{ paidTo: string }>(await send(maker, 'POST', '/api/payments/payouts', { amountCents: 10000 }), 201);
    expect(next.paidTo).toBe('Mara Maker · Account number •••• 6789');
  });
});

describe('account numbers at rest (decision 174)', () => {
  it('are stored encrypted for their own row: a dump shows none, and a ciphertext moved to another creator does not open', async () => {
    ok(await send(maker, 'PUT', '/api/payments/payout-details', MARA));
    ok(await send(otherMaker, 'PUT', '/api/payments/payout-details', MARA_US));
    const rows = await ctx.db.select().from(payoutDetails);
    const mine = rows.find((row) => row.userId === maker.id)!;
    expect(mine.accountNumber).toMatch(/^hm1\./);
    expect(JSON.stringify(rows)).not.toMatch(/1555555555|123456789/);

    // Copied onto another creator's row, Mara's account number does not open there: the request fails, and shows nothing.
    const theirs = rows.find((row) => row.userId === otherMaker.id)!;
    await ctx.db.update(payoutDetails).set({ accountNumber: mine.accountNumber }).where(eq(payoutDetails.userId, otherMaker.id));
    const moved = await send(otherMaker, 'GET', '/api/payments/payout-details');
    expect(moved.statusCode).toBe(500);
    expect(moved.body).not.toContain('5555');
    await ctx.db.update(payoutDetails).set({ accountNumber: theirs.accountNumber }).where(eq(payoutDetails.userId, otherMaker.id));
    expect(ok<{ details: { accountNumberMasked: string } }>(await send(otherMaker, 'GET', '/api/payments/payout-details')).details.accountNumberMasked).toBe('•••• 6789');
  });

  it('written before encryption are encrypted at the next start, and read the same before and after', async () => {
    await ctx.db.update(payoutDetails).set({ accountNumber: 'GB33BUKB20201555555555' }).where(eq(payoutDetails.userId, maker.id));
    expect(ok<{ details: { accountNumberMasked: string } }>(await send(maker, 'GET', '/api/payments/payout-details')).details.accountNumberMasked).toBe('•••• 5555');
    expect(await reencryptAccountNumbers(ctx.db, ctx.app.accountCipher)).toBeGreaterThanOrEqual(1);
    const [row] = await ctx.db.select().from(payoutDetails).where(eq(payoutDetails.userId, maker.id));
    expect(ctx.app.accountCipher.isCurrent(row.accountNumber)).toBe(true);
    expect(ok<{ details: { accountNumberMasked: string } }>(await send(maker, 'GET', '/api/payments/payout-details')).details.accountNumberMasked).toBe('•••• 5555');
    // Nothing left to move: a second run changes nothing.
    expect(await reencryptAccountNumbers(ctx.db, ctx.app.accountCipher)).toBe(0);
  });
});
