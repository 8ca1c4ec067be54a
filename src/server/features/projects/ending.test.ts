import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { MilestoneFunding } from '../../../domain/payment-schemas';
import type { ProjectView } from '../../../domain/project-schemas';
import { auditLog, jobs, messages, notifications, payments, projectMilestones } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { earnedDollars, fundCurrentMilestone } from '../../../../test/support/money-fixtures';
import { approveMaker, emailsTo, multipart, onboardedClient, pngBuffer, projectPayload } from '../../../../test/support/project-fixtures';
import { accounts, balanceOf } from '../payments/ledger';

/*
 * Ending a project under way (decision 193): the creator withdraws, or an admin cancels it, while its current
 * milestone is not submitted. The money held for unapproved work goes back to the client in the same transaction,
 * approved milestones stay as they are, and the books still balance.
 */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let otherMaker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  otherMaker = await approveMaker(ctx, { name: 'Otto Other' });
  admin = await ctx.createAdmin();
});

const DAY = 24 * 60 * 60 * 1000;
const dateIn = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const post = (user: TestUser | null, url: string, payload?: object) => ctx.inject(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
const expectOk = <T = ProjectView>(response: Awaited<ReturnType<typeof post>>, status = 200): T => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as T;
};

/** An active project of three milestones ($300, $500, $400) on an accepted offer. */
const activeProject = async (title: string) => {
  const draft = expectOk(await post(client, '/api/projects', projectPayload({ title, creatorId: maker.id, budget: 1200 })), 201);
  const offer = {
    price: 1200,
    revisionRounds: 1,
    note: 'Three steps.',
    milestones: [
      { title: 'Research', amountCents: 30000, dueDate: dateIn(5) },
      { title: 'Concepts', amountCents: 50000, dueDate: dateIn(10) },
      { title: 'Final files', amountCents: 40000, dueDate: dateIn(15) },
    ],
  };
  expectOk(await post(maker, `/api/projects/${draft.id}/offers`, offer), 201);
  expectOk(await post(client, `/api/projects/${draft.id}/offers/1/accept`));
  return draft.id;
};

const submit = async (id: string) => {
  const body = multipart({ data: await pngBuffer('#446688'), filename: 'work.png', contentType: 'image/png' });
  return expectOk(await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers }));
};

/** Milestone 1 funded, delivered and approved (its money released); milestone 2 funded and under way. */
const midwayProject = async (title: string) => {
  const id = await activeProject(title);
  await fundCurrentMilestone(ctx, client, admin, id);
  await submit(id);
  expectOk(await post(client, `/api/projects/${id}/approve`));
  await fundCurrentMilestone(ctx, client, admin, id);
  return id;
};

const view = async (id: string, user: TestUser = client) => expectOk(await ctx.inject(user, { method: 'GET', url: `/api/projects/${id}` }));
const funding = async (id: string) => expectOk<{ milestones: MilestoneFunding[] }>(await ctx.inject(client, { method: 'GET', url: `/api/payments/projects/${id}` })).milestones;
const threadLines = async (projectId: string) =>
  (await ctx.db.select().from(messages).where(and(eq(messages.projectId, projectId), eq(messages.kind, 'system'))).orderBy(messages.seq)).map((m) => m.body);
const reconciliationTotal = async () => expectOk<{ totalCents: number }>(await ctx.inject(admin, { method: 'GET', url: '/api/admin/payments/reconciliation' })).totalCents;
const notificationTitles = async (userId: string) => (await ctx.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.title);
const pendingTimersOf = async (projectId: string) => {
  const milestones = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, projectId));
  const pending = await ctx.db.select().from(jobs).where(eq(jobs.status, 'pending'));
  return pending.filter((job) => milestones.some((milestone) => job.key.startsWith(`milestone:${milestone.id}:`)));
};

