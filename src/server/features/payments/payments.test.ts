import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatMoneyCents, type CreatorBalance, type MilestoneFunding, type PayoutView, type ProjectFunding } from '../../../domain/payment-schemas';
import type { ProjectView } from '../../../domain/project-schemas';
import { auditLog, ledgerAccounts, ledgerEntries, ledgerTransactions, messages, notifications, payments, projects, refundRequests } from '../../db/schema';
import { type TestContext, type TestUser, ok, withTestContext } from '../../../../test/support/harness';
import { givePayoutDetails } from '../../../../test/support/money-fixtures';
import { pdfText } from '../../../../test/support/pdf-text';
import { acceptedOfferProject, approveMaker, emailsTo, onboardedClient, projectPayload, putInReview } from '../../../../test/support/project-fixtures';
import { nextDocumentNumber } from './documents';
import { settleCancelledProject } from './settlement';
import { balanceOf, accounts } from './ledger';

let ctx: TestContext;
let client: TestUser;
let otherClient: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  otherClient = await onboardedClient(ctx, 'Other Co');
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
  await givePayoutDetails(ctx, maker);
});

const post = (user: TestUser | null, url: string, payload?: object) => ctx.inject(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
const get = (user: TestUser | null, url: string) => ctx.inject(user, { method: 'GET', url });

/** An active project: an accepted offer of the given milestone amounts, or a plain Accept of the whole budget. */
const activeProject = async (amounts: number[] = [50000, 100000]): Promise<ProjectView> => {
  if (amounts.length > 1) return acceptedOfferProject(ctx, client, maker, { milestones: amounts.map((amountCents, i) => ({ title: `Step ${i + 1}`, amountCents })) });
  const draft = ok<ProjectView>(await post(client, '/api/projects', projectPayload({ creatorId: maker.id, budget: amounts[0] / 100 })), 201);
  return ok<ProjectView>(await post(maker, `/api/projects/${draft.id}/accept`));
};
const fund = async (milestoneId: string) => ok<MilestoneFunding>(await post(client, `/api/payments/milestones/${milestoneId}/fund`));
const receive = async (paymentId: string, reference = 'BANK-REF-1') => ok(await post(admin, `/api/admin/payments/${paymentId}/received`, { reference }));
const fundAndReceive = async (milestoneId: string) => {
  const funding = await fund(milestoneId);
  await receive(funding.payment!.id);
  return funding;
};
const funding = async (projectId: string, user: TestUser = client) => ok<ProjectFunding>(await get(user, `/api/payments/projects/${projectId}`));
const balance = async () => ok<CreatorBalance>(await get(maker, '/api/payments/balance'));
const reconciliationTotal = async () => ok<{ totalCents: number }>(await get(admin, '/api/admin/payments/reconciliation')).totalCents;
const threadLines = async (projectId: string) =>
  (await ctx.db.select().from(messages).where(and(eq(messages.projectId, projectId), eq(messages.kind, 'system'))).orderBy(messages.seq)).map((m) => m.body);
const flagAndCancel = (projectId: string, body: object) =>
  (async () => {
    await putInReview(ctx.db, projectId);
    ok(await post(client, `/api/projects/${projectId}/flag`));
    return post(admin, `/api/admin/projects/${projectId}/cancel`, { reason: 'Decided on the evidence.', ...body });
  })();

describe('a milestone funded, approved and paid out', () => {
  it('holds the money in escrow, releases it less the fee, and pays it out with a receipt', async () => {
    const start = await balance();
    const project = await activeProject();
    const [first, second] = project.milestones;
    expect(project.milestones.map((m) => m.funding)).toEqual(['awaiting_funding', 'not_due']);

    const asked = await fund(first.id);
    expect(asked).toMatchObject({ status: 'awaiting_payment', amountCents: 50000, payment: { status: 'awaiting_payment', checkoutUrl: null } });
    expect(asked.payment!.invoiceNumber).toMatch(/^HM-INV-\d{4}-\d{6}$/);
    // Asking again returns the same open invoice.
    expect((await fund(first.id)).payment!.id).toBe(asked.payment!.id);
    expect((await emailsTo(ctx, client.email)).some((email) => email.type === 'project-funding-requested' && email.textBody.includes(asked.payment!.invoiceNumber!))).toBe(true);
    // The creator sees the status but not the client's invoice.
    expect((await funding(project.id, maker)).milestones[0]).toMatchObject({ status: 'awaiting_payment', payment: { invoiceUrl: null } });

    const queue = ok<{ toConfirm: Array<{ id: string; clientEmail: string }> }>(await get(admin, '/api/admin/payments'));
    expect(queue.toConfirm.find((row) => row.id === asked.payment!.id)).toMatchObject({ clientEmail: client.email });
    expect((await post(admin, `/api/admin/payments/${asked.payment!.id}/received`, { reference: ' ' })).json().fields).toMatchObject({ reference: 'Enter the reference' });
    await receive(asked.payment!.id);
    expect((await post(admin, `/api/admin/payments/${asked.payment!.id}/received`, { reference: 'again' })).statusCode).toBe(409);
    expect((await post(client, `/api/payments/milestones/${first.id}/fund`)).json().message).toBe('This milestone is already funded.');
    expect((await funding(project.id)).milestones.map((m) => m.status)).toEqual(['funded', 'not_due']);
    expect(await balance()).toMatchObject({ inEscrowCents: start.inEscrowCents + 50000, availableCents: start.availableCents });
    expect((await emailsTo(ctx, maker.email)).some((email) => email.type === 'project-payment-received')).toBe(true);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, asked.payment!.id))).toMatchObject([{ action: 'payment.received', reason: 'BANK-REF-1' }]);

    await putInReview(ctx.db, project.id);
    const approved = ok<ProjectView>(await post(client, `/api/projects/${project.id}/approve`));
    expect(approved.milestones.map((m) => m.funding)).toEqual(['released', 'awaiting_funding']);
    const after = await balance();
    expect(after).toMatchObject({ inEscrowCents: start.inEscrowCents, availableCents: start.availableCents + 45000, earnedCents: start.earnedCents + 45000 });
    expect((await funding(project.id)).milestones[0]).toMatchObject({ status: 'released', releasedCents: 45000, refundedCents: 0 });
    expect((await threadLines(project.id)).slice(-3)).toEqual([
      expect.stringContaining('recorded the payment'),
      expect.stringContaining('approved milestone 1'),
      'Humanmade released the payment for “A new wordmark”: $450.00 to the creator for milestone 1 (“Step 1”), after the $50.00 platform fee.',
    ]);
    // Earnings everywhere read the ledger.
    expect(ok<{ earningsTotal: number }>(await get(maker, '/api/projects/summary')).earningsTotal).toBe(after.earnedCents / 100);
    expect(ok<{ earnings: { earningsTotal: number } }>(await get(maker, '/api/creator-dashboard/earnings')).earnings.earningsTotal).toBe(after.earnedCents / 100);
    expect(second.id).toBeTruthy();

    // Payouts: at most the available balance, at least $1.
    const tooMuch = await post(maker, '/api/payments/payouts', { amountCents: after.availableCents + 1 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields).toMatchObject({ amountCents: 'You can request at most your available balance.' });
    expect((await post(maker, '/api/payments/payouts', { amountCents: 99 })).json().fields).toMatchObject({ amountCents: 'A payout is at least $1.' });
    const requested = ok<{ id: string; status: string; receiptUrl: string | null }>(await post(maker, '/api/payments/payouts', { amountCents: 40000 }), 201);
    expect(requested).toMatchObject({ status: 'requested', receiptUrl: null });
    expect(await balance()).toMatchObject({ availableCents: after.availableCents - 40000, pendingPayoutCents: 40000 });
    // The pending request counts: a second one for more than what is left is refused.
    expect((await post(maker, '/api/payments/payouts', { amountCents: after.availableCents - 40000 + 100 })).statusCode).toBe(400);
    expect((await get(maker, `/api/payments/payouts/${requested.id}/receipt`)).statusCode).toBe(404);

    const toPay = ok<{ toPay: Array<{ id: string; availableCents: number }> }>(await get(admin, '/api/admin/payments')).toPay;
    expect(toPay.find((row) => row.id === requested.id)).toMatchObject({ availableCents: after.availableCents - 40000 });
    const paid = ok<{ status: string; receiptNumber: string; receiptUrl: string }>(await post(admin, `/api/admin/payouts/${requested.id}/paid`, { reference: 'WIRE-77' }));
    expect(paid.status).toBe('paid');
    expect(paid.receiptNumber).toMatch(/^HM-RCT-\d{4}-\d{6}$/);
    expect((await post(admin, `/api/admin/payouts/${requested.id}/paid`, { reference: 'WIRE-77' })).json().message).toBe('This payout is no longer waiting to be paid.');
    expect(await balance()).toMatchObject({ availableCents: after.availableCents - 40000, pendingPayoutCents: 0, paidOutCents: start.paidOutCents + 40000 });
    expect((await emailsTo(ctx, maker.email)).some((email) => email.type === 'payout-paid' && email.textBody.includes(paid.receiptNumber))).toBe(true);

    const receipt = await get(maker, paid.receiptUrl);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(admin, paid.receiptUrl)).statusCode).toBe(200);
    expect((await get(client, paid.receiptUrl)).statusCode).toBe(404);

    const invoiceUrl = (await funding(project.id)).milestones[0].payment!.invoiceUrl!;
    const invoice = await get(client, invoiceUrl);
    expect(invoice.statusCode).toBe(200);
    expect(invoice.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(maker, invoiceUrl)).statusCode).toBe(404);
    expect((await get(otherClient, invoiceUrl)).statusCode).toBe(404);
    expect((await get(admin, invoiceUrl)).statusCode).toBe(200);
    const invoices = ok<{ invoices: Array<{ id: string; status: string }> }>(await get(client, '/api/payments/invoices')).invoices;
    expect(invoices.find((row) => row.id === asked.payment!.id)).toMatchObject({ status: 'paid' });
    expect(ok<{ invoices: unknown[] }>(await get(otherClient, '/api/payments/invoices')).invoices).toEqual([]);

    expect(await reconciliationTotal()).toBe(0);
    const csv = await get(admin, '/api/admin/payments/reconciliation.csv');
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('account_id,kind,owner_id,owner,balance');
    expect(lines.at(-1)).toBe('total,,,,0.00');
    expect(lines.some((line) => line.includes('creator_payable') && line.includes('Mara Maker'))).toBe(true);
  });

  it('of two payout requests at once for more than the balance together, one is refused', async () => {
    const project = await activeProject([30000]);
    await fundAndReceive(project.milestones[0].id);
    await putInReview(ctx.db, project.id);
    ok(await post(client, `/api/projects/${project.id}/approve`));
    const { availableCents } = await balance();
    const share = Math.floor((availableCents * 0.6) / 100) * 100;
    const answers = await Promise.all([post(maker, '/api/payments/payouts', { amountCents: share }), post(maker, '/api/payments/payouts', { amountCents: share })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 400]);
    expect((await balance()).availableCents).toBe(availableCents - share);
  });

  it("calls the provider's release hook inside the money's transaction, and asks for a bank refund in it", async () => {
    const provider = ctx.app.payments.provider;
    const seen: Array<{ hook: string; cents: number; posted: boolean }> = [];
    ctx.app.payments.provider = {
      ...provider,
      afterRelease: async (tx, event) => {
        const rows = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, event.transactionId));
        seen.push({ hook: 'release', cents: event.creatorCents, posted: rows.length === 1 });
      },
      afterRefund: async (tx, event) => {
        const rows = await tx.select().from(ledgerTransactions).where(eq(ledgerTransactions.id, event.transactionId));
        seen.push({ hook: 'refund', cents: event.refundCents, posted: rows.length === 1 });
      },
    };
    let projectId: string | undefined;
    try {
      const project = await activeProject([10000]);
      projectId = project.id;
      await fundAndReceive(project.milestones[0].id);
      ok(await flagAndCancel(project.id, { outcome: 'split', creatorCents: 5000 }));
    } finally {
      ctx.app.payments.provider = provider;
    }
    // The refund of a bank-transfer payment is not the provider's: it is a refund for an admin to send (decision
    // 216), written with the split's own ledger transaction.
    expect(seen).toEqual([{ hook: 'release', cents: 4500, posted: true }]);
    const [split] = await ctx.db.select().from(ledgerTransactions).where(and(eq(ledgerTransactions.projectId, projectId!), eq(ledgerTransactions.kind, 'split')));
    const [request] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.ledgerTransactionId, split.id));
    expect(request).toMatchObject({ amountCents: 5000, status: 'requested' });
  });

  it("refuses another client's milestone as if it did not exist, and an unstarted one as not fundable", async () => {
    const project = await activeProject();
    expect((await post(otherClient, `/api/payments/milestones/${project.milestones[0].id}/fund`)).statusCode).toBe(404);
    expect((await get(otherClient, `/api/payments/projects/${project.id}`)).statusCode).toBe(404);
    const pending = await post(client, `/api/payments/milestones/${project.milestones[1].id}/fund`);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('This milestone cannot be funded now.');
  });

  it('two fund requests at once issue one invoice', async () => {
    const project = await activeProject([30000]);
    const [a, b] = await Promise.all([fund(project.milestones[0].id), fund(project.milestones[0].id)]);
    expect(a.payment!.id).toBe(b.payment!.id);
    expect(await ctx.db.select().from(payments).where(eq(payments.milestoneId, project.milestones[0].id))).toHaveLength(1);
  });

  it('an approval before the money arrives releases none and invoices the work; paying that invoice releases it', async () => {
    const start = await balance();
    const project = await activeProject([20000]);
    await putInReview(ctx.db, project.id);
    const approved = ok<ProjectView>(await post(client, `/api/projects/${project.id}/approve`));
    expect(approved).toMatchObject({ status: 'completed' });
    expect((await balance()).earnedCents).toBe(start.earnedCents);
    // The approval issued the invoice (decision 185): the client owes a numbered document with a due date.
    const owed = (await funding(project.id)).milestones[0];
    expect(owed).toMatchObject({ status: 'awaiting_payment', amountCents: 20000, payment: { status: 'awaiting_payment' } });
    expect(owed.payment!.invoiceNumber).toMatch(/^HM-INV-/);
    expect((await emailsTo(ctx, client.email)).some((email) => email.type === 'project-funding-requested' && email.textBody.includes(owed.payment!.invoiceNumber!))).toBe(true);
    // Asking to fund it returns that same invoice; paying it releases the money at once.
    expect((await fund(project.milestones[0].id)).payment!.id).toBe(owed.payment!.id);
    await receive(owed.payment!.id);
    expect((await funding(project.id)).milestones[0]).toMatchObject({ status: 'released', releasedCents: 18000 });
    expect(await balance()).toMatchObject({ earnedCents: start.earnedCents + 18000, inEscrowCents: start.inEscrowCents });
    expect(await reconciliationTotal()).toBe(0);
  });
});

