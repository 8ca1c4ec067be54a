import type { ProjectStatus, UserRole } from './constants';
import { revisionsLeft } from './milestones';

/**
 * The product's project state machine, with assignment and cancellation by the client and the admin's decisions on
 * flagged work (decision 030). Pure: the server uses it to
 * refuse any other transition, and the web app uses it to show each viewer only the actions they may take.
 */

export const FLAG_REASON = 'Client flagged for review';

export const PROJECT_ACTIONS = [
  'assign_creator',
  'cancel',
  'accept',
  'decline',
  'upload_process_doc',
  'submit_deliverable',
  'approve',
  'flag',
  'clear_flag',
  'admin_cancel',
  'send_offer',
  'answer_offer',
  'request_revision',
  'allow_extra_revision',
  'admin_allow_revision',
  'withdraw',
  'admin_cancel_active',
] as const;
export type ProjectAction = (typeof PROJECT_ACTIONS)[number];

/** How the viewer stands to one project: its owning client, its assigned creator, or neither. */
export const PROJECT_RELATIONS = ['client', 'creator', 'none'] as const;
export type ProjectRelation = (typeof PROJECT_RELATIONS)[number];

export interface ProjectViewer {
  role: UserRole;
  relation: ProjectRelation;
}

/** The part of a project the rules depend on. */
export interface ProjectState {
  status: ProjectStatus;
  hasCreator: boolean;
  flagged: boolean;
  /** Milestones not yet approved (1 when unknown): approving the last one completes the project. */
  milestonesLeft?: number;
  /**
   * Revision rounds the client still has (0 when unknown). The creator's extra round is for when none are left
   * (decision 186): while rounds remain the client simply asks for a revision.
   */
  revisionsLeft?: number;
}

export type ProjectActionErrorKind = 'forbidden' | 'invalid_state';
export interface ProjectActionError {
  kind: ProjectActionErrorKind;
  message: string;
}
export type ProjectActionResult = { ok: true; state: ProjectState } | { ok: false; error: ProjectActionError };

export const TERMINAL_PROJECT_STATUSES: readonly ProjectStatus[] = ['completed', 'cancelled'];

/**
 * Whether a flag still waits for an admin. A project the admin's decision closed (cancelled) keeps `flagged` as a
 * record, but nothing is under review any more, so no screen shows it as flagged.
 */
export const hasOpenFlag = (project: { status: ProjectStatus; flagged: boolean }): boolean =>
  project.flagged && !TERMINAL_PROJECT_STATUSES.includes(project.status);

type Actor = 'client' | 'creator' | 'admin';

interface Rule {
  actor: Actor;
  /** Whether the action is possible from this state, whoever asks. */
  isPossibleFrom: (state: ProjectState) => boolean;
  next: (state: ProjectState) => ProjectState;
  stateMessage: string;
}

