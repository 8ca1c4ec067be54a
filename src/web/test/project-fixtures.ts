import type { ProjectView } from '../../domain/project-schemas';

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
