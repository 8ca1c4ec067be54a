import type { MilestoneView, OfferView } from '../../src/domain/milestones';
import type { ProjectView } from '../../src/domain/project-schemas';

/** A project as the projects API sends it: a draft from June Alder with no creator, changed by `overrides`. */
export const projectView = (overrides: Partial<ProjectView> = {}): ProjectView => ({
  id: 'p-1',
  title: 'Wordmark',
  description: 'A hand-drawn wordmark.',
  deliverableType: 'logo_design',
  budget: 850,
  status: 'draft',
  flagged: false,
  flagReason: null,
  deliverableUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  completedAt: null,
  conversationId: null,
  client: { id: 'client-1', name: 'June Alder', companyName: 'Juniper Bakery' },
  creator: null,
  processDocs: [],
  offers: [],
  milestones: [],
  revisions: { included: 2, used: 0, extra: 0, left: 2 },
  ...overrides,
});

/** One version of an offer: $900 in three milestones, waiting for the client. */
export const offerView = (overrides: Partial<OfferView> = {}): OfferView => ({
  id: `offer-${overrides.version ?? 1}`,
  version: 1,
  priceCents: 90000,
  revisionRounds: 2,
  note: 'Labels first.',
  milestones: [
    { title: 'Label system', amountCents: 30000, dueDate: '2030-01-10' },
    { title: 'The three tins', amountCents: 40000, dueDate: '2030-01-20' },
    { title: 'Gift box', amountCents: 20000, dueDate: '2030-01-30' },
  ],
  status: 'pending',
  responseNote: null,
  createdAt: '2026-01-02T00:00:00.000Z',
  respondedAt: null,
  ...overrides,
});

/** A milestone of an accepted project, not started. */
export const milestoneView = (overrides: Partial<MilestoneView> = {}): MilestoneView => ({
  id: `m-${overrides.position ?? 1}`,
  position: 1,
  title: 'Label system',
  amountCents: 30000,
  dueDate: '2030-01-10',
  status: 'pending',
  deliverableUrl: null,
  submittedAt: null,
  autoApproveAt: null,
  approvedAt: null,
  approvedByTime: false,
  revisionNote: null,
  late: false,
  ...overrides,
});
