import { z } from 'zod';
import { FUNDING_STATUSES, PAYMENT_MESSAGES } from './payment-schemas';
import { BUDGET_MAX } from './constants';
import { DAY_MS } from './dates';
import { projectFileProvenanceSchema } from './content-credentials';

/**
 * Offers and milestones (decision 151). Pure: the server applies these rules to refuse any other
 * transition, and the web app uses them to show each side only what it may do.
 */

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'changes_requested', 'superseded'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const MILESTONE_STATUSES = ['pending', 'active', 'submitted', 'revision_requested', 'approved'] as const;
export type MilestoneStatus = (typeof MILESTONE_STATUSES)[number];

export const MAX_MILESTONES = 10;
export const MAX_REVISION_ROUNDS = 5;
export const DEFAULT_REVISION_ROUNDS = 2;

// ---- the offer ----

export const OFFER_ANSWERS = ['accept', 'decline', 'request_changes'] as const;
export type OfferAnswer = (typeof OFFER_ANSWERS)[number];

const ANSWERED: Record<OfferAnswer, OfferStatus> = { accept: 'accepted', decline: 'declined', request_changes: 'changes_requested' };

export type OfferResult = { ok: true; status: OfferStatus } | { ok: false; message: string };

/** The client answers an offer version: only the latest, and only while it waits for an answer. */
export const answerOffer = (offer: { status: OfferStatus; version: number }, latestVersion: number, answer: OfferAnswer): OfferResult => {
  if (offer.version !== latestVersion) return { ok: false, message: 'A newer version of this offer was sent. Only the latest can be answered.' };
  if (offer.status !== 'pending') return { ok: false, message: 'This offer has already been answered.' };
  return { ok: true, status: ANSWERED[answer] };
};

/** What a new version does to the one before it: one still waiting is superseded; an answered one keeps its answer. */
export const supersede = (status: OfferStatus): OfferStatus => (status === 'pending' ? 'superseded' : status);

// ---- the milestones of an active project ----

export interface MilestonePlan {
  milestones: MilestoneStatus[];
  flagged: boolean;
  revisionRounds: number;
  revisionsUsed: number;
  extraRevisions: number;
}

export const MILESTONE_ACTIONS = ['submit', 'approve', 'request_revision', 'allow_extra_revision'] as const;
export type MilestoneAction = (typeof MILESTONE_ACTIONS)[number];

export type PlanResult = { ok: true; plan: MilestonePlan; index: number } | { ok: false; message: string };

/** A plan at acceptance: the first milestone active, the rest pending. */
export const startPlan = (count: number, revisionRounds: number): MilestonePlan => ({
  milestones: Array.from({ length: count }, (_, i) => (i === 0 ? 'active' : 'pending')),
  flagged: false,
  revisionRounds,
  revisionsUsed: 0,
  extraRevisions: 0,
});

/** The milestone being worked on or reviewed: the first one not approved, or -1 when all are. */
export const currentMilestone = (plan: Pick<MilestonePlan, 'milestones'>): number => plan.milestones.findIndex((status) => status !== 'approved');

export const revisionsLeft = (plan: Pick<MilestonePlan, 'revisionRounds' | 'revisionsUsed' | 'extraRevisions'>): number =>
  Math.max(plan.revisionRounds + plan.extraRevisions - plan.revisionsUsed, 0);

/** The project's status as its milestones make it: the product's project statuses keep their meaning. */
export const projectStatusOfPlan = (plan: Pick<MilestonePlan, 'milestones'>): 'active' | 'in_review' | 'completed' => {
  const index = currentMilestone(plan);
  if (index === -1) return 'completed';
  return plan.milestones[index] === 'submitted' ? 'in_review' : 'active';
};

const withStatus = (plan: MilestonePlan, index: number, status: MilestoneStatus): MilestoneStatus[] =>
  plan.milestones.map((current, i) => (i === index ? status : current));

