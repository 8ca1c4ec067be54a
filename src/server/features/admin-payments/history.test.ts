import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_HISTORY_PAGE_SIZE,
  type AdminPaymentHistory,
  type AdminPayoutHistory,
  type MilestoneFunding,
  type PayoutView,
} from '../../../domain/payment-schemas';
import { payments, payouts } from '../../db/schema';
import { expectAccess, type TestContext, type TestUser, ok, withTestContext } from '../../../../test/support/harness';
import { fundMilestoneThroughRoutes, givePayoutDetails } from '../../../../test/support/money-fixtures';
import { acceptedOfferProject, approveMaker, onboardedClient, putInReview } from '../../../../test/support/project-fixtures';

/** The admin's history of recorded payments and paid payouts (decision 177): admin only, newest first, paged by keyset. */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx, 'Brennan Bakery');
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
  await givePayoutDetails(ctx, maker);
});

const get = (user: TestUser | null, url: string) => ctx.inject(user, { method: 'GET', url });
const paymentPage = async (cursor?: string) =>
  ok<AdminPaymentHistory>(await get(admin, `/api/admin/payments/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`));
const payoutPage = async (cursor?: string) =>
  ok<AdminPayoutHistory>(await get(admin, `/api/admin/payouts/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`));

/** Every page of a history, read by following `nextCursor`. */
const allPages = async <Page extends { nextCursor: string | null }>(read: (cursor?: string) => Promise<Page>): Promise<Page[]> => {
  const pages = [await read()];
  while (pages.at(-1)!.nextCursor) pages.push(await read(pages.at(-1)!.nextCursor!));
  return pages;
};

/** Newest first: by the moment it was recorded, then by id (both descending). */
const isNewestFirst = (rows: Array<{ id: string; paidAt: string | null }>) =>
  rows.every((row, index) => {
    const next = rows[index + 1];
    if (!next) return true;
    const [a, b] = [Date.parse(row.paidAt!), Date.parse(next.paidAt!)];
    return a > b || (a === b && row.id > next.id);
  });