describe('payout receipts and cancelled requests (decision 228)', () => {
  const approveCurrent = async (projectId: string) => {
    await putInReview(ctx.db, projectId);
    ok(await post(client, `/api/projects/${projectId}/approve`));
  };
  const payOut = async (amountCents: number, reference: string) => {
    const requested = ok<PayoutView>(await post(maker, '/api/payments/payouts', { amountCents }), 201);
    return ok<PayoutView>(await post(admin, `/api/admin/payouts/${requested.id}/paid`, { reference }));
  };
  const receiptText = async (url: string) => {
    const response = await get(maker, url);
    expect(response.statusCode).toBe(200);
    return pdfText(response.rawPayload);
  };
  /** The figure drawn after a row's label. */
  const figure = (text: string, label: string) => {
    const lines = text.split('\n');
    const at = lines.indexOf(label);
    expect(at, `${label} in\n${text}`).toBeGreaterThan(-1);
    return lines[at + 1];
  };
  const EARNED = 'Released to your balance up to this payout (after fees)';
  const FEES = 'Platform fees withheld on those releases';
  /** A funded milestone of this amount approved, then a payout request: the balance before the request, and the request. */
  const requestAfterRelease = async (milestoneCents: number, payoutCents: number) => {
    const project = await activeProject([milestoneCents]);
    await fundAndReceive(project.milestones[0].id);
    await approveCurrent(project.id);
    const before = await balance();
    return { before, requested: ok<PayoutView>(await post(maker, '/api/payments/payouts', { amountCents: payoutCents }), 201) };
  };
  const ledgerTransactionCount = async () => (await ctx.db.select({ count: sql<number>`count(*)::int` }).from(ledgerTransactions))[0].count;

  it('a receipt reads the same after another funded milestone is approved; the next receipt counts it', async () => {
    const project = await activeProject([20000, 30000]);
    const [first, second] = project.milestones;
    await fundAndReceive(first.id);
    await approveCurrent(project.id);
    const before = await balance();
    const paid = await payOut(10000, 'WIRE-228-1');
    const issued = await receiptText(paid.receiptUrl!);
    expect(figure(issued, EARNED)).toBe(formatMoneyCents(before.earnedCents));
    expect(issued).not.toContain('all time');

    await fundAndReceive(second.id);
    await approveCurrent(project.id);
    expect((await balance()).earnedCents).toBe(before.earnedCents + 27000);
    // The same figures, to the character, as when it was issued.
    expect(await receiptText(paid.receiptUrl!)).toBe(issued);

    const next = await receiptText((await payOut(10000, 'WIRE-228-2')).receiptUrl!);
    expect(figure(next, EARNED)).toBe(formatMoneyCents(before.earnedCents + 27000));
    const cents = (money: string) => Math.round(Number(money.replace(/[$,]/g, '')) * 100);
    expect(cents(figure(next, FEES)) - cents(figure(issued, FEES))).toBe(3000);
  });

  it('a creator cancels their own waiting request: available again, nothing posted, never paid after', async () => {
    const { before, requested } = await requestAfterRelease(20000, 15000);
    expect(await balance()).toMatchObject({ availableCents: before.availableCents - 15000, pendingPayoutCents: before.pendingPayoutCents + 15000 });
    const posted = await ledgerTransactionCount();
    const cancelUrl = `/api/payments/payouts/${requested.id}/cancel`;

    // Someone else's request does not exist for them; a client or an admin may not cancel one.
    const otherMaker = await approveMaker(ctx, { name: 'Olu Other' });
    expect((await post(otherMaker, cancelUrl)).statusCode).toBe(404);
    expect((await post(client, cancelUrl)).statusCode).toBe(403);
    expect((await post(admin, cancelUrl)).statusCode).toBe(403);
    expect((await post(maker, `/api/payments/payouts/${randomUUID()}/cancel`)).json().message).toBe('Payout not found');

    const cancelled = ok<PayoutView>(await post(maker, cancelUrl));
    expect(cancelled).toMatchObject({ id: requested.id, status: 'cancelled', receiptUrl: null, receiptNumber: null, paidAt: null });
    const after = await balance();
    expect(after).toMatchObject({ availableCents: before.availableCents, pendingPayoutCents: before.pendingPayoutCents, paidOutCents: before.paidOutCents, earnedCents: before.earnedCents });
    expect(after.payouts.find((row) => row.id === requested.id)).toMatchObject({ status: 'cancelled' });
    // The request never moved money, so its end moves none: no ledger transaction, and the books still balance.
    expect(await ledgerTransactionCount()).toBe(posted);
    expect(await reconciliationTotal()).toBe(0);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, requested.id))).toMatchObject([
      { action: 'payout.cancelled', actorId: maker.id, targetType: 'payout', metadata: { creatorId: maker.id, amountCents: 15000 } },
    ]);
    const [told] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.subjectKey, `payout:${requested.id}`)));
    expect(told).toMatchObject({ title: 'Payout request cancelled: $150.00', readAt: null });

    // Twice: the request is no longer waiting.
    const again = await post(maker, cancelUrl);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This payout is no longer waiting to be paid.');
    // The admin no longer has it to pay, and recording it paid now is refused with nothing written.
    expect(ok<{ toPay: Array<{ id: string }> }>(await get(admin, '/api/admin/payments')).toPay.some((row) => row.id === requested.id)).toBe(false);
    const late = await post(admin, `/api/admin/payouts/${requested.id}/paid`, { reference: 'WIRE-LATE' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This payout is no longer waiting to be paid.');
    expect(await ledgerTransactionCount()).toBe(posted);
    expect(await balance()).toMatchObject({ availableCents: before.availableCents, pendingPayoutCents: before.pendingPayoutCents, paidOutCents: before.paidOutCents });

    // A paid payout cannot be cancelled either; the amount cancelled can be asked for again.
    const paid = await payOut(15000, 'WIRE-228-3');
    expect((await post(maker, `/api/payments/payouts/${paid.id}/cancel`)).statusCode).toBe(409);
    expect(await balance()).toMatchObject({ availableCents: before.availableCents - 15000, paidOutCents: before.paidOutCents + 15000 });
  });

  it('a cancel and the admin’s paid at once: one wins, the other answers 409, and the books agree with the winner', async () => {
    const { before, requested } = await requestAfterRelease(10000, 5000);
    const [cancel, paid] = await Promise.all([post(maker, `/api/payments/payouts/${requested.id}/cancel`), post(admin, `/api/admin/payouts/${requested.id}/paid`, { reference: 'WIRE-RACE' })]);
    expect([cancel.statusCode, paid.statusCode].sort()).toEqual([200, 409]);
    const after = await balance();
    const status = after.payouts.find((row) => row.id === requested.id)?.status;
    expect(status).toBe(cancel.statusCode === 200 ? 'cancelled' : 'paid');
    expect(after.paidOutCents).toBe(before.paidOutCents + (status === 'paid' ? 5000 : 0));
    expect(after.availableCents).toBe(before.availableCents - (status === 'paid' ? 5000 : 0));
    expect(after.pendingPayoutCents).toBe(before.pendingPayoutCents);
    expect(await reconciliationTotal()).toBe(0);
  });
});

