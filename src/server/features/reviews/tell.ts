import type { FastifyInstance } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { projectCardPath } from '../../../domain/routes';
import type { DbExecutor } from '../../db/client';
import { profiles, projects, reviews, user, userRoles } from '../../db/schema';
import { composeEmail } from '../../mail/templates';
import { excerpt, notify } from '../notifications/service';
import { formatLongDate } from '../../../domain/dates';

/** What a review window tells a party, in the app and by email (decision 160). */
export type ReviewEvent = 'prompt' | 'reminder' | 'published';

/**
 * Who hears, for the published reviews: a creator with a review of them replies to it on their studio page (or on
 * the project in their dashboard); a client, or a creator the client did not review, has nothing to reply to.
 */
type Reader = 'reviewed_creator' | 'other';

const copy: Record<ReviewEvent, { subject: (title: string) => string; body: (title: string, other: string, closes: string, reader: Reader) => string[] }> = {
  prompt: {
    subject: (title) => `How did "${title}" go? Leave a review`,
    body: (title, other, closes) => [
      `"${title}" is complete. You can now review ${other}, until ${closes}.`,
      'Reviews are double-blind: neither of you sees the other\'s review until both are written or the window closes. Then both are published together.',
    ],
  },
  reminder: {
    subject: (title) => `A few days left to review "${title}"`,
    body: (title, other, closes) => [
      `You have not reviewed ${other} for "${title}" yet. The review window closes on ${closes}.`,
      'Your review helps other people on Humanmade choose well.',
    ],
  },
  published: {
    subject: (title) => `Reviews for "${title}" are published`,
    body: (title, other, _closes, reader) =>
      reader === 'reviewed_creator'
        ? [
            `The reviews for "${title}" are now published. ${other}'s review of you is on your studio page, where you can reply to it once.`,
            'You can also read both reviews in the Projects tab of your dashboard.',
          ]
        : [`The reviews for "${title}" are now published. You can read them in the Projects tab of your dashboard.`],
  },
};

/** Whom to tell: their address, name and role. */
const personOf = async (tx: DbExecutor, userId: string) =>
  (
    await tx
      .select({ email: user.email, name: user.name, role: userRoles.role })
      .from(user)
      .innerJoin(userRoles, eq(userRoles.userId, user.id))
      .where(eq(user.id, userId))
  )[0];

/** One party hears about the review window, in the caller's transaction: an item in the app and an email. */
export const tellParty = async (
  app: FastifyInstance,
  tx: DbExecutor,
  event: ReviewEvent,
  input: { userId: string; otherName: string; projectId: string; projectTitle: string; closesAt: Date },
): Promise<void> => {
  const person = await personOf(tx, input.userId);
  if (!person) return;
  const isReviewedCreator =
    event === 'published' &&
    person.role !== 'client' &&
    (await tx.select({ id: reviews.id }).from(reviews).where(and(eq(reviews.projectId, input.projectId), eq(reviews.subjectId, input.userId)))).length > 0;
  const link = isReviewedCreator ? `/studio/${input.userId}` : projectCardPath(person.role, input.projectId);
  const subject = copy[event].subject(input.projectTitle);
  const body = copy[event].body(input.projectTitle, input.otherName, formatLongDate(input.closesAt), isReviewedCreator ? 'reviewed_creator' : 'other');
  await notify(tx, {
    userId: input.userId,
    kind: 'review',
    subjectKey: `review:${input.projectId}:${event}`,
    title: subject,
    body: body[0],
    link,
  });
  await app.mailer.enqueue(
    composeEmail({ type: `review-${event}`, to: person.email, subject, siteName: app.config.SITE_NAME }, [
      `Hello ${person.name},`,
      ...body,
      `${app.config.PUBLIC_URL}${link}`,
    ]),
    tx,
  );
};

/** What happened to a published review that its author hears of: an admin hid or restored it, or its subject replied. */
export type AuthorEvent = 'hide' | 'restore' | 'reply';

