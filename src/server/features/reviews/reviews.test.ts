import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { REVIEW_FIELD_MESSAGES } from '../../../domain/review-schemas';
import { auditLog, jobs, makerProfiles, notifications, profiles, reviewWindows, reviews } from '../../db/schema';
import { createTestContext, type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, approveMind, emailsTo, onboardedClient } from '../../../../test/support/project-fixtures';
import { clientReview, completedProject, creatorReview, DAY, writeReview } from '../../../../test/support/review-fixtures';

let ctx: TestContext;
let client: TestUser;
let stranger: TestUser;
let maker: TestUser;
let mind: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  [client, stranger] = [await onboardedClient(ctx), await onboardedClient(ctx, 'Other Co')];
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  mind = await approveMind(ctx, { name: 'Milo Mind' });
  admin = await ctx.createAdmin();
});

const stateOf = (user: TestUser | null, projectId: string) => ctx.inject(user, { method: 'GET', url: `/api/reviews/projects/${projectId}` });
const studioOf = async (creatorId: string, user: TestUser | null = null) => (await ctx.inject(user, { method: 'GET', url: `/api/studio/${creatorId}` })).json();
const cardOf = async (creatorId: string, query = '') => {
  const page = (await ctx.inject(null, { method: 'GET', url: `/api/marketplace/creators?limit=48${query}` })).json();
  return page.creators.find((card: { id: string }) => card.id === creatorId);
};
const publicReviewsOf = async (creatorId: string) => (await ctx.inject(null, { method: 'GET', url: `/api/reviews/creators/${creatorId}` })).json();

describe('the review window', () => {
  it('opens when a project completes, prompting both sides in the app and by email, and not before', async () => {
    const created = await ctx.inject(client, { method: 'POST', url: '/api/projects', payload: { title: 'Not yet', description: 'A brief.', deliverableType: 'logo_design', budget: 100, creatorId: maker.id } });
    const draftId = created.json().id as string;
    const early = await writeReview(ctx, client, draftId, clientReview());
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(REVIEW_MESSAGES.notOpen);
    expect((await stateOf(client, draftId)).json()).toMatchObject({ status: 'not_open', mine: null, theirs: null });

    const projectId = await completedProject(ctx, client, maker, 'Prompted work');
    const [window] = await ctx.db.select().from(reviewWindows).where(eq(reviewWindows.projectId, projectId));
    expect(window.closesAt.getTime() - window.opensAt.getTime()).toBe(14 * DAY);
    for (const person of [client, maker]) {
      const items = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'review')));
      expect(items.map((item) => item.title)).toContain('How did "Prompted work" go? Leave a review');
      expect((await emailsTo(ctx, person.email)).some((email) => email.type === 'review-prompt' && email.textBody.includes('double-blind'))).toBe(true);
    }
    expect((await stateOf(client, projectId)).json()).toMatchObject({ status: 'open', side: 'client', otherName: 'Mara Maker' });
  });

  it('reminds at day 10 only the side that has not written, and refuses a review after the close', async () => {
    const projectId = await completedProject(ctx, client, mind, 'Reminded work');
    const [window] = await ctx.db.select().from(reviewWindows).where(eq(reviewWindows.projectId, projectId));
    const [reminder] = await ctx.db.select().from(jobs).where(eq(jobs.key, `reviews.remind:${projectId}`));
    expect(reminder.runAt.getTime() - window.opensAt.getTime()).toBe(10 * DAY);
    expect((await writeReview(ctx, mind, projectId, creatorReview())).statusCode).toBe(200);
    await ctx.app.jobs.runDue(new Date(Date.now() + 10 * DAY + 60_000));
    expect((await emailsTo(ctx, client.email)).filter((email) => email.type === 'review-reminder' && email.subject.includes('Reminded work'))).toHaveLength(1);
    expect((await emailsTo(ctx, mind.email)).filter((email) => email.type === 'review-reminder')).toHaveLength(0);
    await ctx.app.jobs.runDue(new Date(Date.now() + 15 * DAY));
    const late = await writeReview(ctx, client, projectId, clientReview());
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REVIEW_MESSAGES.windowClosed);
  });
});