describe('cancellations and disputes', () => {
  const feeOf = (cents: number) => Math.round(cents * 0.1);
  const clientRefunded = () => balanceOf(ctx.db, accounts.refunded(client.id));

  it('refunds the funded work under review by default, and voids nothing else', async () => {
    const project = await activeProject([40000]);
    await fundAndReceive(project.milestones[0].id);
    const refundedBefore = await clientRefunded();
    const response = await flagAndCancel(project.id, {});
    expect(ok<{ status: string; money: object }>(response)).toMatchObject({ status: 'cancelled', money: { outcome: 'refund', fundedCents: 40000, refundCents: 40000, creatorCents: 0 } });
    expect((await clientRefunded()) - refundedBefore).toBe(40000);
    expect((await funding(project.id)).milestones[0]).toMatchObject({ status: 'refunded', refundedCents: 40000 });
    const invoices = ok<{ invoices: Array<{ projectId: string; status: string; refundedCents: number }> }>(await ctx.inject(client, { method: 'GET', url: '/api/payments/invoices' }));
    expect(invoices.invoices.find((invoice) => invoice.projectId === project.id)).toMatchObject({ status: 'paid', refundedCents: 40000 });
    const [audit] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, project.id), eq(auditLog.action, 'project.cancel')));
    expect(audit.metadata).toMatchObject({ money: { outcome: 'refund', refundCents: 40000 } });
    expect((await threadLines(project.id)).at(-1)).toContain('refunded the payment for “A new wordmark”: $400.00 back to the client');
  });

  it("asks an admin to send a bank-transfer refund back, and records it once with its reference (decision 216)", async () => {
    const project = await activeProject([25000]);
    await fundAndReceive(project.milestones[0].id);
    ok(await flagAndCancel(project.id, {}));
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.milestoneId, project.milestones[0].id));
    const [request] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.paymentId, payment.id));
    expect(request).toMatchObject({ status: 'requested', amountCents: 25000, clientId: client.id, invoiceNumber: payment.invoiceNumber });

    const listed = ok<{ toRefund: Array<{ id: string; amountCents: number; clientEmail: string }> }>(await ctx.inject(admin, { method: 'GET', url: '/api/admin/payments' }));
    expect(listed.toRefund).toContainEqual(expect.objectContaining({ id: request.id, amountCents: 25000, clientEmail: client.email }));

    expect((await post(client, `/api/admin/refunds/${request.id}/sent`, { reference: 'X' })).statusCode).toBe(403);
    expect((await post(admin, `/api/admin/refunds/${request.id}/sent`, { reference: ' ' })).statusCode).toBe(400);
    expect((await post(admin, `/api/admin/refunds/${request.id}/sent`, { reference: 'RETURN-77' })).statusCode).toBe(204);
    const again = await post(admin, `/api/admin/refunds/${request.id}/sent`, { reference: 'RETURN-78' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This refund was already recorded as sent.');

    const [sent] = await ctx.db.select().from(refundRequests).where(eq(refundRequests.id, request.id));
    expect(sent).toMatchObject({ status: 'sent', reference: 'RETURN-77', sentBy: admin.id });
    expect(ok<{ toRefund: Array<{ id: string }> }>(await ctx.inject(admin, { method: 'GET', url: '/api/admin/payments' })).toRefund.map((row) => row.id)).not.toContain(request.id);
    expect(await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, request.id), eq(auditLog.action, 'refund.sent')))).toHaveLength(1);
    const told = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.subjectKey, `refund:${request.id}:sent`)));
    expect(told[0]?.title).toBe('Refund sent: $250.00');
    expect((await emailsTo(ctx, client.email)).some((email) => email.type === 'refund-sent' && email.textBody.includes('RETURN-77'))).toBe(true);
  });

  it('releases the work under review to the creator, less the fee', async () => {
    const start = await balance();
    const project = await activeProject([40000]);
    await fundAndReceive(project.milestones[0].id);
    ok(await flagAndCancel(project.id, { outcome: 'release' }));
    expect((await balance()).availableCents - start.availableCents).toBe(36000);
    expect((await funding(project.id)).milestones[0].status).toBe('released');
  });

  it('refuses to release or split work nobody funded, and moves nothing; a refund decision stands', async () => {
    const project = await activeProject([30000]);
    // Invoiced but never paid: nothing is held.
    await fund(project.milestones[0].id);
    await putInReview(ctx.db, project.id);
    ok(await post(client, `/api/projects/${project.id}/flag`));
    for (const body of [{ outcome: 'release' }, { outcome: 'split', creatorCents: 10000 }]) {
      const refused = await post(admin, `/api/admin/projects/${project.id}/cancel`, { reason: 'Decided on the evidence.', ...body });
      expect(refused.statusCode, JSON.stringify(body)).toBe(409);
      expect(refused.json().message).toBe('This milestone was never funded, so no money is held to release or split. Cancel it with a refund, or clear the flag and let the client fund it.');
      const [row] = await ctx.db.select().from(projects).where(eq(projects.id, project.id));
      expect(row.status).toBe('in_review');
      expect((await funding(project.id)).milestones[0].payment).toMatchObject({ status: 'awaiting_payment' });
    }
    ok(await post(admin, `/api/admin/projects/${project.id}/cancel`, { reason: 'Decided on the evidence.', outcome: 'refund' }));
    expect((await funding(project.id)).milestones[0].payment).toMatchObject({ status: 'cancelled' });
  });

  it('splits 60/40: the creator gets 60% less the fee on it, the client 40% back; both dashboards agree', async () => {
    const start = await balance();
    const refundedBefore = await clientRefunded();
    const project = await activeProject([50000]);
    await fundAndReceive(project.milestones[0].id);
    const outOfRange = await flagAndCancel(project.id, { outcome: 'split', creatorCents: 50001 });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fields).toMatchObject({ creatorCents: 'The creator’s share must be between $0 and the milestone’s amount.' });
    expect((await post(admin, `/api/admin/projects/${project.id}/cancel`, { outcome: 'split' })).json().fields).toMatchObject({ creatorCents: expect.any(String) });
    // Nothing moved: the refused decision rolled back whole.
    expect((await ctx.db.select().from(projects).where(eq(projects.id, project.id)))[0].status).toBe('in_review');

    const split = ok<{ money: object }>(await post(admin, `/api/admin/projects/${project.id}/cancel`, { outcome: 'split', creatorCents: 30000 }));
    expect(split.money).toEqual({ outcome: 'split', milestoneId: project.milestones[0].id, fundedCents: 50000, creatorCents: 30000 - feeOf(30000), feeCents: feeOf(30000), refundCents: 20000, invoicesVoided: [] });
    expect((await balance()).availableCents - start.availableCents).toBe(27000);
    expect((await clientRefunded()) - refundedBefore).toBe(20000);
    const seen = [(await funding(project.id)).milestones[0], (await funding(project.id, maker)).milestones[0]];
    for (const view of seen) expect(view).toMatchObject({ status: 'split', releasedCents: 27000, refundedCents: 20000 });
    expect(await reconciliationTotal()).toBe(0);
    // The client's invoice stays paid, and says what came back.
    const invoices = ok<{ invoices: Array<{ milestoneTitle: string; projectId: string; status: string; refundedCents: number }> }>(await ctx.inject(client, { method: 'GET', url: '/api/payments/invoices' }));
    expect(invoices.invoices.find((invoice) => invoice.projectId === project.id)).toMatchObject({ status: 'paid', refundedCents: 20000 });
  });

  it('voids the open invoice of a cancelled milestone', async () => {
    const project = await activeProject([40000]);
    const asked = await fund(project.milestones[0].id);
    const response = ok<{ money: { invoicesVoided: string[] } }>(await flagAndCancel(project.id, {}));
    expect(response.money.invoicesVoided).toEqual([asked.payment!.invoiceNumber]);
    expect((await funding(project.id)).milestones[0]).toMatchObject({ status: 'not_due', payment: { status: 'cancelled' } });
    expect((await post(admin, `/api/admin/payments/${asked.payment!.id}/received`, { reference: 'late' })).statusCode).toBe(409);
  });

  it('refunds a funded milestone that was not submitted when its project is cancelled', async () => {
    const project = await activeProject([40000]);
    await fundAndReceive(project.milestones[0].id);
    const refundedBefore = await clientRefunded();
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx.select().from(projects).where(eq(projects.id, project.id)).for('update');
      await tx.update(projects).set({ status: 'cancelled' }).where(eq(projects.id, project.id));
      await settleCancelledProject(ctx.app, tx, row, { outcome: 'release' });
    });
    // The outcome applies to work under review only; unsubmitted work is always refunded.
    expect((await clientRefunded()) - refundedBefore).toBe(40000);
    expect((await funding(project.id)).milestones[0].status).toBe('refunded');
  });
});

