import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../domain/project-schemas';
import { auditLog, conversations, jobs, messages, notifications, projectMilestones, projects } from '../../db/schema';
import { formatWhen } from './milestones';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { fundCurrentMilestone } from '../../../../test/support/money-fixtures';
import { approveMaker, emailsTo, multipart, onboardedClient, pngBuffer, projectPayload } from '../../../../test/support/project-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
});

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);
const dateIn = (days: number) => inDays(days).toISOString().slice(0, 10);

const threeMilestones = (price = 3000) => ({
  price,
  revisionRounds: 1,
  note: 'Three steps, reviewed one by one.',
  milestones: [
    { title: 'Research', amountCents: 50000, dueDate: dateIn(5) },
    { title: 'Concepts', amountCents: 100000, dueDate: dateIn(12) },
    { title: 'Final files', amountCents: price * 100 - 150000, dueDate: dateIn(20) },
  ],
});

const post = (user: TestUser | null, url: string, payload?: object) => ctx.inject(user, { method: 'POST', url, ...(payload ? { payload } : {}) });
const expectOk = async (response: Awaited<ReturnType<typeof post>>, status = 200): Promise<ProjectView> => {
  expect(response.statusCode, response.body).toBe(status);
  return response.json() as ProjectView;
};
const newDraft = async () => (await expectOk(await post(client, '/api/projects', projectPayload({ creatorId: maker.id, budget: 2500 })), 201)).id;
const submit = async (id: string, color = '#224466') => {
  const body = multipart({ data: await pngBuffer(color), filename: 'work.png', contentType: 'image/png' });
  return ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers });
};
/** The maker's earnings in dollars, read from the ledger (decision 170): releases after the 10% platform fee. */
const earnings = async () => (await ctx.inject(maker, { method: 'GET', url: '/api/payments/balance' })).json().earnedCents / 100;
/** The client funds the current milestone and an admin records the payment, through the real routes. */
const fundCurrent = (id: string) => fundCurrentMilestone(ctx, client, admin, id);
const threadLines = async (projectId: string) =>
  (await ctx.db.select().from(messages).where(and(eq(messages.projectId, projectId), eq(messages.kind, 'system'))).orderBy(messages.seq)).map((m) => m.body);
const view = async (id: string, user: TestUser = client) => expectOk(await ctx.inject(user, { method: 'GET', url: `/api/projects/${id}` }));

/** A draft whose offer of three milestones the client accepted. */
const activeProject = async (offer = threeMilestones()) => {
  const id = await newDraft();
  await expectOk(await post(maker, `/api/projects/${id}/offers`, offer), 201);
  await expectOk(await post(client, `/api/projects/${id}/offers/1/accept`));
  return id;
};

