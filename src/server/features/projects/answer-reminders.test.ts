import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../domain/project-schemas';
import { jobs, notifications } from '../../db/schema';
import { ok, withTestContext, type TestContext, type TestUser } from '../../../../test/support/harness';
import { approveMaker, dueDateIn, emailsTo, onboardedClient, projectPayload } from '../../../../test/support/project-fixtures';
import { ANSWER_REMINDER_DAYS, JOB_ANSWER_REMINDER } from './answer-reminders';

/** A draft waiting on one side's answer reminds that side once, after ANSWER_REMINDER_DAYS of silence (decision 181). */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx, 'Quiet Lane Tea');
  maker = await approveMaker(ctx, { name: 'Wren Maker' });
});

const DAY = 24 * 60 * 60 * 1000;
const draftFor = async (title: string) =>
  ok<ProjectView>(await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ title, creatorId: maker.id, budget: 900 }) }), 201);
const offer = { price: 900, revisionRounds: 1, note: 'Sketches first.', milestones: [{ title: 'Tea tin label', amountCents: 90000, dueDate: dueDateIn(30) }] };
const sendOffer = (projectId: string) => ctx.inject(maker, { method: 'POST', url: `/api/projects/${projectId}/offers`, payload: offer });
const timersOf = async (projectId: string) =>
  (await ctx.db.select().from(jobs).where(eq(jobs.kind, JOB_ANSWER_REMINDER))).filter((job) => job.payload.projectId === projectId);
const pendingTimer = async (projectId: string) => (await timersOf(projectId)).find((job) => job.status === 'pending')!;
const remindersTo = async (user: TestUser, type: 'project-answer-reminder' | 'project-offer-reminder') =>
  (await emailsTo(ctx, user.email)).filter((email) => email.type === type);
/** Runs what is due at a timer's time (a later timer of the same draft, set moments after, stays pending). */
const fire = (runAt: Date) => ctx.app.jobs.runDue(runAt);

describe('answer reminders on a draft', () => {
  it('reminds a silent creator once, ANSWER_REMINDER_DAYS after the brief was assigned', async () => {
    const draft = await draftFor('Tea tin label');
    const timer = await pendingTimer(draft.id);
    expect(timer.payload).toMatchObject({ waitingOn: 'creator' });
    expect(timer.runAt.getTime() - Date.parse(String(timer.payload.since))).toBe(ANSWER_REMINDER_DAYS * DAY);

    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() - 60_000));
    expect(await remindersTo(maker, 'project-answer-reminder')).toEqual([]);
    await fire(timer.runAt);
    // A month later it has not repeated.
    await ctx.app.jobs.runDue(new Date(timer.runAt.getTime() + 30 * DAY));
    const mails = (await remindersTo(maker, 'project-answer-reminder')).filter((email) => email.textBody.includes('Tea tin label'));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('A client is waiting for your answer: Tea tin label');
    expect(mails[0].textBody).toContain('/dashboard-maker?tab=projects');
    const notes = (await ctx.db.select().from(notifications).where(eq(notifications.userId, maker.id))).filter(
      (note) => note.title === 'A client is waiting for your answer: Tea tin label',
    );
    expect(notes).toHaveLength(1);
    // The client is not reminded of their own wait.
    expect(await remindersTo(client, 'project-offer-reminder')).toEqual([]);
  });

  it('passes the turn: an offer ends the creator’s wait and starts the client’s, and asking for changes passes it back', async () => {
    const draft = await draftFor('Gift box sleeve');
    const creatorTimer = await pendingTimer(draft.id);
    ok(await sendOffer(draft.id), 201);
    // The creator answered in time: their timer finds the draft changed and does nothing.
    await fire(creatorTimer.runAt);
    const aboutThis = <T extends { textBody: string }>(emails: T[]) => emails.filter((email) => email.textBody.includes('Gift box sleeve'));
    expect(aboutThis(await remindersTo(maker, 'project-answer-reminder'))).toEqual([]);

    const clientTimer = await pendingTimer(draft.id);
    expect(clientTimer.payload).toMatchObject({ waitingOn: 'client' });
    await fire(clientTimer.runAt);
    const [offerReminder, ...more] = aboutThis(await remindersTo(client, 'project-offer-reminder'));
    expect(more).toEqual([]);
    expect(offerReminder.subject).toBe('An offer is waiting for your answer: Gift box sleeve');
    expect(offerReminder.textBody).toContain('(version 1, $900 in 1 milestone)');
    expect(offerReminder.textBody).toContain('/dashboard-client?tab=projects');

    ok(await ctx.inject(client, { method: 'POST', url: `/api/projects/${draft.id}/offers/1/request-changes`, payload: { note: 'Could it be two milestones?' } }));
    const backToCreator = await pendingTimer(draft.id);
    expect(backToCreator.payload).toMatchObject({ waitingOn: 'creator' });
    ok(await sendOffer(draft.id), 201);
    const lastTimer = await pendingTimer(draft.id);
    // Accepted before the client's second timer: nobody is waiting any more, and nobody is reminded.
    ok(await ctx.inject(client, { method: 'POST', url: `/api/projects/${draft.id}/offers/2/accept` }));
    await ctx.app.jobs.runDue(new Date(lastTimer.runAt.getTime() + 30 * DAY));
    expect(aboutThis(await remindersTo(maker, 'project-answer-reminder'))).toEqual([]);
    expect(aboutThis(await remindersTo(client, 'project-offer-reminder'))).toHaveLength(1);
    expect((await timersOf(draft.id)).every((job) => job.status === 'done')).toBe(true);
  });

  it('sets no reminder on a draft without a creator, and none once the client cancels', async () => {
    const alone = ok<ProjectView>(await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: projectPayload({ title: 'Open brief' }) }), 201);
    expect(await timersOf(alone.id)).toEqual([]);
    const cancelled = await draftFor('Cancelled label');
    const timer = await pendingTimer(cancelled.id);
    ok(await ctx.inject(client, { method: 'POST', url: `/api/projects/${cancelled.id}/cancel` }));
    await fire(timer.runAt);
    expect((await remindersTo(maker, 'project-answer-reminder')).filter((email) => email.textBody.includes('Cancelled label'))).toEqual([]);
  });
});