describe('double-blind publication', () => {
  it('keeps a waiting review from everyone but its author, through every route, then publishes both on the second', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Blind work');
    const first = await writeReview(ctx, client, projectId, clientReview({ body: 'SECRET-FIRST draft review text.' }));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'waiting', mine: { rating: 5, publishedAt: null }, theirs: null });
    // Edits are allowed until publication.
    const edited = await writeReview(ctx, client, projectId, clientReview({ rating: 4, body: 'SECRET-EDITED review text, kinder.' }));
    expect(edited.json().mine).toMatchObject({ rating: 4, body: 'SECRET-EDITED review text, kinder.' });

    const secretIn = (body: string) => body.includes('SECRET-');
    expect((await stateOf(maker, projectId)).json()).toMatchObject({ status: 'open', mine: null, theirs: null });
    expect(secretIn((await stateOf(maker, projectId)).body)).toBe(false);
    for (const user of [stranger, admin, null]) expect([401, 404]).toContain((await stateOf(user, projectId)).statusCode);
    for (const user of [null, client, maker, admin]) {
      const studio = await ctx.inject(user, { method: 'GET', url: `/api/studio/${maker.id}` });
      expect(secretIn(studio.body)).toBe(false);
      expect(studio.json().rating.count).toBe(0);
    }
    expect(secretIn((await ctx.inject(null, { method: 'GET', url: `/api/reviews/creators/${maker.id}` })).body)).toBe(false);
    expect((await cardOf(maker.id)).rating).toEqual({ count: 0, average: null });
    expect(secretIn((await ctx.inject(client, { method: 'GET', url: '/api/client/creators' })).body)).toBe(false);
    const [waiting] = await ctx.db.select().from(reviews).where(eq(reviews.projectId, projectId));
    for (const user of [stranger, maker]) {
      expect((await ctx.inject(user, { method: 'POST', url: `/api/reviews/${waiting.id}/report`, payload: {} })).statusCode).toBe(404);
    }
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/reviews/${waiting.id}/reply`, payload: { body: 'Thanks!' } })).statusCode).toBe(404);
    expect(secretIn((await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews' })).body)).toBe(false);

    const second = await writeReview(ctx, maker, projectId, creatorReview({ rating: 5 }));
    expect(second.json()).toMatchObject({ status: 'published', mine: { rating: 5 }, theirs: { rating: 4, body: 'SECRET-EDITED review text, kinder.' } });
    expect((await stateOf(client, projectId)).json()).toMatchObject({ status: 'published', theirs: { rating: 5, direction: 'creator_to_client' } });
    const studio = await studioOf(maker.id);
    expect(studio.rating).toMatchObject({ count: 1, average: null });
    expect(studio.reviews.reviews[0]).toMatchObject({ rating: 4, authorName: client.name, deliverableType: 'logo_design', subRatings: { communication: 5, quality: 4, onTime: 5 } });
    expect((await cardOf(maker.id)).rating).toEqual({ count: 1, average: null });
    const published = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.subjectKey, `review:${projectId}:published`)));
    expect(published).toHaveLength(1);

    const late = await writeReview(ctx, client, projectId, clientReview({ rating: 1, body: 'Changing my mind afterwards.' }));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REVIEW_MESSAGES.alreadyPublished);
  });

  it('publishes a lone review when the window closes, by the timer, once', async () => {
    const projectId = await completedProject(ctx, client, mind, 'Lone review');
    await writeReview(ctx, client, projectId, clientReview({ rating: 3 }));
    await ctx.app.jobs.runDue(new Date(Date.now() + 13 * DAY));
    expect((await stateOf(client, projectId)).json().status).toBe('waiting');
    expect((await publicReviewsOf(mind.id)).reviews).toHaveLength(0);
    await ctx.app.jobs.runDue(new Date(Date.now() + 14 * DAY + 60_000));
    expect((await stateOf(client, projectId)).json()).toMatchObject({ status: 'published', theirs: null });
    expect((await stateOf(mind, projectId)).json()).toMatchObject({ status: 'published', mine: null, theirs: { rating: 3 } });
    expect((await publicReviewsOf(mind.id)).reviews.map((review: { rating: number }) => review.rating)).toContain(3);
    expect(await ctx.app.jobs.runDue(new Date(Date.now() + 30 * DAY))).toBe(0);
  });
});

describe('what a review must be', () => {
  it('answers per field for a client who leaves out the sub-ratings, and for text too short or too long', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Validated work');
    const missing = await writeReview(ctx, client, projectId, { rating: 5, body: 'Lovely to work with.' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      communication: REVIEW_FIELD_MESSAGES.communication,
      quality: REVIEW_FIELD_MESSAGES.quality,
      onTime: REVIEW_FIELD_MESSAGES.onTime,
      wouldHireAgain: REVIEW_FIELD_MESSAGES.wouldHireAgain,
    });
    expect((await writeReview(ctx, client, projectId, clientReview({ body: 'Too short' }))).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.bodyShort });
    expect((await writeReview(ctx, client, projectId, clientReview({ body: 'x'.repeat(2001) }))).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.bodyLong });
    expect((await writeReview(ctx, client, projectId, clientReview({ rating: 6 }))).json().fields).toEqual({ rating: REVIEW_FIELD_MESSAGES.rating });
    expect((await writeReview(ctx, maker, projectId, creatorReview({ rating: 0 }))).json().fields).toEqual({ rating: REVIEW_FIELD_MESSAGES.rating });
    expect((await writeReview(ctx, maker, projectId, creatorReview({ body: 'x'.repeat(2000) }))).statusCode).toBe(200);
  });

  it('counts what a reader sees: invisible characters make no review, and only numbers (or their digits) are stars', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Invisible text');
    // Twelve zero-width spaces, or direction overrides, passed the 10-character minimum and published an empty review.
    for (const body of ['\u200b'.repeat(12), '\u202e'.repeat(12), ` ${'\u200b '.repeat(6)}`]) {
      expect((await writeReview(ctx, client, projectId, clientReview({ body }))).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.bodyShort });
    }
    // An emoji is one character, and a joined one keeps its joiner.
    const emoji = await writeReview(ctx, client, projectId, clientReview({ body: '👩\u200d🎨 lovely job!' }));
    expect(emoji.json().mine.body).toBe('👩\u200d🎨 lovely job!');
    // `true` was taken as 1 star, and '' or [] would be 0; digits as text (a form's value) still count.
    for (const rating of [true, [], '', ' ', '4.0', '4 stars']) {
      expect((await writeReview(ctx, client, projectId, clientReview({ rating }))).json().fields, String(rating)).toEqual({ rating: REVIEW_FIELD_MESSAGES.rating });
    }
    expect((await writeReview(ctx, client, projectId, clientReview({ quality: false }))).json().fields).toEqual({ quality: REVIEW_FIELD_MESSAGES.quality });
    expect((await writeReview(ctx, client, projectId, clientReview({ rating: '4' }))).json().mine.rating).toBe(4);
  });

  it('keeps hostile text as text: markup and quotes come back as written, control characters are dropped, NUL refused', async () => {
    const projectId = await completedProject(ctx, client, mind, 'Hostile text');
    const hostile = `<script>alert("x")</script> '; drop table reviews; -- \u0007\u001b ok`;
    const written = await writeReview(ctx, client, projectId, clientReview({ body: hostile }));
    expect(written.statusCode, written.body).toBe(200);
    expect(written.json().mine.body).toBe(`<script>alert("x")</script> '; drop table reviews; --  ok`);
    expect((await writeReview(ctx, client, projectId, clientReview({ body: '\u0007'.repeat(50) }))).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.bodyShort });
    // The API's one rule for NUL (decision 091): refused with its message, never stored.
    expect((await writeReview(ctx, client, projectId, clientReview({ body: 'A review with \u0000 inside it.' }))).statusCode).toBe(400);
    await writeReview(ctx, mind, projectId, creatorReview());
    const page = await ctx.inject(null, { method: 'GET', url: `/api/reviews/creators/${mind.id}` });
    expect(page.headers['content-type']).toContain('application/json');
    expect(page.json().reviews.some((review: { body: string }) => review.body.startsWith('<script>'))).toBe(true);
  });
});