describe('the creator withdraws from a project under way', () => {
  it('cancels it, refunds the funded milestone in the same transaction, keeps the approved one, and tells the client why', async () => {
    const title = `Withdrawn ${Date.now()}`;
    const id = await midwayProject(title);
    const earned = await earnedDollars(ctx, maker);
    const refundedBefore = await balanceOf(ctx.db, accounts.refunded(client.id));
    expect(await balanceOf(ctx.db, accounts.escrow(id))).toBe(50000);
    expect((await pendingTimersOf(id)).map((job) => job.kind)).toContain('milestone.due_reminder');

    const after = expectOk(await post(maker, `/api/projects/${id}/withdraw`, { note: 'A family emergency: I cannot finish this.' }));
    expect(after.status).toBe('cancelled');
    expect(after.creator?.id).toBe(maker.id);
    expect(after.milestones.map((m) => m.status)).toEqual(['approved', 'active', 'pending']);

    // The books: milestone 2's $500 left escrow for the client's refunded account; milestone 1's release stands.
    expect(await balanceOf(ctx.db, accounts.escrow(id))).toBe(0);
    expect((await balanceOf(ctx.db, accounts.refunded(client.id))) - refundedBefore).toBe(50000);
    expect(await earnedDollars(ctx, maker)).toBe(earned);
    expect(await reconciliationTotal()).toBe(0);
    expect((await funding(id)).map((m) => m.status)).toEqual(['released', 'refunded', 'not_due']);
    // Nothing is left to remind anyone of.
    expect(await pendingTimersOf(id)).toEqual([]);

    expect((await threadLines(id)).slice(-2)).toEqual([
      `Mara Maker withdrew from “${title}”. The project is cancelled. They wrote: “A family emergency: I cannot finish this.”`,
      `Humanmade refunded the payment for “${title}”: $500.00 back to the client for milestone 2 (“Concepts”).`,
    ]);
    const mail = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-withdrawn');
    expect(mail).toHaveLength(1);
    expect(mail[0].subject).toBe(`The creator withdrew from your project: ${title}`);
    expect(mail[0].textBody).toContain('Mara Maker wrote: "A family emergency: I cannot finish this."');
    expect(await notificationTitles(client.id)).toContain(`The creator withdrew from your project: ${title}`);
    // The creator acted: they are not told of their own withdrawal (the refund's notice goes to both, as every money move).
    expect((await emailsTo(ctx, maker.email)).some((email) => email.type === 'project-withdrawn')).toBe(false);
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'project.withdraw')));
    expect(entry).toMatchObject({ actorId: maker.id, reason: 'A family emergency: I cannot finish this.' });
    expect(entry.metadata).toMatchObject({ title, money: { outcome: 'refund', refundCents: 50000, creatorCents: 0, invoicesVoided: [] } });

    // Cancelled is the end: the work cannot be submitted, nor the client's money asked for again.
    expect((await post(maker, `/api/projects/${id}/withdraw`, { note: 'Again' })).statusCode).toBe(409);
    const [current] = await ctx.db.select().from(projectMilestones).where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.position, 2)));
    expect((await post(client, `/api/payments/milestones/${current.id}/fund`)).statusCode).toBe(409);
  });

  it('voids the open invoice of the milestone under way, and leaves an approved milestone’s invoice due', async () => {
    const id = await activeProject(`Withdrawn unfunded ${Date.now()}`);
    // Milestone 1 approved before any payment: its invoice is issued at approval and stays due (decisions 170, 185).
    await submit(id);
    expectOk(await post(client, `/api/projects/${id}/approve`));
    const [second] = await ctx.db.select().from(projectMilestones).where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.position, 2)));
    expectOk(await post(client, `/api/payments/milestones/${second.id}/fund`));

    const after = expectOk(await post(maker, `/api/projects/${id}/withdraw`, { note: 'Other commitments.' }));
    expect(after.status).toBe('cancelled');
    const invoices = await ctx.db.select().from(payments).where(eq(payments.projectId, id)).orderBy(payments.milestonePosition);
    expect(invoices.map((invoice) => [invoice.milestonePosition, invoice.status])).toEqual([
      [1, 'awaiting_payment'],
      [2, 'cancelled'],
    ]);
    expect(await balanceOf(ctx.db, accounts.escrow(id))).toBe(0);
    expect(await reconciliationTotal()).toBe(0);
  });

  it('is refused while work waits for review, on a draft, to the client, to another creator, and without a reason', async () => {
    const id = await activeProject(`Refused withdrawal ${Date.now()}`);
    await fundCurrentMilestone(ctx, client, admin, id);
    await submit(id);
    const inReview = await post(maker, `/api/projects/${id}/withdraw`, { note: 'Changed my mind.' });
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().message).toBe('You can withdraw only while the project is active and its current milestone is not submitted.');
    expect((await view(id)).status).toBe('in_review');
    expect(await balanceOf(ctx.db, accounts.escrow(id))).toBe(30000);

    const draft = expectOk(await post(client, '/api/projects', projectPayload({ creatorId: maker.id })), 201);
    expect((await post(maker, `/api/projects/${draft.id}/withdraw`, { note: 'No.' })).statusCode).toBe(409);

    const active = await activeProject(`Refused callers ${Date.now()}`);
    expect((await post(null, `/api/projects/${active}/withdraw`, { note: 'x' })).statusCode).toBe(401);
    expect((await post(client, `/api/projects/${active}/withdraw`, { note: 'x' })).statusCode).toBe(403);
    expect((await post(admin, `/api/projects/${active}/withdraw`, { note: 'x' })).statusCode).toBe(403);
    expect((await post(otherMaker, `/api/projects/${active}/withdraw`, { note: 'x' })).statusCode).toBe(404);
    const empty = await post(maker, `/api/projects/${active}/withdraw`, { note: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ note: 'Please say why' });
    expect((await view(active)).status).toBe('active');
  });

  it('of two withdrawals at once, one cancels and refunds; the other answers 409', async () => {
    const id = await activeProject(`Double withdrawal ${Date.now()}`);
    await fundCurrentMilestone(ctx, client, admin, id);
    const refundedBefore = await balanceOf(ctx.db, accounts.refunded(client.id));
    const answers = await Promise.all([post(maker, `/api/projects/${id}/withdraw`, { note: 'One' }), post(maker, `/api/projects/${id}/withdraw`, { note: 'Two' })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await balanceOf(ctx.db, accounts.refunded(client.id))) - refundedBefore).toBe(30000);
    expect((await threadLines(id)).filter((line) => line.includes('withdrew from'))).toHaveLength(1);
  });
});

