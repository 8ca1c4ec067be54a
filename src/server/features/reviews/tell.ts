import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { dashboardPath } from '../../../domain/routes';
import type { DbExecutor } from '../../db/client';
import { user, userRoles } from '../../db/schema';
import { composeEmail } from '../../mail/templates';
import { notify } from '../notifications/service';

/** What a review window tells a party, in the app and by email (decision 160). */
export type ReviewEvent = 'prompt' | 'reminder' | 'published';

const copy: Record<ReviewEvent, { subject: (title: string) => string; body: (title: string, other: string, closes: string) => string[] }> = {
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
    body: (title) => [`The reviews for "${title}" are now published. You can read them, and reply once to the review of you, from your dashboard.`],
  },
};

const formatDay = (date: Date) => date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One party hears about the review window, in the caller's transaction: an item in the app and an email. */
export const tellParty = async (
  app: FastifyInstance,
  tx: DbExecutor,
  event: ReviewEvent,
  input: { userId: string; otherName: string; projectId: string; projectTitle: string; closesAt: Date },
): Promise<void> => {
  const [person] = await tx
    .select({ email: user.email, name: user.name, role: userRoles.role })
    .from(user)
    .innerJoin(userRoles, eq(userRoles.userId, user.id))
    .where(eq(user.id, input.userId));
  if (!person) return;
  const link = `${dashboardPath(person.role)}?tab=projects`;
  const subject = copy[event].subject(input.projectTitle);
  const body = copy[event].body(input.projectTitle, input.otherName, formatDay(input.closesAt));
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
