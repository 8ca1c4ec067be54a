import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MILESTONE_ACTIONS,
  OFFER_ANSWERS,
  OFFER_STATUSES,
  answerNoteSchema,
  answerOffer,
  applyMilestoneAction,
  currentMilestone,
  declineNoteSchema,
  formatCents,
  formatRevisionRounds,
  isLate,
  isWholeCents,
  projectStatusOfPlan,
  revisionsLeft,
  sendOfferSchema,
  startPlan,
  supersede,
  waitingOffer,
  type MilestonePlan,
} from './milestones';

const planArb = fc.record({ count: fc.integer({ min: 1, max: 10 }), rounds: fc.integer({ min: 0, max: 5 }) });
const stepArb = fc.record({ action: fc.constantFrom(...MILESTONE_ACTIONS), flag: fc.constantFrom(false, false, false, true) });

/** What must hold of every plan reachable from acceptance. */
const expectCoherent = (plan: MilestonePlan) => {
  const index = currentMilestone(plan);
  const limit = index === -1 ? plan.milestones.length : index;
  for (let i = 0; i < limit; i += 1) expect(plan.milestones[i]).toBe('approved');
  if (index !== -1) {
    expect(['active', 'submitted', 'revision_requested']).toContain(plan.milestones[index]);
    for (let i = index + 1; i < plan.milestones.length; i += 1) expect(plan.milestones[i]).toBe('pending');
  }
  expect(plan.revisionsUsed).toBeLessThanOrEqual(plan.revisionRounds + plan.extraRevisions);
  expect(projectStatusOfPlan(plan) === 'completed').toBe(index === -1);
};

describe('milestone state machine (property)', () => {
  it('keeps milestones in order: approved, then one under way, then pending; rounds are never overdrawn', () => {
    const seen = new Set<string>();
    fc.assert(
      fc.property(planArb, fc.array(stepArb, { minLength: 1, maxLength: 60 }), ({ count, rounds }, steps) => {
        let plan = startPlan(count, rounds);
        expectCoherent(plan);
        for (const { action, flag } of steps) {
          plan = { ...plan, flagged: flag };
          const before = plan;
          const result = applyMilestoneAction(plan, action);
          if (!result.ok) continue;
          seen.add(`${before.milestones[result.index]}>${action}>${result.plan.milestones[result.index]}`);
          if (action === 'approve' || action === 'request_revision') expect(before.flagged).toBe(false);
          if (action === 'request_revision') expect(revisionsLeft(before)).toBeGreaterThan(0);
          if (action === 'approve') {
            // The next milestone starts when the one before is approved, never earlier and never skipping one.
            expect(currentMilestone(result.plan)).toBe(result.index + 1 === count ? -1 : result.index + 1);
          }
          plan = result.plan;
          expectCoherent(plan);
        }
      }),
      { numRuns: 1500 },
    );
    // Every edge of pending → active → submitted → approved, with revision_requested as a step back, was walked.
    expect([...seen].filter((edge) => !edge.includes('allow_extra_revision')).sort()).toEqual(
      ['active>submit>submitted', 'revision_requested>submit>submitted', 'submitted>approve>approved', 'submitted>request_revision>revision_requested'].sort(),
    );
  });

  it('completes exactly when the last milestone is approved', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), (count) => {
        let plan = startPlan(count, 0);
        for (let i = 0; i < count; i += 1) {
          expect(projectStatusOfPlan(plan)).toBe('active');
          const submitted = applyMilestoneAction(plan, 'submit');
          if (!submitted.ok) throw new Error(submitted.message);
          expect(projectStatusOfPlan(submitted.plan)).toBe('in_review');
          const approved = applyMilestoneAction(submitted.plan, 'approve');
          if (!approved.ok) throw new Error(approved.message);
          plan = approved.plan;
        }
        expect(projectStatusOfPlan(plan)).toBe('completed');
        expect(applyMilestoneAction(plan, 'submit').ok).toBe(false);
      }),
    );
  });

  it('needs an extra round, allowed by the creator or an admin, once the included ones are used', () => {
    let plan = applyOk(startPlan(1, 1), 'submit');
    plan = applyOk(plan, 'request_revision');
    plan = applyOk(plan, 'submit');
    expect(applyMilestoneAction(plan, 'request_revision')).toEqual({ ok: false, message: 'No revision rounds are left. The creator or an admin can allow an extra one.' });
    plan = applyOk(plan, 'allow_extra_revision');
    expect(revisionsLeft(plan)).toBe(1);
    plan = applyOk(plan, 'request_revision');
    expect(plan.milestones).toEqual(['revision_requested']);
    expect(revisionsLeft(plan)).toBe(0);
  });
});

