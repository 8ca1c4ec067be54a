import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../domain/project-schemas';
import { emailOutbox, notifications } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { fundCurrentMilestone, givePayoutDetails } from '../../../../test/support/money-fixtures';
import { acceptedOfferProject, approveMaker, emailsTo, onboardedClient, pngBuffer, projectPayload, putInReview, uploadProjectFile } from '../../../../test/support/project-fixtures';

/*
 * Where a project's and its money's notifications and emails lead, and what they name: the dashboard tab the event is
 * about (the tab values of src/web/pages/dashboard-*-page.tsx), the milestone, and money emails sent whatever the
 * recipient's email settings.
 */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
  await givePayoutDetails(ctx, maker);
});

const post = async (user: TestUser, url: string, payload?: object) => {
  const response = await ctx.inject(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
};

/** An active project of two milestones, "Sketches" and "Final design", from an accepted offer. */
const twoMilestoneProject = (title: string): Promise<ProjectView> =>
  acceptedOfferProject(ctx, client, maker, {
    title,
    milestones: [
      { title: 'Sketches', amountCents: 50000 },
      { title: 'Final design', amountCents: 100000 },
    ],
  });

const itemsOf = (user: TestUser, subjectKeyLike: string) =>
  ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), like(notifications.subjectKey, subjectKeyLike)));
const emailOf = async (user: TestUser, type: string, subjectIncludes: string) => {
  const found = (await emailsTo(ctx, user.email)).filter((email) => email.type === type && email.subject.includes(subjectIncludes));
  expect(found, `${type} about ${subjectIncludes}`).toHaveLength(1);
  return found[0];
};

describe('milestone emails', () => {
  it('name the milestone in the subject and lead to the Projects tab; a one-milestone project keeps its plain subject', async () => {
    const title = `Shop front ${Date.now()}`;
    const project = await twoMilestoneProject(title);
    await uploadProjectFile(ctx, maker, project.id, 'deliverable', { data: await pngBuffer(), filename: 'sketches.png', contentType: 'image/png' });
    const submitted = await emailOf(client, 'project-deliverable-submitted', title);
    expect(submitted.subject).toBe(`Work is ready for your review: ${title} — milestone 1 (“Sketches”)`);
    expect(submitted.textBody).toContain(`http://localhost:3000/dashboard-client?tab=projects&project=${project.id}`);
    // The notification is titled as the email, and leads to the same tab.
    const [item] = await itemsOf(client, `project:${project.id}:deliverable_submitted:%`);
    expect(item).toMatchObject({ title: submitted.subject, link: `/dashboard-client?tab=projects&project=${project.id}` });

    await post(client, `/api/projects/${project.id}/revision`, { note: 'Bolder, please.' });
    const revision = await emailOf(maker, 'project-revision-requested', title);
    expect(revision.subject).toBe(`A revision was asked for: ${title} — milestone 1 (“Sketches”)`);
    expect(revision.textBody).toContain(`http://localhost:3000/dashboard-maker?tab=projects&project=${project.id}`);

    await putInReview(ctx.db, project.id);
    await post(client, `/api/projects/${project.id}/approve`);
    expect((await emailOf(maker, 'project-milestone-approved', title)).subject).toBe(`A milestone was approved: ${title} — milestone 1 (“Sketches”)`);
    const [approved] = await itemsOf(maker, `project:${project.id}:milestone_approved:%`);
    expect(approved).toMatchObject({ title: `A milestone was approved: ${title} — milestone 1 (“Sketches”)`, link: `/dashboard-maker?tab=projects&project=${project.id}` });

    const single = `Single sign ${Date.now()}`;
    const draft = await post(client, '/api/projects', projectPayload({ creatorId: maker.id, title: single }));
    await post(maker, `/api/projects/${draft.id}/accept`);
    await uploadProjectFile(ctx, maker, draft.id, 'deliverable', { data: await pngBuffer(), filename: 'sign.png', contentType: 'image/png' });
    expect((await emailOf(client, 'project-deliverable-submitted', single)).subject).toBe(`Work is ready for your review: ${single}`);
  });
});

