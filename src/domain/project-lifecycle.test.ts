import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROJECT_STATUSES, USER_ROLES, type ProjectStatus } from './constants';
import {
  PROJECT_ACTIONS,
  PROJECT_RELATIONS,
  allowedProjectActions,
  applyProjectAction,
  hasOpenFlag,
  projectRelation,
  projectStateOf,
  type ProjectAction,
  type ProjectState,
  type ProjectViewer,
} from './project-lifecycle';

/** The transitions the product allows (decision 030), as "from>to" per action. */
const ALLOWED_EDGES: Record<ProjectAction, readonly string[]> = {
  assign_creator: ['draft>draft'],
  cancel: ['draft>cancelled'],
  accept: ['draft>active'],
  decline: ['draft>cancelled'],
  upload_process_doc: ['active>active'],
  submit_deliverable: ['active>in_review'],
  approve: ['in_review>completed', 'in_review>active'],
  flag: ['in_review>in_review'],
  clear_flag: ['in_review>in_review'],
  admin_cancel: ['in_review>cancelled'],
  send_offer: ['draft>draft'],
  answer_offer: ['draft>draft'],
  request_revision: ['in_review>active'],
  allow_extra_revision: ['active>active', 'in_review>in_review'],
  admin_allow_revision: ['active>active', 'in_review>in_review'],
  withdraw: ['active>cancelled'],
  admin_cancel_active: ['active>cancelled'],
};

const CLIENT_ACTIONS: readonly ProjectAction[] = ['assign_creator', 'cancel', 'approve', 'flag', 'answer_offer', 'request_revision'];
const CREATOR_ACTIONS: readonly ProjectAction[] = ['accept', 'decline', 'upload_process_doc', 'submit_deliverable', 'send_offer', 'allow_extra_revision', 'withdraw'];
const ADMIN_ACTIONS: readonly ProjectAction[] = ['clear_flag', 'admin_cancel', 'admin_allow_revision', 'admin_cancel_active'];

const viewerArb = fc.record({ role: fc.constantFrom(...USER_ROLES), relation: fc.constantFrom(...PROJECT_RELATIONS) });
const actorFor = (action: ProjectAction, creatorRole: 'maker' | 'mind'): ProjectViewer =>
  CLIENT_ACTIONS.includes(action)
    ? { role: 'client', relation: 'client' }
    : CREATOR_ACTIONS.includes(action)
      ? { role: creatorRole, relation: 'creator' }
      : { role: 'admin', relation: 'none' };
const randomStepArb = fc.record({ viewer: viewerArb, action: fc.constantFrom(...PROJECT_ACTIONS) });
// Most steps come from the person an action belongs to, so sequences get deep into the lifecycle.
const plausibleStepArb = fc
  .record({ action: fc.constantFrom(...PROJECT_ACTIONS), creatorRole: fc.constantFrom('maker' as const, 'mind' as const) })
  .map(({ action, creatorRole }) => ({ viewer: actorFor(action, creatorRole), action }));
const stepArb = fc.oneof({ arbitrary: randomStepArb, weight: 1 }, { arbitrary: plausibleStepArb, weight: 3 });
const startArb = fc
  .record({ hasCreator: fc.boolean(), milestonesLeft: fc.integer({ min: 1, max: 4 }) })
  .map(({ hasCreator, milestonesLeft }): ProjectState => ({ status: 'draft', hasCreator, flagged: false, milestonesLeft }));
const anyStateArb = fc.record({
  status: fc.constantFrom(...PROJECT_STATUSES),
  hasCreator: fc.boolean(),
  flagged: fc.boolean(),
  milestonesLeft: fc.integer({ min: 1, max: 4 }),
});

const isTerminal = (status: ProjectStatus) => status === 'completed' || status === 'cancelled';