describe('an admin cancels a project under way', () => {
  it('with a reason: refunds the funded milestone, keeps the approved one, tells both sides and audits it', async () => {
    const title = `Cancelled by admin ${Date.now()}`;
    const id = await midwayProject(title);
    const earned = await earnedDollars(ctx, maker);
    const refundedBefore = await balanceOf(ctx.db, accounts.refunded(client.id));

    const missing = await post(admin, `/api/admin/projects/${id}/cancel-active`, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ reason: 'Please say why the project is cancelled' });

    const answer = expectOk<{ status: string; money: { refundCents: number; creatorCents: number; fundedCents: number } }>(
      await post(admin, `/api/admin/projects/${id}/cancel-active`, { reason: 'The client reported the creator unreachable for weeks.' }),
    );
    expect(answer).toMatchObject({ status: 'cancelled', money: { fundedCents: 50000, refundCents: 50000, creatorCents: 0 } });
    expect((await view(id)).milestones.map((m) => m.status)).toEqual(['approved', 'active', 'pending']);
    expect(await balanceOf(ctx.db, accounts.escrow(id))).toBe(0);
    expect((await balanceOf(ctx.db, accounts.refunded(client.id))) - refundedBefore).toBe(50000);
    expect(await earnedDollars(ctx, maker)).toBe(earned);
    expect(await reconciliationTotal()).toBe(0);

    expect((await threadLines(id)).slice(-2)).toEqual([
      `Humanmade cancelled the project “${title}” while it was under way. They wrote: “The client reported the creator unreachable for weeks.”`,
      `Humanmade refunded the payment for “${title}”: $500.00 back to the client for milestone 2 (“Concepts”).`,
    ]);
    for (const person of [client, maker]) {
      const mail = (await emailsTo(ctx, person.email)).filter((email) => email.type === 'project-cancelled-by-admin');
      expect(mail).toHaveLength(1);
      expect(mail[0].subject).toBe(`Project cancelled: ${title}`);
      expect(mail[0].textBody).toContain('Humanmade wrote: "The client reported the creator unreachable for weeks."');
      expect(await notificationTitles(person.id)).toContain(`Project cancelled: ${title}`);
    }
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'project.cancel_active')));
    expect(entry).toMatchObject({ actorId: admin.id, reason: 'The client reported the creator unreachable for weeks.' });
    expect(entry.metadata).toMatchObject({ title, money: { refundCents: 50000 } });
  });

  it('is refused for work in review or flagged (the flag decision settles those), for a draft, and for anyone but an admin', async () => {
    const id = await activeProject(`Admin refused ${Date.now()}`);
    for (const user of [client, maker]) expect((await post(user, `/api/admin/projects/${id}/cancel-active`, { reason: 'x' })).statusCode).toBe(403);
    await submit(id);
    const inReview = await post(admin, `/api/admin/projects/${id}/cancel-active`, { reason: 'x' });
    expect(inReview.statusCode).toBe(409);
    expect(inReview.json().message).toBe('Only an active project whose current milestone is not submitted can be cancelled this way.');
    expectOk(await post(client, `/api/projects/${id}/flag`));
    expect((await post(admin, `/api/admin/projects/${id}/cancel-active`, { reason: 'x' })).statusCode).toBe(409);
    const draft = expectOk(await post(client, '/api/projects', projectPayload({ creatorId: maker.id })), 201);
    expect((await post(admin, `/api/admin/projects/${draft.id}/cancel-active`, { reason: 'x' })).statusCode).toBe(409);
    expect((await post(admin, `/api/admin/projects/00000000-0000-4000-8000-000000000000/cancel-active`, { reason: 'x' })).statusCode).toBe(404);
    expect((await view(id)).status).toBe('in_review');
  });
});