describe('money notifications and emails', () => {
  it('lead the client to Invoices and the creator to Earnings, name the milestone, and reach a client who turned project emails off', async () => {
    const title = `Bakery menu ${Date.now()}`;
    const project = await twoMilestoneProject(title);
    const [first] = project.milestones;
    // Project emails off: the money emails still come, without an unsubscribe link, while other project emails stop.
    await ctx.inject(client, { method: 'PUT', url: '/api/notifications/settings', payload: { email: { project: false, message: true, account: true, review: true } } });

    const funding = await post(client, `/api/payments/milestones/${first.id}/fund`);
    const invoiceNumber = funding.payment.invoiceNumber as string;
    const [issued] = await itemsOf(client, `project:${project.id}:funding_requested:%`);
    expect(issued).toMatchObject({ title: `Invoice issued: ${title}`, link: '/dashboard-client?tab=invoices' });
    // (Amounts as the payments feature formats them; what matters here is that the milestone is named.)
    expect(issued.body).toMatch(new RegExp(`^Invoice ${invoiceNumber}, \\$500.* for milestone 1 \\(“Sketches”\\)$`));
    const invoiceEmail = await emailOf(client, 'project-funding-requested', title);
    expect(invoiceEmail.textBody).toContain('download the invoice from the Invoices tab of your dashboard');
    expect(invoiceEmail.textBody).not.toContain('Payments page');
    expect(invoiceEmail.textBody).toContain('http://localhost:3000/dashboard-client?tab=invoices');
    expect(invoiceEmail.listUnsubscribe).toBeNull();

    await post(admin, `/api/admin/payments/${funding.payment.id}/received`, { reference: 'BANK-1' });
    const [clientReceived] = await itemsOf(client, `project:${project.id}:payment_received:%`);
    const [makerReceived] = await itemsOf(maker, `project:${project.id}:payment_received:%`);
    expect(clientReceived.link).toBe('/dashboard-client?tab=invoices');
    expect(makerReceived.link).toBe('/dashboard-maker?tab=earnings');
    expect(makerReceived.body).toContain(`for milestone 1 (“Sketches”) (invoice ${invoiceNumber})`);
    expect((await emailOf(client, 'project-payment-received', title)).listUnsubscribe).toBeNull();
    expect((await emailOf(maker, 'project-payment-received', title)).textBody).toContain('http://localhost:3000/dashboard-maker?tab=earnings');

    await uploadProjectFile(ctx, maker, project.id, 'deliverable', { data: await pngBuffer(), filename: 'menu.png', contentType: 'image/png' });
    await post(client, `/api/projects/${project.id}/approve`);
    const [released] = await itemsOf(maker, `project:${project.id}:funds_released:%`);
    expect(released).toMatchObject({ title: `Payment released: ${title}`, link: '/dashboard-maker?tab=earnings' });
    expect(released.body).toContain('milestone 1 (“Sketches”)');
    expect((await itemsOf(client, `project:${project.id}:funds_released:%`))[0].link).toBe('/dashboard-client?tab=invoices');
    expect((await emailOf(client, 'project-funds-released', title)).listUnsubscribe).toBeNull();
    // The submission is a project email, which this client turned off.
    expect((await emailsTo(ctx, client.email)).filter((email) => email.subject.includes(title) && email.type === 'project-deliverable-submitted')).toHaveLength(0);
  });

  it('leads a paid payout to the Earnings tab, never to the receipt API address', async () => {
    // A released milestone of its own, so the creator has a balance to pay out.
    const draft = await post(client, '/api/projects', projectPayload({ creatorId: maker.id, title: `Payout work ${Date.now()}` }));
    await post(maker, `/api/projects/${draft.id}/accept`);
    await fundCurrentMilestone(ctx, client, admin, draft.id);
    await putInReview(ctx.db, draft.id);
    await post(client, `/api/projects/${draft.id}/approve`);

    const payout = await post(maker, '/api/payments/payouts', { amountCents: 100 });
    const paid = await post(admin, `/api/admin/payouts/${payout.id}/paid`, { reference: 'WIRE-9' });
    const [item] = await itemsOf(maker, `payout:${payout.id}:paid`);
    expect(item).toMatchObject({ body: `Receipt ${paid.receiptNumber}`, link: '/dashboard-maker?tab=earnings' });
    expect(item.title).toMatch(/^Payout sent: \$1/);
    const [email] = (await emailsTo(ctx, maker.email)).filter((row) => row.type === 'payout-paid' && row.textBody.includes(paid.receiptNumber));
    expect(email.textBody).toContain(`Your receipt ${paid.receiptNumber} is ready to download from the Earnings tab of your dashboard, under Payouts:`);
    expect(email.textBody).toContain('http://localhost:3000/dashboard-maker?tab=earnings');
    expect(email.textBody).not.toContain('/api/');
    expect(email.htmlBody).not.toContain('/api/');
  });
});

describe('the unsubscribe footer of a project email', () => {
  it('says "You can stop emails about projects", in the text and the HTML', async () => {
    const title = `Footer ${Date.now()}`;
    await post(client, '/api/projects', projectPayload({ creatorId: maker.id, title }));
    const [email] = await ctx.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, maker.email.toLowerCase()), like(emailOutbox.subject, `%${title}`)));
    expect(email.textBody).toMatch(/You can stop emails about projects here: http:\/\/localhost:3000\/unsubscribe\?u=/);
    expect(email.htmlBody).toContain('stop emails about projects</a>.');
  });
});