/**
 * The author of a review hears what happened to it, in the app and by email, in the event's transaction: an admin's
 * decision with what others now see and the reason given (a hidden review used to change under its author unseen),
 * or the reviewed person's reply with its text.
 */
export const tellAuthor = async (
  app: FastifyInstance,
  tx: DbExecutor,
  review: { id: string; authorId: string; subjectId: string; projectId: string },
  event: AuthorEvent,
  detail: string,
): Promise<void> => {
  const author = await personOf(tx, review.authorId);
  if (!author) return;
  const [subject] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, review.subjectId));
  const [project] = await tx.select({ title: projects.title }).from(projects).where(eq(projects.id, review.projectId));
  const subjectName = subject?.name ?? 'The other party';
  const forProject = project ? ` for "${project.title}"` : '';
  const about = `your review of ${subject?.name ?? 'the other party'}${forProject}`;
  const reason = detail ? [`The reason given: ${detail}`] : [];
  const { title, body, type } = {
    hide: {
      title: `Humanmade hid ${about}`,
      body: [`Humanmade hid ${about}. Everyone else now sees 'Hidden by Humanmade' in its place, and it no longer counts in the rating.`, ...reason],
      type: 'review-hidden',
    },
    restore: { title: `Humanmade restored ${about}`, body: [`Humanmade restored ${about}. It is published again and counts in the rating.`, ...reason], type: 'review-restored' },
    reply: { title: `${subjectName} replied to your review${forProject}`, body: [`${subjectName} replied to your review${forProject}:`, `"${excerpt(detail)}"`], type: 'review-reply' },
  }[event];
  const link = projectCardPath(author.role, review.projectId);
  // One item per review and kind of news: a restore replaces the hide's item, unread again.
  const subjectKey = `review:${review.id}:${event === 'reply' ? 'reply' : 'moderation'}`;
  await notify(tx, { userId: review.authorId, kind: 'review', subjectKey, title, body: body.join(' '), link });
  await app.mailer.enqueue(
    composeEmail({ type, to: author.email, subject: title, siteName: app.config.SITE_NAME }, [`Hello ${author.name},`, ...body, `${app.config.PUBLIC_URL}${link}`]),
    tx,
  );
};

/**
 * The reviewed person hears that an admin hid or restored their reply, with the reason, in the app and by email, in
 * the decision's transaction (as a review's author hears of their review's, above).
 */
export const tellReplier = async (
  app: FastifyInstance,
  tx: DbExecutor,
  review: { id: string; authorId: string; subjectId: string; projectId: string },
  event: 'hide' | 'restore',
  reason: string,
): Promise<void> => {
  const replier = await personOf(tx, review.subjectId);
  if (!replier) return;
  const [author] = await tx.select({ name: profiles.name }).from(profiles).where(eq(profiles.id, review.authorId));
  const about = `your reply to ${author?.name ?? 'a client'}'s review`;
  const detail = reason ? [`The reason given: ${reason}`] : [];
  const { title, body, type } =
    event === 'hide'
      ? {
          title: `Humanmade hid ${about}`,
          body: [`Humanmade hid ${about}. Everyone else now sees 'Reply hidden by Humanmade' under the review, which itself stays as it was.`, ...detail],
          type: 'review-reply-hidden',
        }
      : { title: `Humanmade restored ${about}`, body: [`Humanmade restored ${about}. It is shown under the review again.`, ...detail], type: 'review-reply-restored' };
  const link = `/studio/${review.subjectId}`;
  // One item per reply: a restore replaces the hide's item, unread again.
  await notify(tx, { userId: review.subjectId, kind: 'review', subjectKey: `review:${review.id}:reply-moderation`, title, body: body.join(' '), link });
  await app.mailer.enqueue(
    composeEmail({ type, to: replier.email, subject: title, siteName: app.config.SITE_NAME }, [`Hello ${replier.name},`, ...body, `${app.config.PUBLIC_URL}${link}`]),
    tx,
  );
};