const expectLegalStep = (before: ProjectState, viewer: ProjectViewer, action: ProjectAction, after: ProjectState) => {
  expect(ALLOWED_EDGES[action]).toContain(`${before.status}>${after.status}`);
  expect(isTerminal(before.status)).toBe(false);
  if (CLIENT_ACTIONS.includes(action)) expect(viewer).toEqual({ role: 'client', relation: 'client' });
  if (CREATOR_ACTIONS.includes(action)) {
    expect(['maker', 'mind']).toContain(viewer.role);
    expect(viewer.relation).toBe('creator');
  }
  if (ADMIN_ACTIONS.includes(action)) expect(viewer.role).toBe('admin');
  if (action === 'flag') expect(after).toEqual({ ...before, flagged: true });
  if (action === 'approve') {
    expect(before.flagged).toBe(false);
    // Only the last milestone's approval completes the project.
    expect(after.status).toBe(before.milestonesLeft === 1 ? 'completed' : 'active');
  }
  if (action === 'request_revision') expect(before.flagged).toBe(false);
  if (action === 'decline') expect(after.hasCreator).toBe(false);
  if (action === 'accept') expect(before.hasCreator).toBe(true);
  // Ending work under way never touches delivered work waiting for review, and keeps the creator on record.
  if (action === 'withdraw' || action === 'admin_cancel_active') expect(after).toEqual({ ...before, status: 'cancelled' });
};

describe('project state machine (property)', () => {
  it('no sequence of (role, relation, action) reaches a state or transition the spec does not allow', () => {
    const succeeded = new Set<ProjectAction>();
    fc.assert(
      fc.property(startArb, fc.array(stepArb, { minLength: 1, maxLength: 40, size: 'max' }), (start, steps) => {
        let state = start;
        for (const { viewer, action } of steps) {
          const result = applyProjectAction(state, viewer, action);
          if (!result.ok) continue;
          expectLegalStep(state, viewer, action, result.state);
          succeeded.add(action);
          // Work in progress always has someone doing it.
          if (result.state.status === 'active' || result.state.status === 'in_review') expect(result.state.hasCreator).toBe(true);
          if (result.state.flagged) expect(['in_review', 'cancelled']).toContain(result.state.status);
          state = result.state;
        }
      }),
      { numRuns: 2000 },
    );
    // The runs must have exercised every transition, or the property proves little.
    expect([...succeeded].sort()).toEqual([...PROJECT_ACTIONS].sort());
  });

  it('completed and cancelled are terminal for everyone', () => {
    fc.assert(
      fc.property(anyStateArb, stepArb, (state, { viewer, action }) => {
        fc.pre(isTerminal(state.status));
        const result = applyProjectAction(state, viewer, action);
        expect(result.ok).toBe(false);
      }),
    );
  });

  it('lists exactly the actions that would succeed', () => {
    fc.assert(
      fc.property(anyStateArb, viewerArb, (state, viewer) => {
        const allowed = allowedProjectActions(state, viewer);
        for (const action of PROJECT_ACTIONS) expect(allowed.includes(action)).toBe(applyProjectAction(state, viewer, action).ok);
      }),
    );
  });

  it('refuses a wrong person as forbidden before looking at the state', () => {
    fc.assert(
      fc.property(anyStateArb, viewerArb, fc.constantFrom(...PROJECT_ACTIONS), (state, viewer, action) => {
        const asRightPerson = applyProjectAction(state, actorFor(action, viewer.role === 'mind' ? 'mind' : 'maker'), action);
        const result = applyProjectAction(state, viewer, action);
        if (!result.ok && result.error.kind === 'invalid_state') expect(asRightPerson.ok).toBe(false);
        if (asRightPerson.ok && !result.ok) expect(result.error.kind).toBe('forbidden');
      }),
    );
  });
});