const applyOk = (plan: MilestonePlan, action: (typeof MILESTONE_ACTIONS)[number]): MilestonePlan => {
  const result = applyMilestoneAction(plan, action);
  if (!result.ok) throw new Error(result.message);
  return result.plan;
};

describe('offer answers (property)', () => {
  it('only the latest version, while it waits, can be answered; a new version supersedes only a waiting one', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...OFFER_STATUSES),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.constantFrom(...OFFER_ANSWERS),
        (status, version, latest, answer) => {
          const result = answerOffer({ status, version }, Math.max(version, latest), answer);
          expect(result.ok).toBe(status === 'pending' && version >= latest);
          if (result.ok) expect(result.status).toBe({ accept: 'accepted', decline: 'declined', request_changes: 'changes_requested' }[answer]);
          expect(supersede(status)).toBe(status === 'pending' ? 'superseded' : status);
        },
      ),
    );
  });
});

describe('offer input', () => {
  const due = new Date(Date.now() + 10 * 24 * 3600 * 1000).toISOString().slice(0, 10);

  it('accepts milestones whose cents add up to the whole-dollar price, and refuses any other sum', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 10 }), fc.integer({ min: -3, max: 3 }), (amounts, drift) => {
        const sum = amounts.reduce((a, b) => a + b, 0);
        // Round the last amount so the sum is whole dollars, then drift it.
        const fixed = [...amounts.slice(0, -1), amounts.at(-1)! + ((100 - (sum % 100)) % 100) + drift];
        fc.pre(fixed.at(-1)! >= 1);
        const total = fixed.reduce((a, b) => a + b, 0);
        const price = Math.round((total - drift) / 100);
        const parsed = sendOfferSchema.safeParse({ price, milestones: fixed.map((amountCents, i) => ({ title: `Step ${i + 1}`, amountCents, dueDate: due })) });
        expect(parsed.success).toBe(drift === 0);
        if (!parsed.success) expect(parsed.error.issues.map((issue) => issue.message)).toContain('The milestone amounts must add up to the price');
      }),
    );
  });

  it('refuses fractional prices, too many milestones, rounds out of range and past due dates, field by field', () => {
    const one = { title: 'All of it', amountCents: 10000, dueDate: due };
    const errors = (input: unknown) => (sendOfferSchema.safeParse(input).error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    expect(errors({ price: 100, milestones: [one] })).toEqual([]);
    expect(sendOfferSchema.parse({ price: 100, milestones: [one] }).revisionRounds).toBe(2);
    expect(errors({ price: 99.5, milestones: [one] })).toContain('price: The price must be a whole number of dollars, at least $1');
    expect(errors({ price: 0, milestones: [] })).toEqual(expect.arrayContaining(['milestones: An offer has 1 to 10 milestones']));
    expect(errors({ price: 11, milestones: Array.from({ length: 11 }, () => ({ ...one, amountCents: 100 })) })).toContain('milestones: An offer has 1 to 10 milestones');
    expect(errors({ price: 100, milestones: [one], revisionRounds: 6 })).toContain('revisionRounds: Revision rounds must be between 0 and 5');
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: '2020-01-01' }] })).toContain('milestones.0.dueDate: The due date cannot be in the past');
    expect(errors({ price: 100, milestones: [{ ...one, title: '  ' }] })).toContain('milestones.0.title: Please give this milestone a title');
    // A missing date is asked for, not also called "in the past" (the server answers with a field's first message).
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: '' }] })).toEqual(['milestones.0.dueDate: Please choose a due date']);
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: 'soon' }] })).toEqual(['milestones.0.dueDate: Please choose a due date']);
    expect(errors({ price: 100, milestones: [{ ...one, amountCents: 0 }, { ...one, amountCents: Number.NaN }] })).toEqual(
      expect.arrayContaining(['milestones.0.amountCents: Each milestone needs an amount of at least $0.01', 'milestones.1.amountCents: Please enter an amount for this milestone']),
    );
    // A date a slip of the keyboard put centuries ahead is refused; five years ahead is still a plan.
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: '9999-12-31' }] })).toEqual(['milestones.0.dueDate: The due date must be within 5 years']);
    const inYears = (years: number, days: number) => new Date(Date.now() + (years * 365 + days) * 86_400_000).toISOString().slice(0, 10);
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: inYears(5, -1) }] })).toEqual([]);
    expect(errors({ price: 100, milestones: [{ ...one, dueDate: inYears(5, 2) }] })).toEqual(['milestones.0.dueDate: The due date must be within 5 years']);
    // Milestones are worked in order: a later one due before the one above it is refused on its own date.
    const later = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const split = (dates: string[]) => ({ price: 90, milestones: dates.map((dueDate, i) => ({ title: `Step ${i + 1}`, amountCents: 3000, dueDate })) });
    expect(errors(split([later(10), later(5), later(20)]))).toEqual([
      'milestones.1.dueDate: Due dates follow the milestones in order: this one cannot be due before the one above it',
    ]);
    expect(errors(split([later(5), later(5), later(6)]))).toEqual([]);
  });

  it('tells whole cents from amounts that would be rounded', () => {
    for (const ok of [120, 120.5, 120.5, 0.01, 0.29, 850.01, 49.99, 123_456_789.29]) expect(isWholeCents(ok)).toBe(true);
    for (const bad of [600.555, 0.001, 10.005, Number.NaN, Number.POSITIVE_INFINITY]) expect(isWholeCents(bad)).toBe(false);
    fc.assert(fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), (cents) => isWholeCents(Number((cents / 100).toFixed(2)))));
  });

  it('asks for a note in the words of its question: what should change, or why decline', () => {
    expect(answerNoteSchema.safeParse({ note: '  ' }).error?.issues[0]?.message).toBe('Please say what should change.');
    expect(answerNoteSchema.safeParse({}).error?.issues[0]?.message).toBe('Please say what should change.');
    expect(declineNoteSchema.safeParse({ note: '' }).error?.issues[0]?.message).toBe('Please say why');
    expect(declineNoteSchema.safeParse({ note: 'x'.repeat(2001) }).error?.issues[0]?.message).toBe('Please keep it to 2,000 characters or fewer');
    expect(answerNoteSchema.parse({ note: ' Warmer green. ' })).toEqual({ note: 'Warmer green.' });
  });

  it('finds the offer still waiting for an answer, and names revision rounds in good English', () => {
    expect(waitingOffer([{ status: 'pending' as const }, { status: 'changes_requested' as const }])).toEqual({ status: 'pending' });
    expect(waitingOffer([{ status: 'changes_requested' as const }])).toBeUndefined();
    expect(waitingOffer([])).toBeUndefined();
    expect([0, 1, 3].map(formatRevisionRounds)).toEqual(['no revision rounds', '1 revision round', '3 revision rounds']);
  });

  it('calls a milestone late after its due date until it is submitted or approved', () => {
    const now = new Date('2026-06-10T12:00:00Z');
    expect(isLate({ dueDate: '2026-06-09', status: 'active' }, now)).toBe(true);
    expect(isLate({ dueDate: '2026-06-10', status: 'active' }, now)).toBe(false);
    expect(isLate({ dueDate: '2026-06-09', status: 'submitted' }, now)).toBe(false);
    expect(isLate({ dueDate: '2026-06-09', status: 'revision_requested' }, now)).toBe(true);
    expect(isLate({ dueDate: '2026-06-01', status: 'approved' }, now)).toBe(false);
  });
});

describe('formatCents', () => {
  it('writes whole dollars without cents, cents when there are some, and the sign before the dollar', () => {
    expect(formatCents(120000)).toBe('$1,200');
    expect(formatCents(1250)).toBe('$12.50');
    expect(formatCents(0)).toBe('$0');
    expect(formatCents(-100)).toBe('-$1');
    expect(formatCents(-1250)).toBe('-$12.50');
  });
});
