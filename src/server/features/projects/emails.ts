import type { FastifyInstance } from 'fastify';
import { formatBudget, formatDeliverableType } from '../../../domain/project-schemas';
import { dashboardPath, projectCardPath } from '../../../domain/routes';
import type { DbExecutor } from '../../db/client';
import { composeEmail } from '../../mail/templates';
import type { ProjectRow } from './views';

/** The transitions that tell the other side of a project (the product's rule), plus the client's cancellation. */
export type ProjectEmailEvent =
  | 'assigned'
  | 'accepted'
  | 'declined'
  | 'deliverable_submitted'
  | 'approved'
  | 'flagged'
  | 'cancelled'
  | 'offer_sent'
  | 'offer_accepted'
  | 'offer_declined'
  | 'offer_changes_requested'
  | 'milestone_approved'
  | 'milestone_auto_approved'
  | 'revision_requested'
  | 'extra_revision_allowed'
  | 'withdrawn'
  | 'cancelled_by_admin'
  | 'approval_reminder'
  | 'due_reminder'
  | 'answer_reminder'
  | 'offer_reminder'
  | 'funding_requested'
  | 'invoice_overdue'
  | 'payment_received'
  | 'funds_released'
  | 'funds_refunded'
  | 'funds_split'
  | 'payment_failed';

/** The events the platform's timers send to one side (a reminder), never a change made by the other side. */
export type TimedProjectEvent = 'approval_reminder' | 'due_reminder' | 'answer_reminder' | 'offer_reminder' | 'invoice_overdue';

/** The events told to one side alone and never written in the pair's thread: the timers' and a failed payment. */
export type UnthreadedProjectEvent = TimedProjectEvent | 'payment_failed';

type Dashboard = 'client' | 'maker' | 'mind';

interface Recipient {
  email: string;
  name: string;
  /** Which dashboard the recipient acts from. */
  dashboard: Dashboard;
}

const MONEY_EVENTS: ReadonlySet<ProjectEmailEvent> = new Set(['funding_requested', 'invoice_overdue', 'payment_received', 'funds_released', 'funds_refunded', 'funds_split', 'payment_failed']);

/**
 * Money moved (an invoice, a payment, a release, a refund): a receipt the person needs whatever their email
 * settings, so these emails are sent even to someone who turned project emails off.
 */
export const isMoneyEvent = (event: ProjectEmailEvent): boolean => MONEY_EVENTS.has(event);

/**
 * The dashboard tab an event is about (the tab values of src/web/pages/dashboard-*-page.tsx): money is on the
 * client's Invoices tab and the creator's Earnings tab; everything else on the Projects tab.
 */
export const projectEventPath = (event: ProjectEmailEvent, dashboard: Dashboard, projectId: string): string =>
  isMoneyEvent(event) ? `${dashboardPath(dashboard)}?tab=${dashboard === 'client' ? 'invoices' : 'earnings'}` : projectCardPath(dashboard, projectId);

const subjects: Record<ProjectEmailEvent, (title: string, when: string) => string> = {
  assigned: (title) => `New project for you: ${title}`,
  accepted: (title) => `Your project was accepted: ${title}`,
  declined: (title) => `Your project was declined: ${title}`,
  deliverable_submitted: (title) => `Work is ready for your review: ${title}`,
  approved: (title) => `Your work was approved: ${title}`,
  flagged: (title) => `Your work was flagged for review: ${title}`,
  cancelled: (title) => `A project was cancelled: ${title}`,
  offer_sent: (title) => `You have an offer for ${title}`,
  offer_accepted: (title) => `Your offer was accepted: ${title}`,
  offer_declined: (title) => `Your offer was declined: ${title}`,
  offer_changes_requested: (title) => `Changes asked for your offer: ${title}`,
  milestone_approved: (title) => `A milestone was approved: ${title}`,
  milestone_auto_approved: (title) => `A milestone was approved automatically: ${title}`,
  revision_requested: (title) => `A revision was asked for: ${title}`,
  extra_revision_allowed: (title) => `An extra revision round is open: ${title}`,
  withdrawn: (title) => `The creator withdrew from your project: ${title}`,
  cancelled_by_admin: (title) => `Project cancelled: ${title}`,
  approval_reminder: (title) => `Work waits for your review: ${title}`,
  // `when` is how the due date stands when the reminder runs (dueWording): late only if the server was down.
  due_reminder: (title, when) => `A milestone ${when === 'was due' ? 'is overdue' : when || 'is due tomorrow'}: ${title}`,
  answer_reminder: (title) => `A client is waiting for your answer: ${title}`,
  offer_reminder: (title) => `An offer is waiting for your answer: ${title}`,
  funding_requested: (title) => `Invoice issued: ${title}`,
  invoice_overdue: (title) => `Invoice overdue: ${title}`,
  payment_received: (title) => `Payment received and held in escrow: ${title}`,
  funds_released: (title) => `Payment released: ${title}`,
  funds_refunded: (title) => `Payment refunded: ${title}`,
  funds_split: (title) => `Payment split by the platform: ${title}`,
  payment_failed: (title) => `Your payment did not go through: ${title}`,
};