describe('offers', () => {
  it('keeps every version; the client asks for changes, and only the latest version can be accepted', async () => {
    const id = await newDraft();
    const sent = await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones()), 201);
    expect(sent.status).toBe('draft');
    expect(sent.offers).toMatchObject([{ version: 1, priceCents: 300000, revisionRounds: 1, status: 'pending' }]);
    expect((await emailsTo(ctx, client.email)).some((email) => email.type === 'project-offer-sent' && email.textBody.includes('version 1, $3,000 in 3 milestones'))).toBe(true);

    const changes = await expectOk(await post(client, `/api/projects/${id}/offers/1/request-changes`, { note: 'Could research be shorter?' }));
    expect(changes.offers[0]).toMatchObject({ version: 1, status: 'changes_requested', responseNote: 'Could research be shorter?' });
    // An answered version cannot be answered again.
    expect((await post(client, `/api/projects/${id}/offers/1/accept`)).statusCode).toBe(409);

    await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones(2800)), 201);
    const stale = await post(client, `/api/projects/${id}/offers/1/accept`);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('A newer version of this offer was sent. Only the latest can be answered.');
    expect((await post(client, `/api/projects/${id}/offers/7/accept`)).statusCode).toBe(404);

    const accepted = await expectOk(await post(client, `/api/projects/${id}/offers/2/accept`));
    expect(accepted).toMatchObject({ status: 'active', budget: 2800, revisions: { included: 1, used: 0, extra: 0, left: 1 } });
    expect(accepted.offers.map((offer) => [offer.version, offer.status])).toEqual([
      [2, 'accepted'],
      [1, 'changes_requested'],
    ]);
    expect(accepted.milestones.map((m) => [m.position, m.title, m.amountCents, m.status])).toEqual([
      [1, 'Research', 50000, 'active'],
      [2, 'Concepts', 100000, 'pending'],
      [3, 'Final files', 130000, 'pending'],
    ]);
    // The creator can no longer send a version, and the client cannot answer again.
    expect((await post(maker, `/api/projects/${id}/offers`, threeMilestones())).statusCode).toBe(409);
    expect(await threadLines(id)).toEqual([
      expect.stringContaining('created the project'),
      expect.stringContaining('sent an offer for “A new wordmark”: version 1, $3,000 in 3 milestones.'),
      expect.stringMatching(/asked for changes to version 1.* They wrote: “Could research be shorter\?”$/),
      expect.stringContaining('version 2, $2,800 in 3 milestones'),
      expect.stringContaining('accepted version 2'),
    ]);
  });

  it('a declined offer hands the draft back to the client, unassigned', async () => {
    const id = await newDraft();
    await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones()), 201);
    expect((await post(client, `/api/projects/${id}/offers/1/decline`, {})).statusCode).toBe(400);
    const declined = await expectOk(await post(client, `/api/projects/${id}/offers/1/decline`, { note: 'Over our budget.' }));
    expect(declined).toMatchObject({ status: 'draft', creator: null });
    expect(declined.offers[0]).toMatchObject({ status: 'declined', responseNote: 'Over our budget.' });
    // The creator is no longer part of the project, but hears why: in the thread and by email.
    expect((await ctx.inject(maker, { method: 'GET', url: `/api/projects/${id}` })).statusCode).toBe(404);
    expect((await threadLines(id)).at(-1)).toMatch(/declined version 1.* They wrote: “Over our budget\.”$/);
    expect((await emailsTo(ctx, maker.email)).some((sent) => sent.type === 'project-offer-declined' && sent.textBody.includes('wrote: "Over our budget."'))).toBe(true);

    // Assigned to someone else, the draft shows neither them nor the client the first creator's price and the reason.
    const other = await approveMaker(ctx, { name: 'Otto Other' });
    await expectOk(await post(client, `/api/projects/${id}/assign`, { creatorId: other.id }));
    expect((await view(id, other)).offers).toEqual([]);
    expect((await view(id)).offers).toEqual([]);
    // Versions count per creator (decision 208): the new creator's first offer is version 1, not 2.
    await expectOk(await post(other, `/api/projects/${id}/offers`, threeMilestones(2600)), 201);
    expect((await view(id, other)).offers.map((offer) => [offer.version, offer.priceCents])).toEqual([[1, 260000]]);
    expect((await view(id)).offers.map((offer) => [offer.version, offer.status])).toEqual([[1, 'pending']]);
    await expectOk(await post(other, `/api/projects/${id}/offers`, threeMilestones(2500)), 201);
    expect((await view(id)).offers.map((offer) => [offer.version, offer.status])).toEqual([
      [2, 'pending'],
      [1, 'superseded'],
    ]);
    await expectOk(await post(client, `/api/projects/${id}/offers/2/accept`));
    expect((await view(id)).budget).toBe(2500);

    // The project moved to the client and Otto's thread: the first creator's thread holds nothing of Otto's work.
    const [firstThread] = await ctx.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.clientId, client.id), eq(conversations.creatorId, maker.id)));
    const [ottoThread] = await ctx.db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.clientId, client.id), eq(conversations.creatorId, other.id)));
    expect(ottoThread).toBeDefined();
    expect((await view(id)).conversationId).toBe(ottoThread.id);
    expect((await view(id, other)).conversationId).toBe(ottoThread.id);
    const linesIn = async (conversationId: string) =>
      (await ctx.db.select({ body: messages.body }).from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.projectId, id)))).map((line) => line.body);
    const firstLines = await linesIn(firstThread.id);
    expect(firstLines.some((line) => line.includes('Otto'))).toBe(false);
    expect(firstLines.some((line) => line.includes('$2,600') || line.includes('$2,500'))).toBe(false);
    const ottoLines = await linesIn(ottoThread.id);
    expect(ottoLines.some((line) => /accepted version 2/.test(line))).toBe(true);
    expect((await ctx.inject(other, { method: 'GET', url: `/api/conversations/${ottoThread.id}` })).statusCode).toBe(200);
  });

  it('refuses an offer whose milestones do not add up, field by field, and writes nothing', async () => {
    const id = await newDraft();
    const offer = threeMilestones();
    offer.milestones[2].amountCents += 1;
    const response = await post(maker, `/api/projects/${id}/offers`, offer);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ milestones: 'The milestone amounts must add up to the price' });
    expect((await view(id)).offers).toEqual([]);
  });

  it('plain Accept means one milestone for the whole budget, and supersedes a waiting offer', async () => {
    const id = await newDraft();
    await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones()), 201);
    const accepted = await expectOk(await post(maker, `/api/projects/${id}/accept`));
    expect(accepted.milestones).toMatchObject([{ position: 1, amountCents: 250000, status: 'active', dueDate: null }]);
    expect(accepted.offers[0].status).toBe('superseded');
    expect((await post(client, `/api/projects/${id}/offers/1/accept`)).statusCode).toBe(409);
  });

  it("cancelling a draft ends its waiting offer: no longer 'Waiting for your answer' on a cancelled project", async () => {
    const id = await newDraft();
    await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones()), 201);
    const cancelled = await expectOk(await post(client, `/api/projects/${id}/cancel`));
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.offers.map((offer) => [offer.version, offer.status])).toEqual([[1, 'superseded']]);
    expect((await post(client, `/api/projects/${id}/offers/1/accept`)).statusCode).toBe(409);
  });

  it('starts budgets at $1, and will not plain-accept an older draft with none (its milestone could never be funded)', async () => {
    const zero = await post(client, '/api/projects', projectPayload({ creatorId: maker.id, budget: 0 }));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toEqual({ budget: 'Budget must be at least $1' });

    // A draft saved before the floor: the creator is told to send an offer, and nothing changes.
    const id = await newDraft();
    await ctx.db.update(projects).set({ budget: 0 }).where(eq(projects.id, id));
    const refused = await post(maker, `/api/projects/${id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This project has no budget to accept. Send an offer with a price instead.');
    const after = await view(id);
    expect(after).toMatchObject({ status: 'draft', milestones: [] });
    expect((await expectOk(await post(maker, `/api/projects/${id}/offers`, threeMilestones()), 201)).offers).toHaveLength(1);
  });
});

describe('milestones', () => {
  it('runs in order: submit, revise once, approve; earnings grow per funded milestone; the last one completes the project', async () => {
    const id = await activeProject();
    const start = await earnings();
    await fundCurrent(id);

    expect((await expectOk(await submit(id))).status).toBe('in_review');
    let current = await view(id);
    expect(current.milestones[0]).toMatchObject({ status: 'submitted' });
    expect(new Date(current.milestones[0].autoApproveAt!).getTime()).toBeGreaterThan(inDays(6.9).getTime());

    const revised = await expectOk(await post(client, `/api/projects/${id}/revision`, { note: 'Add the competitor survey.' }));
    expect(revised).toMatchObject({ status: 'active', revisions: { used: 1, left: 0 } });
    expect(revised.milestones[0]).toMatchObject({ status: 'revision_requested', revisionNote: 'Add the competitor survey.', autoApproveAt: null });
    expect((await emailsTo(ctx, maker.email)).some((email) => email.type === 'project-revision-requested')).toBe(true);

    await expectOk(await submit(id, '#336699'));
    // The only included round is used: asking again needs the creator's consent.
    const refused = await post(client, `/api/projects/${id}/revision`, { note: 'One more thing.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('No revision rounds are left. The creator or an admin can allow an extra one.');
    expect((await expectOk(await post(maker, `/api/projects/${id}/allow-extra-revision`))).revisions).toMatchObject({ extra: 1, left: 1 });

    current = await expectOk(await post(client, `/api/projects/${id}/approve`));
    expect(current.status).toBe('active');
    expect(current.milestones.map((m) => m.status)).toEqual(['approved', 'active', 'pending']);
    expect((await earnings()) - start).toBe(450);

    for (const [index, color] of [
      [1, '#113355'],
      [2, '#553311'],
    ] as const) {
      await fundCurrent(id);
      await expectOk(await submit(id, color));
      current = await expectOk(await post(client, `/api/projects/${id}/approve`));
      expect(current.milestones[index].status).toBe('approved');
    }
    expect(current.status).toBe('completed');
    expect(current.completedAt).not.toBeNull();
    expect((await earnings()) - start).toBe(2700);
    // Completed is terminal: nothing more is paid.
    expect((await post(client, `/api/projects/${id}/approve`)).statusCode).toBe(409);
    expect((await earnings()) - start).toBe(2700);
  });

  it('approves by time after AUTO_APPROVE_DAYS, reminds the client 48 and 24 hours before, and says so in the thread and the audit log', async () => {
    const id = await activeProject();
    await fundCurrent(id);
    await expectOk(await submit(id));
    const before = await earnings();

    // Day 5 and day 6: the reminders, and nothing approved.
    expect(await ctx.app.jobs.runDue(inDays(5.01))).toBeGreaterThanOrEqual(1);
    expect(await ctx.app.jobs.runDue(inDays(6.01))).toBeGreaterThanOrEqual(1);
    const reminders = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-approval-reminder');
    expect(reminders.length).toBe(2);
    expect(reminders[0].textBody).toContain('it will be approved automatically on');
    // The reminder names the project and the milestone it is about, in the email and in the notification centre.
    const when = (await view(id)).milestones[0].autoApproveAt!;
    expect(reminders[0].subject).toBe('Work waits for your review: A new wordmark — milestone 1 (“Research”)');
    expect(reminders[0].textBody).toContain('Milestone 1 (“Research”) of "A new wordmark" is waiting for your review.');
    expect(reminders[0].textBody).toContain(`it will be approved automatically on ${formatWhen(new Date(when))}.`);
    const notes = await ctx.db.select().from(notifications).where(eq(notifications.userId, client.id));
    const reminderNotes = notes.filter((note) => note.subjectKey.startsWith(`project:${id}:approval_reminder:`));
    expect(reminderNotes.map((note) => [note.title, note.link])).toEqual([
      ['Work waits for your review: A new wordmark — milestone 1 (“Research”)', `/dashboard-client?tab=projects&project=${id}`],
      ['Work waits for your review: A new wordmark — milestone 1 (“Research”)', `/dashboard-client?tab=projects&project=${id}`],
    ]);
    expect((await view(id)).milestones[0].status).toBe('submitted');

    await ctx.app.jobs.runDue(inDays(7.01));
    const after = await view(id);
    expect(after.milestones[0]).toMatchObject({ status: 'approved', approvedByTime: true });
    expect(after.milestones[1].status).toBe('active');
    expect(after.status).toBe('active');
    expect((await earnings()) - before).toBe(450);
    expect((await threadLines(id)).slice(-2)).toEqual([
      'Milestone 1 (“Research”) of “A new wordmark” was approved automatically: the review time passed without an answer.',
      'Humanmade released the payment for “A new wordmark”: $450.00 to the creator for milestone 1 (“Research”), after the $50.00 platform fee.',
    ]);
    // Nobody clicked Approve, so the email tells both sides the next milestone started (the client funds it next).
    const told = (await emailsTo(ctx, client.email)).filter((email) => email.type === 'project-milestone-auto-approved');
    expect(told).toHaveLength(1);
    expect(told[0].textBody).toContain('Milestone 1 (“Research”) of "A new wordmark" was approved automatically, because the review time passed without an answer.');
    expect(told[0].textBody).toContain('The next milestone has started.');
    const [entry] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'project.auto_approve')));
    expect(entry).toMatchObject({ actorId: null, reason: 'No answer within 7 days of the submission' });
    // Fired once: moving the clock further does nothing more.
    await ctx.app.jobs.runDue(inDays(30));
    expect((await view(id)).milestones.map((m) => m.status)).toEqual(['approved', 'active', 'pending']);
    expect((await earnings()) - before).toBe(450);
  });

  it("says in the thread that the project is complete when the last milestone is approved by time, as a client's approval does", async () => {
    const id = await newDraft();
    await expectOk(await post(maker, `/api/projects/${id}/accept`));
    await fundCurrent(id);
    await expectOk(await submit(id));
    await ctx.app.jobs.runDue(inDays(7.01));
    expect((await view(id)).status).toBe('completed');
    const lines = await threadLines(id);
    expect(lines.find((line) => line.includes('approved automatically'))).toBe(
      'The work of “A new wordmark” was approved automatically: the review time passed without an answer. The project is complete.',
    );
  });

  it('a flag stops the clock; clearing it starts a full wait again', async () => {
    const id = await activeProject();
    await expectOk(await submit(id));
    await expectOk(await post(client, `/api/projects/${id}/flag`));
    expect((await view(id)).milestones[0].autoApproveAt).toBeNull();
    await ctx.app.jobs.runDue(inDays(8));
    expect((await view(id)).milestones[0].status).toBe('submitted');

    const cleared = await ctx.inject(admin, { method: 'POST', url: `/api/admin/projects/${id}/clear-flag`, payload: { reason: 'Looks fine.' } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const restarted = (await view(id)).milestones[0];
    expect(new Date(restarted.autoApproveAt!).getTime()).toBeGreaterThan(inDays(6.9).getTime());
    await ctx.app.jobs.runDue(inDays(7.5));
    expect((await view(id)).milestones[0].status).toBe('approved');
  });

  it('a revision or an approval cancels the pending timers of that submission', async () => {
    const id = await activeProject();
    await expectOk(await submit(id));
    const milestoneId = (await view(id)).milestones[0].id;
    const pendingFor = async () => (await ctx.app.jobs.pending()).filter((job) => job.key.startsWith(`milestone:${milestoneId}:`) && job.kind !== 'milestone.due_reminder');
    expect((await pendingFor()).map((job) => job.kind).sort()).toEqual(['milestone.approval_reminder', 'milestone.approval_reminder', 'milestone.auto_approve']);
    await expectOk(await post(client, `/api/projects/${id}/revision`, { note: 'Tighter.' }));
    expect(await pendingFor()).toEqual([]);
  });

  it('says how the due date stands when a reminder runs late (the server was down the day before), not "due tomorrow", for a milestone not started too', async () => {
    const id = await activeProject();
    const [first, second, third] = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, id)).orderBy(projectMilestones.position);
    // Every milestone has its reminder from the acceptance, the ones not started yet too.
    for (const milestone of [first, second, third]) expect(await ctx.db.select().from(jobs).where(eq(jobs.key, `milestone:${milestone.id}:due-reminder`))).toHaveLength(1);
    // The first reminder runs on its due day; the second two days after its due date, while the first is still under
    // way and the second not started.
    await ctx.app.jobs.runDue(new Date(`${first.dueDate}T10:00:00Z`));
    await ctx.app.jobs.runDue(new Date(Date.parse(`${second.dueDate}T10:00:00Z`) + 2 * DAY));
    expect((await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.id, second.id)))[0].status).toBe('pending');
    const told = (await emailsTo(ctx, maker.email)).filter((email) => email.type === 'project-due-reminder' && email.textBody.includes(id));
    expect(told).toHaveLength(2);
    const about = (position: number) => told.find((email) => email.subject.includes(`milestone ${position} `))!;
    expect(about(1).subject).toBe('A milestone is due today: A new wordmark — milestone 1 (“Research”)');
    expect(about(1).textBody).toContain('Milestone 1 (“Research”) of "A new wordmark" is due today.');
    expect(about(2).subject).toBe('A milestone is overdue: A new wordmark — milestone 2 (“Concepts”)');
    expect(about(2).textBody).toContain('Milestone 2 (“Concepts”) of "A new wordmark" is past its due date.');
  });

  it('reminds the creator the day before a milestone is due, and shows it late after', async () => {
    const id = await activeProject();
    const [first] = await ctx.db.select().from(projectMilestones).where(and(eq(projectMilestones.projectId, id), eq(projectMilestones.position, 1)));
    const [timer] = await ctx.db.select().from(jobs).where(eq(jobs.key, `milestone:${first.id}:due-reminder`));
    expect(timer.runAt.toISOString()).toBe(new Date(new Date(`${first.dueDate}T09:00:00Z`).getTime() - DAY).toISOString());
    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() + 1000));
    // This project's own (its link names it): other tests' timers run too.
    const [reminder] = (await emailsTo(ctx, maker.email)).filter((email) => email.type === 'project-due-reminder' && email.textBody.includes(id));
    expect(reminder.subject).toBe('A milestone is due tomorrow: A new wordmark — milestone 1 (“Research”)');
    expect(reminder.textBody).toContain('Milestone 1 (“Research”) of "A new wordmark" is due tomorrow.');
    await ctx.db.update(projectMilestones).set({ dueDate: dateIn(-2) }).where(eq(projectMilestones.id, first.id));
    expect((await view(id)).milestones[0].late).toBe(true);
    expect((await view(id, maker)).milestones[0].late).toBe(true);
  });

  it('of two approvals at once, one approves and the other answers 409; the money is released once', async () => {
    const id = await activeProject();
    await fundCurrent(id);
    await expectOk(await submit(id));
    const before = await earnings();
    const answers = await Promise.all([post(client, `/api/projects/${id}/approve`), post(client, `/api/projects/${id}/approve`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await earnings()) - before).toBe(450);
    const [row] = await ctx.db.select().from(projects).where(eq(projects.id, id));
    expect(row.status).toBe('active');
  });

  it('refuses the wrong person and the wrong state', async () => {
    const id = await activeProject();
    expect((await post(maker, `/api/projects/${id}/revision`, { note: 'x' })).statusCode).toBe(403);
    expect((await post(client, `/api/projects/${id}/allow-extra-revision`)).statusCode).toBe(403);
    // The creator's extra round is for when none are left (decision 186): with the included round unused it is refused.
    const early = await post(maker, `/api/projects/${id}/allow-extra-revision`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('An extra revision can only be allowed while the project is under way and no revision rounds are left.');
    // Nothing is submitted yet.
    expect((await post(client, `/api/projects/${id}/revision`, { note: 'Too early' })).statusCode).toBe(409);
    expect((await post(client, `/api/projects/${id}/approve`)).statusCode).toBe(409);
    expect((await post(client, `/api/projects/${id}/revision`, {})).json().fields).toMatchObject({ note: 'Please say what should change.' });
    // An admin may open an extra round, and it is audited.
    expect((await expectOk(await post(admin, `/api/projects/${id}/allow-extra-revision`))).revisions.extra).toBe(1);
    expect(await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, id), eq(auditLog.action, 'project.allow_revision')))).toHaveLength(1);
    // Both sides hear of an admin's extra round, in the app and by email.
    for (const party of [client, maker]) {
      const items = await ctx.db.select().from(notifications).where(eq(notifications.userId, party.id));
      expect(items.some((item) => item.title.startsWith('An extra revision round is open')), party.role).toBe(true);
      expect((await emailsTo(ctx, party.email)).some((sent) => sent.type === 'project-extra-revision-allowed'), party.role).toBe(true);
    }
  });
});