describe('money held when an account is deleted (decision 183)', () => {
  const creatorWithWork = async () => {
    const creator = await approveMaker(ctx, { name: 'Leaving Maker' });
    await givePayoutDetails(ctx, creator);
    const draft = ok<ProjectView>(await post(client, '/api/projects', projectPayload({ creatorId: creator.id, budget: 400 })), 201);
    const started = ok<ProjectView>(await post(creator, `/api/projects/${draft.id}/accept`));
    return { creator, project: started };
  };

  it("refunds the client every milestone held for a deleted creator's work, delivered or not, and cancels it", async () => {
    const refundedBefore = await balanceOf(ctx.db, accounts.refunded(client.id));
    const { creator, project } = await creatorWithWork();
    await fundAndReceive(project.milestones[0].id);
    await putInReview(ctx.db, project.id);
    expect((await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${creator.id}` })).statusCode).toBe(204);
    expect((await ctx.db.select().from(projects).where(eq(projects.id, project.id)))[0].status).toBe('cancelled');
    expect(await balanceOf(ctx.db, accounts.escrow(project.id))).toBe(0);
    expect((await balanceOf(ctx.db, accounts.refunded(client.id))) - refundedBefore).toBe(40000);
    expect((await funding(project.id)).milestones[0]).toMatchObject({ status: 'refunded', refundedCents: 40000 });
    expect(await reconciliationTotal()).toBe(0);
  });

  it("releases delivered work to its creator when the client leaves, and refunds what was not delivered", async () => {
    const leaving = await onboardedClient(ctx, 'Gone Co');
    const creator = await approveMaker(ctx, { name: 'Delivered Maker' });
    await givePayoutDetails(ctx, creator);
    const deliveredDraft = ok<ProjectView>(await post(leaving, '/api/projects', projectPayload({ creatorId: creator.id, budget: 100 })), 201);
    const delivered = ok<ProjectView>(await post(creator, `/api/projects/${deliveredDraft.id}/accept`));
    const openDraft = ok<ProjectView>(await post(leaving, '/api/projects', projectPayload({ creatorId: creator.id, budget: 200 })), 201);
    const open = ok<ProjectView>(await post(creator, `/api/projects/${openDraft.id}/accept`));
    for (const project of [delivered, open]) {
      const asked = ok<MilestoneFunding>(await post(leaving, `/api/payments/milestones/${project.milestones[0].id}/fund`));
      await receive(asked.payment!.id);
    }
    await putInReview(ctx.db, delivered.id);

    expect((await ctx.inject(leaving, { method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
    expect(ok<CreatorBalance>(await get(creator, '/api/payments/balance'))).toMatchObject({ availableCents: 9000, inEscrowCents: 0 });
    expect(await balanceOf(ctx.db, accounts.escrow(delivered.id))).toBe(0);
    expect(await balanceOf(ctx.db, accounts.escrow(open.id))).toBe(0);
    expect(await balanceOf(ctx.db, accounts.refunded(leaving.id))).toBe(20000);
    expect(await reconciliationTotal()).toBe(0);
  });

  it('refuses to delete a creator who still has earnings to be paid, until they are paid out', async () => {
    const { creator, project } = await creatorWithWork();
    await fundAndReceive(project.milestones[0].id);
    await putInReview(ctx.db, project.id);
    ok(await post(client, `/api/projects/${project.id}/approve`));
    const refused = await ctx.inject(creator, { method: 'DELETE', url: '/api/account' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You have $360.00 in earnings not yet paid out. Ask for a payout under Earnings, and delete your account once it has been paid.');
    // Nothing was deleted or settled by the refused attempt.
    expect((await get(creator, '/api/payments/balance')).statusCode).toBe(200);

    const payout = ok<{ id: string }>(await post(creator, '/api/payments/payouts', { amountCents: 36000 }), 201);
    expect((await ctx.inject(creator, { method: 'DELETE', url: '/api/account' })).statusCode).toBe(409);
    ok(await post(admin, `/api/admin/payouts/${payout.id}/paid`, { reference: 'WIRE-1' }));
    expect((await ctx.inject(creator, { method: 'DELETE', url: '/api/account' })).statusCode).toBe(204);
  });
});

describe('the ledger and the documents, as the database keeps them', () => {
  it("keeps every cent when a client's account is deleted, and refunds what was held for work not yet delivered", async () => {
    const leaving = await onboardedClient(ctx, 'Leaving Co');
    const draft = ok<ProjectView>(await post(leaving, '/api/projects', projectPayload({ creatorId: maker.id, budget: 300 })), 201);
    const started = ok<ProjectView>(await post(maker, `/api/projects/${draft.id}/accept`));
    const asked = ok<MilestoneFunding>(await post(leaving, `/api/payments/milestones/${started.milestones[0].id}/fund`));
    await receive(asked.payment!.id);
    const before = ok<{ totalCents: number; transactionCount: number; byKind: Record<string, number> }>(await get(admin, '/api/admin/payments/reconciliation'));
    expect((await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${leaving.id}` })).statusCode).toBe(204);
    const after = ok<typeof before>(await get(admin, '/api/admin/payments/reconciliation'));
    // Every earlier transaction is still there, and one more: the refund of the held $300 (decision 183).
    expect(after.totalCents).toBe(0);
    expect(after.transactionCount).toBe(before.transactionCount + 1);
    expect(await balanceOf(ctx.db, accounts.escrow(draft.id))).toBe(0);
    expect(await balanceOf(ctx.db, accounts.refunded(leaving.id))).toBe(30000);
    // The invoice row stays, detached from the deleted person and project, with what it said.
    expect((await ctx.db.select().from(payments).where(eq(payments.id, asked.payment!.id)))[0]).toMatchObject({ clientId: null, projectId: null, status: 'paid', amountCents: 30000 });
  });

  it('numbers invoices without gaps, even when a transaction that took a number rolls back', async () => {
    const numbers: string[] = [];
    for (const amounts of [[10000], [10000]]) numbers.push((await fund((await activeProject(amounts)).milestones[0].id)).payment!.invoiceNumber!);
    await expect(
      ctx.db.transaction(async (tx) => {
        await nextDocumentNumber(tx, 'invoice', new Date());
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    numbers.push((await fund((await activeProject([10000])).milestones[0].id)).payment!.invoiceNumber!);
    const sequence = numbers.map((number) => Number(number.slice(-6)));
    expect(sequence).toEqual([sequence[0], sequence[0] + 1, sequence[0] + 2]);
  });

  it('refuses an unbalanced transaction written directly in SQL', async () => {
    const [account] = await ctx.db.select().from(ledgerAccounts).limit(1);
    const unbalanced = ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(ledgerTransactions).values({ kind: 'funding', idempotencyKey: 'direct-unbalanced' }).returning();
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${row.id}, ${account.id}, 100)`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${row.id}, ${account.id}, -99)`);
    });
    await expect(unbalanced).rejects.toThrow();
    const empty = ctx.db.transaction(async (tx) => {
      await tx.insert(ledgerTransactions).values({ kind: 'funding', idempotencyKey: 'direct-empty' });
    });
    await expect(empty).rejects.toThrow();
    expect(await ctx.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.idempotencyKey, 'direct-unbalanced'))).toEqual([]);
  });

  it('refuses to update or delete a posted entry or transaction', async () => {
    const [entry] = await ctx.db.select().from(ledgerEntries).limit(1);
    await expect(ctx.db.execute(sql`update ledger_entries set amount_cents = amount_cents + 1 where id = ${entry.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from ledger_entries where id = ${entry.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update ledger_transactions set memo = 'edited' where id = ${entry.transactionId}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from ledger_transactions where id = ${entry.transactionId}`)).rejects.toThrow();
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id))).toEqual([entry]);
  });

  it('refuses a balanced pair appended to a committed transaction, and any change to an account (decision 212)', async () => {
    const [entry] = await ctx.db.select().from(ledgerEntries).limit(1);
    const [account] = await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, entry.accountId));
    const entriesBefore = await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, entry.transactionId));
    const appended = ctx.db.transaction(async (tx) => {
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${entry.transactionId}, ${account.id}, 500)`);
      await tx.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${entry.transactionId}, ${account.id}, -500)`);
    });
    await expect(appended).rejects.toMatchObject({ cause: { message: expect.stringMatching(/is closed: entries are written only with it/) } });
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, entry.transactionId))).toHaveLength(entriesBefore.length);

    await expect(ctx.db.execute(sql`update ledger_accounts set owner_id = 'someone-else' where id = ${account.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`update ledger_accounts set kind = 'platform_fees', owner_id = null where id = ${account.id}`)).rejects.toThrow();
    await expect(ctx.db.execute(sql`delete from ledger_accounts where id = ${account.id}`)).rejects.toThrow();
    expect(await ctx.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, account.id))).toEqual([account]);

    // Entries written with their transaction, inside a savepoint as the money moves nest them, still go in.
    const id = await ctx.db.transaction(async (tx) =>
      tx.transaction(async (savepoint) => {
        const [row] = await savepoint.insert(ledgerTransactions).values({ kind: 'funding', idempotencyKey: 'in-a-savepoint' }).returning();
        await savepoint.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${row.id}, ${account.id}, 100)`);
        await tx.transaction(async (inner) => {
          await inner.execute(sql`insert into ledger_entries (transaction_id, account_id, amount_cents) values (${row.id}, ${account.id}, -100)`);
        });
        return row.id;
      }),
    );
    expect(await ctx.db.select().from(ledgerEntries).where(eq(ledgerEntries.transactionId, id))).toHaveLength(2);
  });
});