describe('replies, reports and hiding', () => {
  it('lets the reviewed person reply once, anyone signed in report, and an admin hide and restore, moving the average', async () => {
    const creator = await approveMaker(ctx, { name: 'Rita Rated' });
    const ids: string[] = [];
    for (const [rating, body] of [[5, 'Wonderful and careful work.'], [5, 'Thoughtful and on time.'], [2, 'Late and hard to reach.']] as const) {
      const projectId = await completedProject(ctx, client, creator, `Rated ${rating} ${body}`);
      await writeReview(ctx, client, projectId, clientReview({ rating, body }));
      await writeReview(ctx, creator, projectId, creatorReview());
      ids.push(projectId);
    }
    expect((await studioOf(creator.id)).rating).toMatchObject({ count: 3, average: 4 });
    expect((await cardOf(creator.id)).rating).toEqual({ count: 3, average: 4 });
    const [harsh] = await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, ids[2]), eq(reviews.direction, 'client_to_creator')));

    const reply = (user: TestUser | null, body = 'I am sorry it felt that way.') => ctx.inject(user, { method: 'POST', url: `/api/reviews/${harsh.id}/reply`, payload: { body } });
    expect((await reply(null)).statusCode).toBe(401);
    expect((await reply(client)).statusCode).toBe(403);
    // Nor may the client reply to the creator's review of them: it is shown nowhere in public (decision 199).
    const [ofClient] = await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, ids[2]), eq(reviews.direction, 'creator_to_client')));
    const clientReply = await ctx.inject(client, { method: 'POST', url: `/api/reviews/${ofClient.id}/reply`, payload: { body: 'Thanks!' } });
    expect(clientReply.statusCode).toBe(403);
    expect((await ctx.db.select().from(reviews).where(eq(reviews.id, ofClient.id)))[0].replyBody).toBeNull();
    expect((await reply(creator, 'x'.repeat(1001))).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.replyLong });
    // A reply of one zero-width space was published as an empty 'Reply from …'.
    expect((await reply(creator, '\u200b')).json().fields).toEqual({ body: REVIEW_FIELD_MESSAGES.replyEmpty });
    expect((await reply(creator)).statusCode).toBe(204);
    expect((await reply(creator, 'A second reply')).statusCode).toBe(409);
    expect((await studioOf(creator.id)).reviews.reviews[0].reply).toMatchObject({ body: 'I am sorry it felt that way.' });
    // The review's author hears of the reply, with its words, in the app and by email.
    const [replyNotice] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.subjectKey, `review:${harsh.id}:reply`)));
    expect(replyNotice.title).toBe('Rita Rated replied to your review for "Rated 2 Late and hard to reach."');
    expect(replyNotice.body).toContain('"I am sorry it felt that way."');
    expect((await emailsTo(ctx, client.email)).filter((email) => email.type === 'review-reply')).toHaveLength(1);

    const report = (user: TestUser | null) => ctx.inject(user, { method: 'POST', url: `/api/reviews/${harsh.id}/report`, payload: { reason: 'Not true' } });
    expect((await report(null)).statusCode).toBe(401);
    // Its author may report it only for the reply under it (reply-moderation.test.ts); the subject and others may.
    expect((await report(creator)).json().message).toBe(REVIEW_MESSAGES.reported);
    expect((await report(stranger)).statusCode).toBe(200);
    expect((await report(stranger)).statusCode).toBe(200);
    // The admin hears of each new report in the app (the second by the same reader adds nothing).
    const told = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, admin.id), eq(notifications.title, 'A review was reported')));
    expect(told.map((item) => [item.body, item.link])).toEqual([
      ['Reason: Not true', '/dashboard-admin?tab=reports'],
      ['Reason: Not true', '/dashboard-admin?tab=reports'],
    ]);
    const listed = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews' })).json();
    expect(listed.reports.filter((entry: { review: { id: string } }) => entry.review.id === harsh.id)).toHaveLength(2);

    const hide = (user: TestUser | null, reason = 'Names a private person') =>
      ctx.inject(user, { method: 'POST', url: `/api/admin/reports/reviews/${harsh.id}/hide`, payload: { reason } });
    expect((await hide(creator)).statusCode).toBe(403);
    expect((await hide(admin, '')).json().fields).toEqual({ reason: REVIEW_FIELD_MESSAGES.hideReason });
    expect((await hide(admin, '\u200b\u200b')).json().fields).toEqual({ reason: REVIEW_FIELD_MESSAGES.hideReason });
    expect((await hide(admin)).statusCode).toBe(204);
    expect((await hide(admin)).statusCode).toBe(409);
    const studio = await studioOf(creator.id);
    expect(studio.rating).toMatchObject({ count: 2, average: null });
    const hidden = studio.reviews.reviews.find((review: { id: string }) => review.id === harsh.id);
    expect(hidden).toMatchObject({ isHidden: true, rating: null, body: null, authorName: null, reply: null });
    expect(JSON.stringify(studio)).not.toContain('Late and hard to reach.');
    expect((await cardOf(creator.id)).rating).toEqual({ count: 2, average: null });
    expect((await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews' })).json().reports).toHaveLength(0);
    // Its author still reads it, and is told it is hidden (they were not: it looked published as ever).
    const authorState = (await stateOf(client, ids[2])).json();
    expect(authorState.mine).toMatchObject({ body: 'Late and hard to reach.', isHidden: true });
    expect((await stateOf(client, ids[0])).json().mine.isHidden).toBe(false);
    // ... in the app and by email, with the reason, in the decision's transaction.
    const toldAuthor = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.subjectKey, `review:${harsh.id}:moderation`)));
    expect(toldAuthor).toHaveLength(1);
    expect(toldAuthor[0].title).toBe(`Humanmade hid your review of Rita Rated for "Rated 2 Late and hard to reach."`);
    expect(toldAuthor[0].body).toContain('The reason given: Names a private person');
    expect(toldAuthor[0].link).toBe(`/dashboard-client?tab=projects&project=${ids[2]}`);
    expect((await emailsTo(ctx, client.email)).filter((email) => email.type === 'review-hidden').map((email) => email.subject)).toEqual([toldAuthor[0].title]);
    // The creator's review of the client has one other reader, the client, who may report it from the project.
    const aboutClient = authorState.theirs;
    expect(aboutClient.direction).toBe('creator_to_client');
    expect((await ctx.inject(client, { method: 'POST', url: `/api/reviews/${aboutClient.id}/report`, payload: { reason: 'Not true' } })).statusCode).toBe(200);
    const reported = (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews' })).json().reports;
    expect(reported.map((entry: { review: { id: string } }) => entry.review.id)).toEqual([aboutClient.id]);
    await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/reviews/reports/${reported[0].id}/dismiss`, payload: {} });
    const [dismissed] = await ctx.db.select().from(auditLog).where(and(eq(auditLog.targetId, aboutClient.id), eq(auditLog.action, 'review_report.dismiss')));
    expect(dismissed.metadata).toMatchObject({ name: expect.stringMatching(/^Rita Rated about /), reportId: reported[0].id });

    expect((await ctx.inject(admin, { method: 'POST', url: `/api/admin/reports/reviews/${harsh.id}/restore`, payload: {} })).statusCode).toBe(204);
    expect((await studioOf(creator.id)).rating).toMatchObject({ count: 3, average: 4 });
    const [restoredNotice] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, client.id), eq(notifications.subjectKey, `review:${harsh.id}:moderation`)));
    expect(restoredNotice.title).toBe(`Humanmade restored your review of Rita Rated for "Rated 2 Late and hard to reach."`);
    expect(restoredNotice.readAt).toBeNull();
    expect((await emailsTo(ctx, client.email)).filter((email) => email.type === 'review-restored')).toHaveLength(1);
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, harsh.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['review.hide', 'review.restore']);
    expect(audit.find((entry) => entry.action === 'review.hide')?.reason).toBe('Names a private person');
    // The log names the review as it was (the Audit tab showed a bare 'review').
    const [author] = await ctx.db.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, client.id));
    expect(audit.map((entry) => entry.metadata?.name)).toEqual([`${author.name} about Rita Rated`, `${author.name} about Rita Rated`]);
  });

  it('tells a signed-in reader which reviews are their own, apart from the public pages, which stay the same for everyone', async () => {
    const creator = await approveMaker(ctx, { name: 'Owen Own' });
    const [mineId, theirsId] = [await completedProject(ctx, client, creator, 'Own review'), await completedProject(ctx, stranger, creator, 'Their review')];
    for (const [author, projectId] of [[client, mineId], [stranger, theirsId]] as const) {
      await writeReview(ctx, author, projectId, clientReview());
      await writeReview(ctx, creator, projectId, creatorReview());
    }
    const idOf = async (projectId: string) =>
      (await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, projectId), eq(reviews.direction, 'client_to_creator'))))[0].id;
    const [own, others] = [await idOf(mineId), await idOf(theirsId)];
    const mine = (user: TestUser | null) => ctx.inject(user, { method: 'GET', url: `/api/reviews/creators/${creator.id}/mine` });

    const answer = await mine(client);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual({ reviewIds: [own] });
    // Per reader: no shared cache may keep it.
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(String(answer.headers.vary).toLowerCase()).toContain('cookie');
    expect((await mine(stranger)).json()).toEqual({ reviewIds: [others] });
    for (const user of [null, creator, maker, admin]) expect((await mine(user)).json()).toEqual({ reviewIds: [] });
    expect((await ctx.inject(client, { method: 'GET', url: `/api/reviews/creators/${client.id}/mine` })).statusCode).toBe(404);

    // The public pages name no author and flag nothing, whoever asks: one answer fits all (and the studio's is cached).
    for (const user of [null, client]) {
      const studio = await studioOf(creator.id, user);
      const page = (await ctx.inject(user, { method: 'GET', url: `/api/reviews/creators/${creator.id}` })).json();
      expect(studio.reviews.reviews.map((review: { id: string }) => review.id).sort()).toEqual([own, others].sort());
      for (const body of [JSON.stringify(studio), JSON.stringify(page)]) {
        expect(body).not.toContain('isOwn');
        expect(body).not.toContain('authorId');
        expect(body).not.toContain(client.id);
        expect(body).not.toContain(stranger.id);
      }
    }
  });

  it("recomputes a creator's figures in the deleting transaction when a reviewer's account is deleted", async () => {
    const creator = await approveMaker(ctx, { name: 'Della Deleted' });
    const leaving = await onboardedClient(ctx, 'Leaving Co');
    const projectId = await completedProject(ctx, leaving, creator, 'Before leaving');
    await writeReview(ctx, leaving, projectId, clientReview({ rating: 1 }));
    await writeReview(ctx, creator, projectId, creatorReview());
    expect((await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, creator.id)))[0]).toMatchObject({ ratingCount: 1, ratingSum: 1 });
    const deleted = await ctx.inject(admin, { method: 'DELETE', url: `/api/admin/users/${leaving.id}`, payload: { reason: 'Asked to leave' } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect((await ctx.db.select().from(makerProfiles).where(eq(makerProfiles.userId, creator.id)))[0]).toMatchObject({ ratingCount: 0, ratingSum: 0, ratingScore: 0 });
    expect((await cardOf(creator.id)).rating).toEqual({ count: 0, average: null });
  });
});

describe("a client's record", () => {
  it('shows a creator the projects completed, the creators\' average and the membership date, and nobody unrelated', async () => {
    const record = await ctx.inject(maker, { method: 'GET', url: `/api/reviews/clients/${client.id}/record` });
    expect(record.statusCode, record.body).toBe(200);
    expect(record.json()).toMatchObject({ clientId: client.id });
    expect(record.json().projectsCompleted).toBeGreaterThanOrEqual(3);
    const outsider = await approveMaker(ctx);
    expect((await ctx.inject(outsider, { method: 'GET', url: `/api/reviews/clients/${client.id}/record` })).statusCode).toBe(404);
    expect((await ctx.inject(stranger, { method: 'GET', url: `/api/reviews/clients/${client.id}/record` })).statusCode).toBe(403);
    expect((await ctx.inject(null, { method: 'GET', url: `/api/reviews/clients/${client.id}/record` })).statusCode).toBe(401);
  });
});

describe('the notice that reviews are published', () => {
  const publishedNotice = async (user: TestUser, projectId: string) => {
    const [item] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, user.id), eq(notifications.subjectKey, `review:${projectId}:published`)));
    const emails = (await emailsTo(ctx, user.email)).filter((row) => row.type === 'review-published' && row.subject === item.title);
    expect(emails).toHaveLength(1);
    return { item, email: emails[0] };
  };

  it('sends a reviewed creator to their studio page to reply, and promises the client no reply it cannot make', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Noticed work');
    await writeReview(ctx, client, projectId, clientReview());
    await writeReview(ctx, maker, projectId, creatorReview());

    const creator = await publishedNotice(maker, projectId);
    expect(creator.item).toMatchObject({
      title: 'Reviews for "Noticed work" are published',
      body: `The reviews for "Noticed work" are now published. ${client.name}'s review of you is on your studio page, where you can reply to it once.`,
      link: `/studio/${maker.id}`,
    });
    expect(creator.email.textBody).toContain(`http://localhost:3000/studio/${maker.id}`);
    expect(creator.email.textBody).toContain('You can also read both reviews in the Projects tab of your dashboard.');
    // The studio page is where the reply really is: the creator's reply to the review there is accepted.
    const [ofMaker] = await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, projectId), eq(reviews.subjectId, maker.id)));
    expect((await ctx.inject(maker, { method: 'POST', url: `/api/reviews/${ofMaker.id}/reply`, payload: { body: 'Thank you.' } })).statusCode).toBe(204);

    const forClient = await publishedNotice(client, projectId);
    expect(forClient.item).toMatchObject({ body: 'The reviews for "Noticed work" are now published. You can read them in the Projects tab of your dashboard.', link: `/dashboard-client?tab=projects&project=${projectId}` });
    for (const text of [forClient.item.body, forClient.email.textBody]) expect(text).not.toMatch(/reply/i);
    expect(forClient.email.textBody).toContain(`http://localhost:3000/dashboard-client?tab=projects&project=${projectId}`);
  });

  it('promises no reply to a creator the client did not review', async () => {
    const projectId = await completedProject(ctx, client, mind, 'Unreviewed creator');
    await writeReview(ctx, mind, projectId, creatorReview());
    await ctx.app.jobs.runDue(new Date(Date.now() + 14 * DAY + 60_000));
    const creator = await publishedNotice(mind, projectId);
    expect(creator.item).toMatchObject({ body: 'The reviews for "Unreviewed creator" are now published. You can read them in the Projects tab of your dashboard.', link: `/dashboard-mind?tab=projects&project=${projectId}` });
    expect(creator.email.textBody).not.toMatch(/reply/i);
  });
});

describe('a review window of another length', () => {
  it('reminds as far into it as day 10 is into 14, not on its first day', async () => {
    const short = await createTestContext({ env: { REVIEW_WINDOW_DAYS: '5' } });
    try {
      const [shortClient, shortMaker] = [await onboardedClient(short), await approveMaker(short)];
      const projectId = await completedProject(short, shortClient, shortMaker, 'Short window');
      const [window] = await short.db.select().from(reviewWindows).where(eq(reviewWindows.projectId, projectId));
      const [reminder] = await short.db.select().from(jobs).where(eq(jobs.key, `reviews.remind:${projectId}`));
      expect(window.closesAt.getTime() - window.opensAt.getTime()).toBe(5 * DAY);
      expect(reminder.runAt.getTime() - window.opensAt.getTime()).toBe(Math.round((5 * DAY * 10) / 14));
    } finally {
      await short.close();
    }
  });
});
