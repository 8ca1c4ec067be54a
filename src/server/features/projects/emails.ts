import type { FastifyInstance } from 'fastify';
import { formatBudget, formatDeliverableType } from '../../../domain/project-schemas';
import type { DbExecutor } from '../../db/client';
import { composeEmail } from '../../mail/templates';
import type { ProjectRow } from './views';

/** The transitions that tell the other side of a project (PRODUCT-DECISIONS), plus the client's cancellation. */
export type ProjectEmailEvent = 'assigned' | 'accepted' | 'declined' | 'deliverable_submitted' | 'approved' | 'flagged' | 'cancelled';

interface Recipient {
  email: string;
  name: string;
  /** Which dashboard the recipient acts from. */
  dashboard: 'client' | 'maker' | 'mind';
}

const subjects: Record<ProjectEmailEvent, (title: string) => string> = {
  assigned: (title) => `New project for you: ${title}`,
  accepted: (title) => `Your project was accepted: ${title}`,
  declined: (title) => `Your project was declined: ${title}`,
  deliverable_submitted: (title) => `Work is ready for your review: ${title}`,
  approved: (title) => `Your work was approved: ${title}`,
  flagged: (title) => `Your work was flagged for review: ${title}`,
  cancelled: (title) => `A project was cancelled: ${title}`,
};

/** The subject line, also the title of the in-app notification. */
export const projectEventTitle = (event: ProjectEmailEvent, title: string): string => subjects[event](title);

const bodies: Record<ProjectEmailEvent, (project: ProjectRow, actorName: string) => string[]> = {
  assigned: (p, actor) => [
    `${actor} would like to work with you on "${p.title}" (${formatDeliverableType(p.deliverableType)}, budget ${formatBudget(Number(p.budget))}).`,
    'Open your Projects tab to read the brief, then accept or decline it.',
  ],
  accepted: (p, actor) => [`${actor} accepted "${p.title}". The project is now active.`],
  declined: (p, actor) => [
    `${actor} declined "${p.title}". The project has been cancelled.`,
    'You can start a new project with another verified creator from your dashboard.',
  ],
  deliverable_submitted: (p, actor) => [
    `${actor} submitted the deliverable for "${p.title}".`,
    'Please review it from your Projects tab: approve it to complete the project, or flag it for an admin to review.',
  ],
  approved: (p, actor) => [
    `${actor} approved your work on "${p.title}". The project is complete.`,
    `${formatBudget(Number(p.budget))} has been added to your earnings.`,
  ],
  flagged: (p, actor) => [
    `${actor} flagged your work on "${p.title}" for review. An admin will look at it and be in touch.`,
  ],
  cancelled: (p, actor) => [`${actor} cancelled the draft project "${p.title}". No action is needed from you.`],
};

/** Writes the email in the caller's transaction, so it is sent if and only if the transition commits. */
export const enqueueProjectEmail = async (
  app: FastifyInstance,
  tx: DbExecutor,
  event: ProjectEmailEvent,
  input: { project: ProjectRow; to: Recipient; actorName: string },
): Promise<void> => {
  const { project, to, actorName } = input;
  const link = `${app.config.PUBLIC_URL}/dashboard-${to.dashboard}`;
  await app.mailer.enqueue(
    composeEmail({ type: `project-${event.replace(/_/g, '-')}`, to: to.email, subject: subjects[event](project.title), siteName: app.config.SITE_NAME }, [
      `Hello ${to.name},`,
      ...bodies[event](project, actorName),
      link,
    ]),
    tx,
  );
};