const RULES: Record<ProjectAction, Rule> = {
  assign_creator: {
    actor: 'client',
    isPossibleFrom: (s) => s.status === 'draft' && !s.hasCreator,
    next: (s) => ({ ...s, hasCreator: true }),
    stateMessage: 'A creator can only be assigned to a draft project that has none.',
  },
  cancel: {
    actor: 'client',
    isPossibleFrom: (s) => s.status === 'draft',
    next: (s) => ({ ...s, status: 'cancelled' }),
    stateMessage: 'Only a draft project can be cancelled.',
  },
  accept: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'draft' && s.hasCreator,
    next: (s) => ({ ...s, status: 'active' }),
    stateMessage: 'Only a draft project can be accepted.',
  },
  decline: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'draft' && s.hasCreator,
    next: (s) => ({ ...s, status: 'cancelled', hasCreator: false }),
    stateMessage: 'Only a draft project can be declined.',
  },
  upload_process_doc: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'active',
    next: (s) => ({ ...s }),
    stateMessage: 'Process docs can only be added while the project is active.',
  },
  submit_deliverable: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'active',
    next: (s) => ({ ...s, status: 'in_review' }),
    stateMessage: 'A deliverable can only be submitted while the project is active.',
  },
  approve: {
    actor: 'client',
    // Flagged work waits for an admin: approving it would bypass the review the client asked for.
    isPossibleFrom: (s) => s.status === 'in_review' && !s.flagged,
    next: (s) => ((s.milestonesLeft ?? 1) > 1 ? { ...s, status: 'active', milestonesLeft: (s.milestonesLeft ?? 1) - 1 } : { ...s, status: 'completed', milestonesLeft: 0 }),
    stateMessage: 'Only work in review that is not flagged can be approved.',
  },
  flag: {
    actor: 'client',
    isPossibleFrom: (s) => s.status === 'in_review' && !s.flagged,
    next: (s) => ({ ...s, flagged: true }),
    stateMessage: 'Only work in review that is not already flagged can be flagged.',
  },
  clear_flag: {
    actor: 'admin',
    isPossibleFrom: (s) => s.status === 'in_review' && s.flagged,
    next: (s) => ({ ...s, flagged: false }),
    stateMessage: 'Only flagged work in review can be cleared.',
  },
  admin_cancel: {
    actor: 'admin',
    isPossibleFrom: (s) => s.status === 'in_review' && s.flagged,
    next: (s) => ({ ...s, status: 'cancelled' }),
    stateMessage: 'Only flagged work in review can be cancelled by an admin.',
  },
  send_offer: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'draft' && s.hasCreator,
    next: (s) => ({ ...s }),
    stateMessage: 'An offer can only be sent on a draft project.',
  },
  answer_offer: {
    actor: 'client',
    isPossibleFrom: (s) => s.status === 'draft' && s.hasCreator,
    next: (s) => ({ ...s }),
    stateMessage: 'An offer can only be answered while the project is a draft.',
  },
  request_revision: {
    actor: 'client',
    // Flagged work waits for an admin, as with approval.
    isPossibleFrom: (s) => s.status === 'in_review' && !s.flagged,
    next: (s) => ({ ...s, status: 'active' }),
    stateMessage: 'A revision can only be asked for on work in review that is not flagged.',
  },
  allow_extra_revision: {
    actor: 'creator',
    isPossibleFrom: (s) => (s.status === 'active' || s.status === 'in_review') && (s.revisionsLeft ?? 0) === 0,
    next: (s) => ({ ...s, revisionsLeft: (s.revisionsLeft ?? 0) + 1 }),
    stateMessage: 'An extra revision can only be allowed while the project is under way and no revision rounds are left.',
  },
  // An admin's override in a dispute: allowed whatever rounds are left.
  admin_allow_revision: {
    actor: 'admin',
    isPossibleFrom: (s) => s.status === 'active' || s.status === 'in_review',
    next: (s) => ({ ...s, revisionsLeft: s.revisionsLeft === undefined ? undefined : s.revisionsLeft + 1 }),
    stateMessage: 'Extra revisions can only be allowed while the project is under way.',
  },
  // Ending work under way (decision 193): only while nothing waits for the client's review, so no delivered work is
  // in question. Work in review ends through a flag and the admin's decision, which settles the work delivered.
  withdraw: {
    actor: 'creator',
    isPossibleFrom: (s) => s.status === 'active' && !s.flagged,
    next: (s) => ({ ...s, status: 'cancelled' }),
    stateMessage: 'You can withdraw only while the project is active and its current milestone is not submitted.',
  },
  admin_cancel_active: {
    actor: 'admin',
    isPossibleFrom: (s) => s.status === 'active' && !s.flagged,
    next: (s) => ({ ...s, status: 'cancelled' }),
    stateMessage: 'Only an active project whose current milestone is not submitted can be cancelled this way.',
  },
};

const ACTOR_MESSAGES: Record<Actor, string> = {
  client: "Only the project's client can do this.",
  creator: "Only the project's assigned creator can do this.",
  admin: 'Only an admin can do this.',
};

const isActor = (actor: Actor, viewer: ProjectViewer): boolean => {
  if (actor === 'client') return viewer.role === 'client' && viewer.relation === 'client';
  if (actor === 'creator') return (viewer.role === 'maker' || viewer.role === 'mind') && viewer.relation === 'creator';
  return viewer.role === 'admin';
};

const terminalMessage = (status: ProjectStatus): string => `This project is ${status} and can no longer change.`;

/** Decides one action: the next state, or why it is refused (wrong person first, then wrong state). */
export const applyProjectAction = (state: ProjectState, viewer: ProjectViewer, action: ProjectAction): ProjectActionResult => {
  const rule = RULES[action];
  if (!isActor(rule.actor, viewer)) return { ok: false, error: { kind: 'forbidden', message: ACTOR_MESSAGES[rule.actor] } };
  if (!rule.isPossibleFrom(state)) {
    const message = TERMINAL_PROJECT_STATUSES.includes(state.status) ? terminalMessage(state.status) : rule.stateMessage;
    return { ok: false, error: { kind: 'invalid_state', message } };
  }
  return { ok: true, state: rule.next(state) };
};

/** Every action this viewer may take on a project in this state, in a stable order. */
export const allowedProjectActions = (state: ProjectState, viewer: ProjectViewer): ProjectAction[] =>
  PROJECT_ACTIONS.filter((action) => applyProjectAction(state, viewer, action).ok);

/** The viewer's relation to a project, from the ids stored on it. */
export const projectRelation = (
  userId: string,
  project: { clientId: string; makerId: string | null; mindId: string | null },
): ProjectRelation => {
  if (project.clientId === userId) return 'client';
  if (project.makerId === userId || project.mindId === userId) return 'creator';
  return 'none';
};

export const projectStateOf = (project: {
  status: ProjectStatus;
  makerId: string | null;
  mindId: string | null;
  flagged: boolean;
  revisionRounds?: number;
  revisionsUsed?: number;
  extraRevisions?: number;
}): ProjectState => ({
  status: project.status,
  hasCreator: Boolean(project.makerId ?? project.mindId),
  flagged: project.flagged,
  ...(project.revisionRounds === undefined
    ? {}
    : { revisionsLeft: revisionsLeft({ revisionRounds: project.revisionRounds, revisionsUsed: project.revisionsUsed ?? 0, extraRevisions: project.extraRevisions ?? 0 }) }),
});