/** One action on the current milestone: the next plan, or why it is refused. Who may act is the project's rule. */
export const applyMilestoneAction = (plan: MilestonePlan, action: MilestoneAction): PlanResult => {
  const index = currentMilestone(plan);
  if (index === -1) return { ok: false, message: 'Every milestone of this project is approved.' };
  const status = plan.milestones[index];
  switch (action) {
    case 'submit':
      if (status !== 'active' && status !== 'revision_requested') return { ok: false, message: 'This milestone is not open for a submission.' };
      return { ok: true, index, plan: { ...plan, milestones: withStatus(plan, index, 'submitted') } };
    case 'approve': {
      if (status !== 'submitted') return { ok: false, message: 'Only a submitted milestone can be approved.' };
      if (plan.flagged) return { ok: false, message: 'Flagged work waits for an admin.' };
      const milestones = withStatus(plan, index, 'approved');
      if (index + 1 < milestones.length) milestones[index + 1] = 'active';
      return { ok: true, index, plan: { ...plan, milestones } };
    }
    case 'request_revision':
      if (status !== 'submitted') return { ok: false, message: 'A revision can only be asked for on a submitted milestone.' };
      if (plan.flagged) return { ok: false, message: 'Flagged work waits for an admin.' };
      if (revisionsLeft(plan) === 0) return { ok: false, message: 'No revision rounds are left. The creator or an admin can allow an extra one.' };
      return { ok: true, index, plan: { ...plan, milestones: withStatus(plan, index, 'revision_requested'), revisionsUsed: plan.revisionsUsed + 1 } };
    case 'allow_extra_revision':
      return { ok: true, index, plan: { ...plan, extraRevisions: plan.extraRevisions + 1 } };
  }
};

// ---- time ----

export { DAY_MS } from './dates';

/** A milestone is late when its due date has passed and it is not yet submitted or approved. */
export const isLate = (milestone: { dueDate: string | null; status: MilestoneStatus }, now: Date): boolean => {
  if (!milestone.dueDate || milestone.status === 'approved' || milestone.status === 'submitted') return false;
  return milestone.dueDate < now.toISOString().slice(0, 10);
};

// ---- input ----

/** How far ahead a milestone may be due. */
export const MAX_DUE_YEARS = 5;

export const OFFER_MESSAGES = {
  priceRequired: 'Please enter a price in whole dollars',
  priceWhole: 'The price must be a whole number of dollars, at least $1',
  priceTooLarge: 'The price must be less than $1,000,000,000',
  milestonesCount: `An offer has 1 to ${MAX_MILESTONES} milestones`,
  milestoneTitle: 'Please give this milestone a title',
  milestoneTitleTooLong: 'Milestone titles must be 120 characters or fewer',
  milestoneAmountRequired: 'Please enter an amount for this milestone',
  milestoneAmount: 'Each milestone needs an amount of at least $0.01',
  /** The payout dialog's words for the same mistake, so money is asked for one way across the app. */
  milestoneAmountFormat: PAYMENT_MESSAGES.amountFormat,
  milestoneDueDate: 'Please choose a due date',
  milestoneDueDatePast: 'The due date cannot be in the past',
  milestoneDueDateFar: `The due date must be within ${MAX_DUE_YEARS} years`,
  milestoneDueOrder: 'Due dates follow the milestones in order: this one cannot be due before the one above it',
  milestonesSum: 'The milestone amounts must add up to the price',
  roundsRange: `Revision rounds must be between 0 and ${MAX_REVISION_ROUNDS}`,
  noteTooLong: 'The note must be 2,000 characters or fewer',
  /** Under "What should change?" (changes to an offer, a revision of a milestone). */
  changesRequired: 'Please say what should change.',
  /** Under "Reason for declining". */
  reasonRequired: 'Please say why',
  reasonTooLong: 'Please keep it to 2,000 characters or fewer',
} as const;

export const offerMilestoneSchema = z.object({
  title: z.string({ error: OFFER_MESSAGES.milestoneTitle }).trim().min(1, OFFER_MESSAGES.milestoneTitle).max(120, OFFER_MESSAGES.milestoneTitleTooLong),
  // An empty field (NaN in the form, absent in a request) is asked for; a number below a cent is refused as such.
  amountCents: z.number({ error: OFFER_MESSAGES.milestoneAmountRequired }).int(OFFER_MESSAGES.milestoneAmount).min(1, OFFER_MESSAGES.milestoneAmount),
  dueDate: z.iso
    // Aborts on a missing or malformed date, so an empty one is not also called "in the past".
    .date({ error: OFFER_MESSAGES.milestoneDueDate, abort: true })
    // A day of slack for time zones: "today" somewhere is yesterday in UTC.
    .refine((date) => date >= new Date(Date.now() - DAY_MS).toISOString().slice(0, 10), OFFER_MESSAGES.milestoneDueDatePast)
    // Work is planned in months, not centuries: a date like 9999-12-31 is a slip of the keyboard.
    .refine((date) => date <= new Date(Date.now() + MAX_DUE_YEARS * 365 * DAY_MS).toISOString().slice(0, 10), OFFER_MESSAGES.milestoneDueDateFar),
});