/** The events about one milestone; their `detail` names it when the project has several (see milestoneDetail). */
const MILESTONE_EVENTS: ReadonlySet<ProjectEmailEvent> = new Set([
  'deliverable_submitted',
  'milestone_approved',
  'milestone_auto_approved',
  'revision_requested',
  'approval_reminder',
  'due_reminder',
]);
const NAMED_MILESTONE = /^milestone \d+ \(/i;

/**
 * The subject line, also the title of the in-app notification. A milestone event names its milestone, so four
 * submissions of one project are four different items: "Work is ready for your review: Logo — milestone 2 (“Final”)".
 * A single-milestone project's detail names none ('' or "the work"), and its title stays the project's.
 */
export const projectEventTitle = (event: ProjectEmailEvent, title: string, detail = '', when = ''): string => {
  if (!MILESTONE_EVENTS.has(event) || !NAMED_MILESTONE.test(detail)) return subjects[event](title, when);
  return subjects[event](`${title} — ${detail.charAt(0).toLowerCase()}${detail.slice(1)}`, when);
};

/**
 * How a milestone's due date stands on the day a due reminder runs: 'is due tomorrow' as scheduled (the day before,
 * 09:00 UTC), or, when the reminder ran late because the server was down, 'is due today' or 'was due'.
 */
export const dueWording = (dueDate: string, now: Date): string => {
  const daysLeft = Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`)) / 86_400_000);
  return daysLeft >= 1 ? 'is due tomorrow' : daysLeft === 0 ? 'is due today' : 'was due';
};

const sentenceStart = (text: string): string => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;

/** `detail` names the offer version or milestone (or, for money, the amount); `when` is when the next step happens, for a reminder. */
const bodies: Record<ProjectEmailEvent, (project: ProjectRow, actorName: string, detail: string, when: string) => string[]> = {
  assigned: (p, actor) => [
    `${actor} would like to work with you on "${p.title}" (${formatDeliverableType(p.deliverableType)}, budget ${formatBudget(Number(p.budget))}).`,
    // A draft is answered with an offer too (decision 151), which is what most briefs get; the email names all three.
    'Open your Projects tab to read the brief, then accept it as it stands, send an offer with your price and milestones, or decline it.',
  ],
  accepted: (p, actor) => [`${actor} accepted "${p.title}". The project is now active.`],
  declined: (p, actor) => [
    `${actor} declined "${p.title}". The project has been cancelled.`,
    'You can start a new project with another verified creator from your dashboard.',
  ],
  deliverable_submitted: (p, actor, detail) => [
    detail ? `${actor} submitted ${detail} of "${p.title}".` : `${actor} submitted the deliverable for "${p.title}".`,
    'Please review it from your Projects tab: approve it, ask for a revision, or flag it for an admin to review.',
  ],
  approved: (p, actor, detail) => [
    `${actor} approved your work on "${p.title}". The project is complete.`,
    // True whether or not the client's payment is already held: the release has its own email, at once or later.
    `The milestone's ${detail || formatBudget(Number(p.budget))} goes to your balance, less the platform fee, as soon as the client's payment is held. We email you when it is released.`,
  ],
  flagged: (p, actor) => [
    `${actor} flagged your work on "${p.title}" for review. An admin will look at it and be in touch.`,
  ],
  cancelled: (p, actor) => [`${actor} cancelled the draft project "${p.title}". No action is needed from you.`],
  offer_sent: (p, actor, detail) => [`${actor} sent you an offer for "${p.title}": ${detail}.`, 'Open your Projects tab to accept it, ask for changes, or decline it.'],
  offer_accepted: (p, actor, detail) => [`${actor} accepted ${detail} for "${p.title}". The project is active: the first milestone has started.`],
  offer_declined: (p, actor, detail) => [`${actor} declined ${detail} for "${p.title}".`, 'The project is no longer assigned to you.'],
  offer_changes_requested: (p, actor, detail) => [`${actor} asked for changes to ${detail} for "${p.title}".`, 'Send a new version from your Projects tab.'],
  milestone_approved: (p, actor, detail) => [`${actor} approved ${detail} of "${p.title}". The next milestone has started.`],
  // Nobody clicked, so nobody saw the next milestone start (and ask to be funded): the email says what comes next.
  milestone_auto_approved: (p, _actor, detail) => [
    // The detail starts the sentence ("milestone 2 (…)", or "the work" for one milestone).
    `${sentenceStart(detail)} of "${p.title}" was approved automatically, because the review time passed without an answer.`,
    ...(p.status === 'completed' ? ['The project is complete.'] : p.status === 'active' ? ['The next milestone has started.'] : []),
  ],
  revision_requested: (p, actor, detail) => [`${actor} asked for a revision of ${detail} of "${p.title}".`, 'Submit the milestone again from your Projects tab when it is ready.'],
  // Read by the client and, when an admin allowed it, by the creator too: worded for either.
  extra_revision_allowed: (p, actor) => [`${actor} allowed an extra revision round on "${p.title}": one more revision can now be asked for.`],
  withdrawn: (p, actor) => [
    `${actor} withdrew from "${p.title}", so the project is cancelled.`,
    'A payment held for work not yet approved comes back to you, and a separate email says how much; approved milestones stay as they were. You can hire another creator for the rest from your dashboard.',
  ],
  cancelled_by_admin: (p) => [
    `Our team cancelled "${p.title}" while it was under way.`,
    'A payment held for work not yet approved goes back to the client, and a separate email says how much; approved milestones stay as they were. If you have questions about this decision, reply to this email.',
  ],
  approval_reminder: (p, _actor, detail, when) => [
    detail ? `${sentenceStart(detail)} of "${p.title}" is waiting for your review.` : `Work on "${p.title}" is waiting for your review.`,
    `If you neither approve it, ask for a revision nor flag it, it will be approved automatically on ${when}.`,
  ],
  due_reminder: (p, _actor, detail, when) => [
    when === 'was due' ? `${detail} of "${p.title}" is past its due date.` : `${detail} of "${p.title}" ${when || 'is due tomorrow'}.`,
    'If you need more time, tell your client in the project thread.',
  ],
  answer_reminder: (p) => [
    `"${p.title}" has been waiting for your answer for a few days.`,
    'Open your Projects tab to accept the brief, send an offer, or decline it, so the client knows where they stand. You can ask them anything in the project thread.',
  ],
  offer_reminder: (p, _actor, detail) => [
    `The offer for "${p.title}" (${detail}) has been waiting for your answer for a few days.`,
    'Open your Projects tab to accept it, ask for changes, or decline it. Work starts only once you accept.',
  ],
  funding_requested: (p, _actor, detail) => [
    `An invoice was issued to fund "${p.title}": ${detail}.`,
    'The work can go on meanwhile; the milestone shows "Awaiting funding" until the payment arrives. You can download the invoice from the Invoices tab of your dashboard:',
  ],
  invoice_overdue: (p, _actor, detail) => [
    `An invoice to fund "${p.title}" is not paid yet: ${detail}.`,
    'The creator is paid from escrow once your payment arrives, so please pay it soon. If you already have, you need do nothing: we will confirm it when it is received. The invoice is in the Invoices tab of your dashboard:',
  ],
  payment_received: (p, _actor, detail) => [`The payment for "${p.title}" arrived: ${detail}. It is held in escrow until the work is approved.`],
  funds_released: (p, _actor, detail) => [`The payment for "${p.title}" was released: ${detail}.`],
  funds_refunded: (p, _actor, detail) => [`The payment for "${p.title}" was refunded: ${detail}.`],
  funds_split: (p, _actor, detail) => [`The payment held for "${p.title}" was split by the platform: ${detail}.`],
  // Stripe accepted a delayed payment (a bank debit) and then reported it failed (decision 220).
  payment_failed: (p, _actor, detail) => [
    `Your payment for "${p.title}" did not go through: ${detail}. Nothing was taken, and the invoice is still due.`,
    'To pay it, open the project from the Invoices tab of your dashboard and choose "Pay by card": a new secure Stripe checkout opens, where you can use the same method or another.',
  ],
};

/** Writes the email in the caller's transaction, so it is sent if and only if the transition commits. */
/** The words someone gave with their answer (a decline's reason, what to change), right after what they did. */
const withNote = (lines: string[], actorName: string, note: string | null | undefined): string[] =>
  note ? [lines[0], `${actorName} wrote: "${note}"`, ...lines.slice(1)] : lines;

export const enqueueProjectEmail = async (
  app: FastifyInstance,
  tx: DbExecutor,
  event: ProjectEmailEvent,
  input: { project: ProjectRow; to: Recipient; actorName: string; detail?: string; when?: string; note?: string | null },
): Promise<void> => {
  const { project, to, actorName, detail = '', when = '', note } = input;
  const link = `${app.config.PUBLIC_URL}${projectEventPath(event, to.dashboard, project.id)}`;
  const email = composeEmail(
    { type: `project-${event.replace(/_/g, '-')}`, to: to.email, subject: projectEventTitle(event, project.title, detail, when), siteName: app.config.SITE_NAME },
    [`Hello ${to.name},`, ...withNote(bodies[event](project, actorName, detail, when), actorName, note), link],
  );
  await app.mailer.enqueue(isMoneyEvent(event) ? { ...email, isTransactional: true } : email, tx);
};