describe('project state machine (examples)', () => {
  const client: ProjectViewer = { role: 'client', relation: 'client' };
  const maker: ProjectViewer = { role: 'maker', relation: 'creator' };
  const draft: ProjectState = { status: 'draft', hasCreator: true, flagged: false };

  it('walks the happy path draft → active → in_review → completed', () => {
    const active = applyProjectAction(draft, maker, 'accept');
    expect(active).toEqual({ ok: true, state: { ...draft, status: 'active' } });
    const review = applyProjectAction({ ...draft, status: 'active' }, maker, 'submit_deliverable');
    expect(review.ok && review.state.status).toBe('in_review');
    const done = applyProjectAction({ ...draft, status: 'in_review' }, client, 'approve');
    expect(done.ok && done.state.status).toBe('completed');
  });

  it('does not let the creator approve their own work', () => {
    expect(applyProjectAction({ ...draft, status: 'in_review' }, maker, 'approve')).toEqual({
      ok: false,
      error: { kind: 'forbidden', message: "Only the project's client can do this." },
    });
  });

  it('shows the client of a draft only assign (when unassigned) and cancel', () => {
    expect(allowedProjectActions({ ...draft, hasCreator: false }, client)).toEqual(['assign_creator', 'cancel']);
    expect(allowedProjectActions(draft, client)).toEqual(['cancel', 'answer_offer']);
    expect(allowedProjectActions(draft, maker)).toEqual(['accept', 'decline', 'send_offer']);
    expect(allowedProjectActions(draft, { role: 'maker', relation: 'none' })).toEqual([]);
  });

  it('derives the relation from the stored ids', () => {
    const project = { clientId: 'c', makerId: null, mindId: 'm' };
    expect(projectRelation('c', project)).toBe('client');
    expect(projectRelation('m', project)).toBe('creator');
    expect(projectRelation('x', project)).toBe('none');
  });

  it('offers the creator an extra revision only once no rounds are left; an admin may grant one any time', () => {
    const active = { ...draft, status: 'active' as const };
    expect(allowedProjectActions({ ...active, revisionsLeft: 3 }, maker)).not.toContain('allow_extra_revision');
    expect(applyProjectAction({ ...active, revisionsLeft: 1 }, maker, 'allow_extra_revision')).toEqual({
      ok: false,
      error: { kind: 'invalid_state', message: 'An extra revision can only be allowed while the project is under way and no revision rounds are left.' },
    });
    expect(allowedProjectActions({ ...active, revisionsLeft: 0 }, maker)).toContain('allow_extra_revision');
    expect(allowedProjectActions({ ...active, status: 'in_review', revisionsLeft: 0 }, maker)).toContain('allow_extra_revision');
    expect(allowedProjectActions({ ...active, revisionsLeft: 2 }, { role: 'admin', relation: 'none' })).toContain('admin_allow_revision');
    // The server's rows carry the rounds: 2 included + 1 extra − 3 used leaves none.
    const row = { status: 'active' as const, makerId: 'm', mindId: null, flagged: false };
    expect(projectStateOf({ ...row, revisionRounds: 2, revisionsUsed: 3, extraRevisions: 1 }).revisionsLeft).toBe(0);
    expect(projectStateOf({ ...row, revisionRounds: 2, revisionsUsed: 1, extraRevisions: 0 }).revisionsLeft).toBe(1);
  });

  it('lets the creator withdraw, and an admin cancel, only while the current milestone is not submitted', () => {
    const admin: ProjectViewer = { role: 'admin', relation: 'none' };
    const active: ProjectState = { ...draft, status: 'active' };
    expect(applyProjectAction(active, maker, 'withdraw')).toEqual({ ok: true, state: { ...active, status: 'cancelled' } });
    expect(applyProjectAction(active, admin, 'admin_cancel_active')).toEqual({ ok: true, state: { ...active, status: 'cancelled' } });
    // Delivered work waits for the client's answer, or a flag's decision: neither can end it behind their back.
    expect(applyProjectAction({ ...active, status: 'in_review' }, maker, 'withdraw')).toEqual({
      ok: false,
      error: { kind: 'invalid_state', message: 'You can withdraw only while the project is active and its current milestone is not submitted.' },
    });
    expect(allowedProjectActions({ ...active, status: 'in_review', flagged: true }, admin)).not.toContain('admin_cancel_active');
    expect(allowedProjectActions(draft, maker)).not.toContain('withdraw');
    // The client's way out of a project under way is not this one; nor another creator's.
    expect(applyProjectAction(active, client, 'withdraw').ok).toBe(false);
    expect(applyProjectAction(active, { role: 'maker', relation: 'none' }, 'withdraw')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    expect(applyProjectAction(active, client, 'admin_cancel_active')).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
  });

  it('counts a flag as open only while the project is', () => {
    expect(hasOpenFlag({ status: 'in_review', flagged: true })).toBe(true);
    expect(hasOpenFlag({ status: 'cancelled', flagged: true })).toBe(false);
    expect(hasOpenFlag({ status: 'completed', flagged: true })).toBe(false);
    expect(hasOpenFlag({ status: 'in_review', flagged: false })).toBe(false);
  });
});
