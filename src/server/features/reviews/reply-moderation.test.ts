import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { REVIEW_FIELD_MESSAGES } from '../../../domain/review-schemas';
import { auditLog, notifications, reviewReports, reviews } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { approveMaker, emailsTo, onboardedClient } from '../../../../test/support/project-fixtures';
import { clientReview, completedProject, creatorReview, writeReview } from '../../../../test/support/review-fixtures';

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Rhea Replier' });
  admin = await ctx.createAdmin();
});

const post = (user: TestUser | null, url: string, payload: object = {}) => ctx.inject(user, { method: 'POST', url, payload });
const studioReviews = async (user: TestUser | null = null) => (await ctx.inject(user, { method: 'GET', url: `/api/studio/${maker.id}` })).json().reviews.reviews;
const pagedReviews = async () => (await ctx.inject(null, { method: 'GET', url: `/api/reviews/creators/${maker.id}` })).json().reviews;
const moderation = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews' })).json();
const hiddenReviews = async () => (await ctx.inject(admin, { method: 'GET', url: '/api/admin/reports/reviews/hidden' })).json();

describe("an admin hides the reviewed person's reply, not the review", () => {
  it('withholds the reply everywhere, keeps the review and the rating, closes the reports, tells the replier, and restores it', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Replied work');
    await writeReview(ctx, client, projectId, clientReview({ rating: 3, body: 'Fine work, slow answers.' }));
    await writeReview(ctx, maker, projectId, creatorReview());
    const [review] = await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, projectId), eq(reviews.direction, 'client_to_creator')));
    const hideReply = (user: TestUser | null, reason = 'Insults the client') => post(user, `/api/admin/reports/reviews/${review.id}/hide-reply`, { reason });

    // No reply yet: nothing to hide.
    expect((await hideReply(admin)).statusCode).toBe(409);
    // Its author may not report their own words, until a reply stands under them.
    expect((await post(client, `/api/reviews/${review.id}/report`, { reason: 'Nothing to report' })).statusCode).toBe(409);
    expect((await post(maker, `/api/reviews/${review.id}/reply`, { body: 'ABUSIVE-REPLY: you are the worst client.' })).statusCode).toBe(204);
    expect((await post(client, `/api/reviews/${review.id}/report`, { reason: 'The reply insults me' })).statusCode).toBeLessThan(300);

    // Only an admin, and only with a reason.
    expect((await hideReply(null)).statusCode).toBe(401);
    expect((await hideReply(maker)).statusCode).toBe(403);
    expect((await hideReply(client)).statusCode).toBe(403);
    expect((await hideReply(admin, '')).json().fields).toEqual({ reason: REVIEW_FIELD_MESSAGES.hideReason });
    const ratingBefore = (await ctx.inject(null, { method: 'GET', url: `/api/studio/${maker.id}` })).json().rating;
    expect((await hideReply(admin)).statusCode).toBe(204);
    expect((await hideReply(admin)).statusCode).toBe(409);

    // Withheld on every public route and for the replier too; the review and its rating stay.
    for (const listed of [(await studioReviews())[0], (await studioReviews(maker))[0], (await pagedReviews())[0]]) {
      expect(listed).toMatchObject({ isHidden: false, body: 'Fine work, slow answers.', rating: 3, reply: null, isReplyHidden: true });
    }
    for (const user of [null, client, maker]) {
      expect((await ctx.inject(user, { method: 'GET', url: `/api/studio/${maker.id}` })).body).not.toContain('ABUSIVE-REPLY');
    }
    expect((await ctx.inject(null, { method: 'GET', url: `/api/studio/${maker.id}` })).json().rating).toEqual(ratingBefore);
    // The one reply is spent: a second is refused.
    expect((await post(maker, `/api/reviews/${review.id}/reply`, { body: 'A kinder second try.' })).statusCode).toBe(409);

    // The report is closed as the reply's; the admin's list keeps the reply to restore, with its reason.
    const [report] = await ctx.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review.id));
    expect(report.status).toBe('reply_hidden');
    const listed = await moderation();
    expect(listed.reports.some((open: { review: { id: string } }) => open.review.id === review.id)).toBe(false);
    expect((await hiddenReviews()).hidden.find((hidden: { id: string }) => hidden.id === review.id)).toMatchObject({
      isHidden: false,
      isReplyHidden: true,
      replyHiddenReason: 'Insults the client',
      reply: 'ABUSIVE-REPLY: you are the worst client.',
    });

    // The replier hears of it, with the reason, in the app and by email.
    const [notice] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, maker.id), eq(notifications.subjectKey, `review:${review.id}:reply-moderation`)));
    expect(notice.title).toBe(`Humanmade hid your reply to ${client.name}'s review`);
    expect(notice.body).toContain('The reason given: Insults the client');
    expect((await emailsTo(ctx, maker.email)).filter((email) => email.type === 'review-reply-hidden')).toHaveLength(1);

    // Restored: shown again, audited both ways.
    expect((await post(maker, `/api/admin/reports/reviews/${review.id}/restore-reply`, { reason: '' })).statusCode).toBe(403);
    expect((await post(admin, `/api/admin/reports/reviews/${review.id}/restore-reply`, { reason: 'Reconsidered' })).statusCode).toBe(204);
    expect((await post(admin, `/api/admin/reports/reviews/${review.id}/restore-reply`, { reason: '' })).statusCode).toBe(409);
    expect((await studioReviews())[0]).toMatchObject({ reply: { body: 'ABUSIVE-REPLY: you are the worst client.' }, isReplyHidden: false });
    const audit = await ctx.db.select().from(auditLog).where(eq(auditLog.targetId, review.id));
    expect(audit.map((entry) => entry.action).sort()).toEqual(['review.hide_reply', 'review.restore_reply']);
    expect(audit.find((entry) => entry.action === 'review.hide_reply')?.reason).toBe('Insults the client');
    const [restored] = await ctx.db.select().from(notifications).where(and(eq(notifications.userId, maker.id), eq(notifications.subjectKey, `review:${review.id}:reply-moderation`)));
    expect(restored.title).toBe(`Humanmade restored your reply to ${client.name}'s review`);
  });

  it('refuses to hide the reply of a hidden review: it is withheld with the review', async () => {
    const projectId = await completedProject(ctx, client, maker, 'Hidden whole');
    await writeReview(ctx, client, projectId, clientReview({ body: 'Names a private person here.' }));
    await writeReview(ctx, maker, projectId, creatorReview());
    const [review] = await ctx.db.select().from(reviews).where(and(eq(reviews.projectId, projectId), eq(reviews.direction, 'client_to_creator')));
    expect((await post(maker, `/api/reviews/${review.id}/reply`, { body: 'Thank you for the kind words.' })).statusCode).toBe(204);
    expect((await post(admin, `/api/admin/reports/reviews/${review.id}/hide`, { reason: 'Private person' })).statusCode).toBe(204);
    const refused = await post(admin, `/api/admin/reports/reviews/${review.id}/hide-reply`, { reason: 'Too' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This review is hidden, and its reply with it.');
  });
});