describe('the admin’s payment history', () => {
  it('is for admins only: anonymous visitors are asked to sign in, clients and creators are refused', async () => {
    for (const url of ['/api/admin/payments/history', '/api/admin/payouts/history']) {
      await expectAccess(ctx, { method: 'GET', url }, [
        ['anonymous', null, 401],
        ['client', client, 403],
        ['maker', maker, 403],
        ['admin', admin, 200],
      ]);
    }
  });

  it('is empty before anything is recorded', async () => {
    expect(await paymentPage()).toEqual({ payments: [], nextCursor: null });
    expect(await payoutPage()).toEqual({ payouts: [], nextCursor: null });
  });

  it('lists a payment once it is recorded as received, and a payout once it is paid, with what the documents say', async () => {
    const project = await acceptedOfferProject(ctx, client, maker, { title: 'Shop front', milestones: [{ title: 'Sign', amountCents: 50000 }] });
    const funded = ok<MilestoneFunding>(await ctx.inject(client, { method: 'POST', url: `/api/payments/milestones/${project.milestones[0].id}/fund` }));
    // Issued but not received: not history yet.
    expect((await paymentPage()).payments).toEqual([]);
    ok(await ctx.inject(admin, { method: 'POST', url: `/api/admin/payments/${funded.payment!.id}/received`, payload: { reference: 'BANK-0042' } }));
    const [recorded] = (await paymentPage()).payments;
    expect(recorded).toMatchObject({
      id: funded.payment!.id,
      number: funded.payment!.invoiceNumber,
      projectTitle: 'Shop front',
      milestoneTitle: 'Sign',
      amountCents: 50000,
      status: 'paid',
      reference: 'BANK-0042',
      clientName: client.name,
      clientEmail: client.email,
      clientCompany: 'Brennan Bakery',
      pdfUrl: `/api/payments/invoices/${funded.payment!.id}/pdf`,
    });

    await putInReview(ctx.db, project.id);
    ok(await ctx.inject(client, { method: 'POST', url: `/api/projects/${project.id}/approve` }));
    const requested = ok<PayoutView>(await ctx.inject(maker, { method: 'POST', url: '/api/payments/payouts', payload: { amountCents: 45000 } }), 201);
    expect((await payoutPage()).payouts).toEqual([]);
    const paid = ok<PayoutView>(await ctx.inject(admin, { method: 'POST', url: `/api/admin/payouts/${requested.id}/paid`, payload: { reference: 'WIRE-450' } }));
    expect((await payoutPage()).payouts).toEqual([
      expect.objectContaining({
        id: requested.id,
        amountCents: 45000,
        status: 'paid',
        reference: 'WIRE-450',
        receiptNumber: paid.receiptNumber,
        receiptUrl: `/api/payments/payouts/${requested.id}/receipt`,
        creatorName: 'Mara Maker',
        creatorEmail: maker.email,
        paidTo: expect.stringContaining('•••• 3000'),
      }),
    ]);
  });

  it('pages recorded payments newest first, by keyset, with none shown twice or missed, ties in time ordered by id', async () => {
    // Long before anything recorded through the routes in this file.
    const base = Date.parse('2020-03-01T10:00:00.000Z');
    // 25 payments, eight of them recorded at the very same millisecond (the page boundary falls among them), and one
    // still open (not history).
    const rows = Array.from({ length: 25 }, (_, index) => ({
      amountCents: 1000 + index,
      status: 'paid' as const,
      provider: 'manual' as const,
      reference: `BULK-${index}`,
      invoiceNumber: `HM-INV-1999-${String(index).padStart(6, '0')}`,
      projectTitle: 'Bulk',
      milestoneTitle: `Step ${index}`,
      milestonePosition: 1,
      clientName: 'Bulk client',
      clientEmail: 'bulk@example.com',
      issuedAt: new Date(base - 86_400_000),
      paidAt: new Date(index < 8 ? base : base + index * 60_000),
    }));
    await ctx.db.insert(payments).values([
      ...rows.map((row) => ({ ...row, creatorName: 'Mara Maker' })),
      { ...rows[0], status: 'awaiting_payment' as const, paidAt: null, reference: null, invoiceNumber: 'HM-INV-1999-999999', creatorName: 'Mara Maker' },
    ]);

    const pages = await allPages(paymentPage);
    expect(pages.map((page) => page.payments.length)).toEqual([ADMIN_HISTORY_PAGE_SIZE, 6]);
    const listed = pages.flatMap((page) => page.payments);
    expect(new Set(listed.map((row) => row.id)).size).toBe(26);
    expect(isNewestFirst(listed)).toBe(true);
    // The payment recorded through the routes (just now) comes first; the bulk ones follow, the latest first.
    expect(listed[0].reference).toBe('BANK-0042');
    expect(listed[1].reference).toBe('BULK-24');
    expect(listed.slice(-8).map((row) => row.reference).sort()).toEqual(['BULK-0', 'BULK-1', 'BULK-2', 'BULK-3', 'BULK-4', 'BULK-5', 'BULK-6', 'BULK-7']);
    expect(listed.some((row) => row.status !== 'paid')).toBe(false);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('pages paid payouts the same way, leaving out requests not paid yet', async () => {
    const base = Date.parse('2020-04-01T10:00:00.000Z');
    const paidRows = Array.from({ length: 21 }, (_, index) => ({
      id: randomUUID(),
      creatorId: maker.id,
      amountCents: 100 + index,
      status: 'paid' as const,
      provider: 'manual' as const,
      reference: `PAID-${index}`,
      receiptNumber: `HM-RCT-1999-${String(index).padStart(6, '0')}`,
      creatorName: 'Mara Maker',
      creatorEmail: maker.email,
      requestedAt: new Date(base - 86_400_000),
      paidAt: new Date(base + (index % 2 === 0 ? index : index - 1) * 1000),
      // A paid payout keeps its receipt's figures as issued (decision 228).
      receiptEarnedCents: 100 + index,
      receiptFeesCents: 0,
    }));
    await ctx.db
      .insert(payouts)
      .values([...paidRows, { ...paidRows[0], id: randomUUID(), status: 'requested', reference: null, receiptNumber: null, paidAt: null, receiptEarnedCents: null, receiptFeesCents: null }]);

    const pages = await allPages(payoutPage);
    expect(pages.map((page) => page.payouts.length)).toEqual([ADMIN_HISTORY_PAGE_SIZE, 2]);
    const listed = pages.flatMap((page) => page.payouts);
    expect(new Set(listed.map((row) => row.id)).size).toBe(22);
    expect(isNewestFirst(listed)).toBe(true);
    expect(listed[0].reference).toBe('WIRE-450');
    expect(listed.every((row) => row.status === 'paid' && row.receiptNumber)).toBe(true);
    // Requests made before payout details were kept have no account to show.
    expect(listed.at(-1)!.paidTo).toBeNull();
  });

  it('refuses a cursor it did not give', async () => {
    const bad = await get(admin, '/api/admin/payments/history?cursor=yesterday');
    expect(bad.statusCode).toBe(400);
    expect((await get(admin, '/api/admin/payouts/history?cursor=1_not-a-uuid')).statusCode).toBe(400);
  });

  it('shows a payment funded through the routes as the clients’ own invoices list does', async () => {
    const project = await acceptedOfferProject(ctx, client, maker, { title: 'Menu', milestones: [{ title: 'Cover', amountCents: 20000 }] });
    const paymentId = await fundMilestoneThroughRoutes(ctx, client, admin, project.milestones[0].id);
    const [first] = (await paymentPage()).payments;
    const [own] = ok<{ invoices: Array<{ id: string; dueDate: string | null; number: string }> }>(await get(client, '/api/payments/invoices')).invoices;
    expect(first).toMatchObject({ id: paymentId, number: own.number, dueDate: own.dueDate, reference: 'TEST-BANK' });
  });
});
