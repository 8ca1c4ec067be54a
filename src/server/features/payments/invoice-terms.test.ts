import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { formatDueDate, invoiceDueDate, type AdminPayments, type InvoiceView, type MilestoneFunding } from '../../../domain/payment-schemas';
import { clientProfiles, jobs, notifications, payments } from '../../db/schema';
import { JOB_INVOICE_OVERDUE, overdueAt } from './overdue';
import { type TestContext, type TestUser, ok, withTestContext } from '../../../../test/support/harness';
import { pdfText } from '../../../../test/support/pdf-text';
import { acceptedOfferProject, approveMaker, emailsTo, onboardedClient, putInReview } from '../../../../test/support/project-fixtures';

/** An invoice's company and due date (decision 177): fixed when it is issued, the same on the PDF, the email and the screens. */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx, 'Brennan Bakery');
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
});

const fund = async (who: TestUser, milestoneId: string) => ok<MilestoneFunding>(await ctx.inject(who, { method: 'POST', url: `/api/payments/milestones/${milestoneId}/fund` }));
/** A project accepted from an offer of these milestones, with its first milestone funded: the invoice as stored. */
const invoicedProject = async (who: TestUser, title: string, milestones: Array<[string, number]>) => {
  const project = await acceptedOfferProject(ctx, who, maker, { title, milestones: milestones.map(([name, amountCents]) => ({ title: name, amountCents })) });
  const funded = await fund(who, project.milestones[0].id);
  const [row] = await ctx.db.select().from(payments).where(eq(payments.id, funded.payment!.id));
  return { project, funded, row };
};
const invoiceText = async (who: TestUser, url: string) => {
  const response = await ctx.inject(who, { method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return pdfText(response.rawPayload);
};
const billedTo = (text: string): string[] => {
  const lines = text.split('\n');
  return lines.slice(lines.indexOf('BILLED TO') + 1, lines.indexOf('FOR WORK BY'));
};

describe('invoice terms', () => {
  it('puts the client’s company and a due date seven days after issue on the invoice, everywhere it is shown', async () => {
    const { project, funded, row } = await invoicedProject(client, 'Shop front', [['Sign', 50000], ['Window', 30000]]);
    expect(row.clientCompany).toBe('Brennan Bakery');
    expect(row.dueDate).toBe(invoiceDueDate(row.issuedAt));
    expect(Date.parse(`${row.dueDate}T00:00:00Z`) - Date.parse(row.issuedAt.toISOString().slice(0, 10))).toBe(7 * 86_400_000);
    const due = row.dueDate!;

    // The client's funding view, their invoices list and the admin's queue all carry the same day.
    expect(funded.payment!.dueDate).toBe(due);
    const [listed] = ok<{ invoices: InvoiceView[] }>(await ctx.inject(client, { method: 'GET', url: '/api/payments/invoices' })).invoices;
    expect(listed).toMatchObject({ id: row.id, dueDate: due });
    const queue = ok<AdminPayments>(await ctx.inject(admin, { method: 'GET', url: '/api/admin/payments' }));
    expect(queue.toConfirm.find((item) => item.id === row.id)).toMatchObject({ clientCompany: 'Brennan Bakery', dueDate: due });
    // The invoice email says when it is due.
    const email = (await emailsTo(ctx, client.email)).find((item) => item.type === 'project-funding-requested');
    expect(email?.textBody).toContain(`due by ${formatDueDate(due)}`);

    const text = await invoiceText(client, funded.payment!.invoiceUrl!);
    expect(billedTo(text)).toEqual(['Brennan Bakery', client.name, client.email]);
    expect(text).toContain(`Due ${formatDueDate(due)}`);

    // The client renames their company: the issued invoice keeps the name it was issued to; the next one has the new.
    await ctx.db.update(clientProfiles).set({ companyName: 'Brennan & Daughters' }).where(eq(clientProfiles.userId, client.id));
    expect(billedTo(await invoiceText(client, funded.payment!.invoiceUrl!))[0]).toBe('Brennan Bakery');
    expect(billedTo(await invoiceText(admin, funded.payment!.invoiceUrl!))[0]).toBe('Brennan Bakery');
    ok(await ctx.inject(admin, { method: 'POST', url: `/api/admin/payments/${row.id}/received`, payload: { reference: 'BANK-1' } }));
    await putInReview(ctx.db, project.id);
    ok(await ctx.inject(client, { method: 'POST', url: `/api/projects/${project.id}/approve` }));
    const next = await fund(client, project.milestones[1].id);
    expect(billedTo(await invoiceText(client, next.payment!.invoiceUrl!))[0]).toBe('Brennan & Daughters');
    // Paid, the first invoice still states its due date.
    expect(await invoiceText(client, funded.payment!.invoiceUrl!)).toContain(`Due ${formatDueDate(due)}`);
  });

  it('bills the person alone when the client named no company', async () => {
    const solo = await onboardedClient(ctx, '  ');
    const project = await acceptedOfferProject(ctx, solo, maker, { title: 'Poster', milestones: [{ title: 'Poster', amountCents: 20000 }] });
    const funded = await fund(solo, project.milestones[0].id);
    const [row] = await ctx.db.select().from(payments).where(eq(payments.id, funded.payment!.id));
    expect(row.clientCompany).toBeNull();
    expect(billedTo(await invoiceText(solo, funded.payment!.invoiceUrl!))).toEqual([solo.name, solo.email]);
  });

  it('reminds the client once, in-app and by email, when an invoice is still unpaid the day after it was due', async () => {
    const late = await onboardedClient(ctx, 'Late Lane Ltd');
    const { project, row } = await invoicedProject(late, 'Menu board', [['Board', 40000], ['Flyer', 10000]]);
    // The timer is set with the invoice, for the start of the day after the due date (UTC), when it shows as Overdue.
    const [timer] = await ctx.db.select().from(jobs).where(eq(jobs.key, `${JOB_INVOICE_OVERDUE}:${row.id}`));
    expect(timer.runAt.toISOString()).toBe(`${overdueAt(row.dueDate!).toISOString()}`);
    expect(overdueAt('2026-11-30').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    const overdueMails = async (email: string) => (await emailsTo(ctx, email)).filter((item) => item.type === 'project-invoice-overdue');
    const overdueNotes = async (userId: string) =>
      (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).filter((item) => item.subjectKey.endsWith(':overdue'));

    // On the due date itself nothing is sent.
    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() - 60_000));
    expect(await overdueMails(late.email)).toEqual([]);
    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() + 60_000));
    const [mail] = await overdueMails(late.email);
    expect(mail.subject).toBe('Invoice overdue: Menu board');
    expect(mail.textBody).toContain(`invoice ${row.invoiceNumber}, $400.00, was due by ${formatDueDate(row.dueDate!)}`);
    expect(mail.textBody).toContain('/dashboard-client?tab=invoices');
    const [note] = await overdueNotes(late.id);
    expect(note).toMatchObject({ title: 'Invoice overdue: Menu board', link: '/dashboard-client?tab=invoices' });
    // The creator is not told, and the timer fires once.
    expect(await overdueNotes(maker.id)).toEqual([]);
    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() + 30 * 86_400_000));
    expect(await overdueMails(late.email)).toHaveLength(1);

    // An invoice paid before its day passes sends no reminder.
    ok(await ctx.inject(admin, { method: 'POST', url: `/api/admin/payments/${row.id}/received`, payload: { reference: 'BANK-LATE' } }));
    await putInReview(ctx.db, project.id);
    ok(await ctx.inject(late, { method: 'POST', url: `/api/projects/${project.id}/approve` }));
    const paid = await fund(late, project.milestones[1].id);
    const [second] = await ctx.db.select().from(payments).where(eq(payments.id, paid.payment!.id));
    ok(await ctx.inject(admin, { method: 'POST', url: `/api/admin/payments/${second.id}/received`, payload: { reference: 'BANK-ON-TIME' } }));
    await ctx.app.jobs.runDue(new Date(overdueAt(second.dueDate!).getTime() + 60_000));
    expect(await overdueMails(late.email)).toHaveLength(1);
    const [done] = await ctx.db.select().from(jobs).where(eq(jobs.key, `${JOB_INVOICE_OVERDUE}:${second.id}`));
    expect(done.status).toBe('done');
  });
});