export const sendOfferSchema = z
  .object({
    price: z
      .number({ error: OFFER_MESSAGES.priceRequired })
      .int(OFFER_MESSAGES.priceWhole)
      .min(1, OFFER_MESSAGES.priceWhole)
      .max(BUDGET_MAX - 1, OFFER_MESSAGES.priceTooLarge),
    milestones: z.array(offerMilestoneSchema, { error: OFFER_MESSAGES.milestonesCount }).min(1, OFFER_MESSAGES.milestonesCount).max(MAX_MILESTONES, OFFER_MESSAGES.milestonesCount),
    revisionRounds: z
      .number({ error: OFFER_MESSAGES.roundsRange })
      .int(OFFER_MESSAGES.roundsRange)
      .min(0, OFFER_MESSAGES.roundsRange)
      .max(MAX_REVISION_ROUNDS, OFFER_MESSAGES.roundsRange)
      .default(DEFAULT_REVISION_ROUNDS),
    note: z.string().trim().max(2000, OFFER_MESSAGES.noteTooLong).default(''),
  })
  .superRefine((offer, context) => {
    const sum = offer.milestones.reduce((total, milestone) => total + milestone.amountCents, 0);
    if (sum !== offer.price * 100) context.addIssue({ code: 'custom', path: ['milestones'], message: OFFER_MESSAGES.milestonesSum });
    // Milestones are worked in order (each becomes active when the one before is approved), so none is due earlier
    // than the one before it.
    offer.milestones.forEach((milestone, index) => {
      const before = offer.milestones[index - 1];
      if (before && milestone.dueDate < before.dueDate) {
        context.addIssue({ code: 'custom', path: ['milestones', index, 'dueDate'], message: OFFER_MESSAGES.milestoneDueOrder });
      }
    });
  });
export type SendOfferInput = z.input<typeof sendOfferSchema>;

const noteField = (required: string) => z.string({ error: required }).trim().min(1, required).max(2000, OFFER_MESSAGES.reasonTooLong);

/** The client's note on what should change: in an offer (ask for changes) or in a submitted milestone (a revision). */
export const answerNoteSchema = z.object({ note: noteField(OFFER_MESSAGES.changesRequired) });

/** The client's reason for declining an offer: the same note, asked for as a reason. */
export const declineNoteSchema = z.object({ note: noteField(OFFER_MESSAGES.reasonRequired) });

/** Whether a dollar amount is whole cents ("120", "120.5", "120.50"), not "600.555", which would be rounded silently. */
export const isWholeCents = (dollars: number): boolean => Number.isFinite(dollars) && Number(dollars.toFixed(2)) === dollars;

/** The client's latest offer version, when it still waits for an answer. */
export const waitingOffer = <T extends { status: OfferStatus }>(offers: readonly T[]): T | undefined => (offers[0]?.status === 'pending' ? offers[0] : undefined);

/** "no revision rounds", "1 revision round", "3 revision rounds". */
export const formatRevisionRounds = (rounds: number): string => (rounds === 0 ? 'no revision rounds' : `${rounds} revision ${rounds === 1 ? 'round' : 'rounds'}`);

export const offerViewSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  priceCents: z.number().int(),
  revisionRounds: z.number().int(),
  note: z.string(),
  milestones: z.array(z.object({ title: z.string(), amountCents: z.number().int(), dueDate: z.string() })),
  status: z.enum(OFFER_STATUSES),
  responseNote: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type OfferView = z.infer<typeof offerViewSchema>;

export const milestoneViewSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  title: z.string(),
  amountCents: z.number().int(),
  dueDate: z.string().nullable(),
  status: z.enum(MILESTONE_STATUSES),
  deliverableUrl: z.string().nullable(),
  /** Its delivery's Content Credentials and whether Provenance review holds it (decision 227); null without one. The server always sends it. */
  deliverableProvenance: projectFileProvenanceSchema.nullable().optional(),
  submittedAt: z.string().nullable(),
  autoApproveAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedByTime: z.boolean(),
  revisionNote: z.string().nullable(),
  late: z.boolean(),
  /** Where its money stands (decision 170), so a card can say 'Awaiting funding'. The server always sends it. */
  funding: z.enum(FUNDING_STATUSES).optional(),
});
export type MilestoneView = z.infer<typeof milestoneViewSchema>;

export const revisionsViewSchema = z.object({ included: z.number().int(), used: z.number().int(), extra: z.number().int(), left: z.number().int() });

/** Whole dollars when there are no cents ('$1,200', '$12.50'); a negative amount reads '-$1', not '$-1'. */
export const formatCents = (cents: number): string =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

export const MILESTONE_STATUS_LABELS: Record<MilestoneStatus, string> = {
  pending: 'Not started',
  active: 'In progress',
  submitted: 'Submitted',
  revision_requested: 'Revision requested',
  approved: 'Approved',
};

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  pending: 'Waiting for the client',
  accepted: 'Accepted',
  declined: 'Declined',
  changes_requested: 'Changes requested',
  superseded: 'Replaced by a newer version',
};
