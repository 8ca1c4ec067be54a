import { and, eq, like, lte, ne, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { ProjectView } from '../../../domain/project-schemas';
import { jobs, messages, projectMilestones, projects } from '../../db/schema';
import { type TestContext, type TestUser, withTestContext } from '../../../../test/support/harness';
import { earnedDollars, fundCurrentMilestone } from '../../../../test/support/money-fixtures';
import { approveMaker, multipart, onboardedClient, pngBuffer, projectPayload } from '../../../../test/support/project-fixtures';
import { CONCURRENT_CHANGE_MESSAGE } from '../../plugins/error-handler';
import { JOB_AUTO_APPROVE } from './milestones';

/*
 * A client's click at the moment approval by time fires (decision 193). Both take the project's row, then the
 * milestone's, and the client's action skips the timer row the runner holds, so neither waits on the other in a
 * cycle: one wins, the other answers 409 (the client) or does nothing (the timer), never a deadlock's 500.
 *
 * PGlite runs one transaction at a time, so there the two only take turns. On PostgreSQL the interleavings that
 * deadlocked are forced: a third connection holds the milestone's row while the other two line up behind it, in
 * one order and then the other, and lets go once both are waiting.
 */

let ctx: TestContext;
let client: TestUser;
let maker: TestUser;
let admin: TestUser;

withTestContext(async (created) => {
  ctx = created;
  client = await onboardedClient(ctx);
  maker = await approveMaker(ctx, { name: 'Mara Maker' });
  admin = await ctx.createAdmin();
});

const isPostgres = Boolean(process.env.TEST_DATABASE_URL);
const MINUTE = 60 * 1000;

const post = (user: TestUser, url: string, payload?: object) => ctx.inject(user, { method: 'POST', url, ...(payload ? { payload } : {}) });

/** A funded one-milestone project whose work waits for the client; only its approval-by-time timer is left to fire. */
const submittedProject = async (title: string) => {
  const created = await post(client, '/api/projects', projectPayload({ title, creatorId: maker.id, budget: 200 }));
  expect(created.statusCode, created.body).toBe(201);
  const id = (created.json() as ProjectView).id;
  expect((await post(maker, `/api/projects/${id}/accept`)).statusCode).toBe(200);
  await fundCurrentMilestone(ctx, client, admin, id);
  const body = multipart({ data: await pngBuffer('#335577'), filename: 'work.png', contentType: 'image/png' });
  const submitted = await ctx.inject(maker, { method: 'POST', url: `/api/projects/${id}/deliverable`, payload: body.payload, headers: body.headers });
  expect(submitted.statusCode, submitted.body).toBe(200);
  const [milestone] = await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.projectId, id));
  const due = new Date(milestone.autoApproveAt!.getTime() + MINUTE);
  // The reminders fire first, as they would; anything else due by then (the paid invoice's overdue reminder) is put
  // out of the way, so the runner's next job is the one under test.
  await ctx.app.jobs.runDue(new Date(milestone.autoApproveAt!.getTime() - MINUTE));
  await ctx.db
    .update(jobs)
    .set({ status: 'cancelled' })
    .where(and(eq(jobs.status, 'pending'), lte(jobs.runAt, due), ne(jobs.kind, JOB_AUTO_APPROVE)));
  const [timer] = await ctx.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.status, 'pending'), like(jobs.key, `milestone:${milestone.id}:auto-approve:%`)));
  expect(timer).toBeDefined();
  return { id, milestoneId: milestone.id, timerId: timer.id, due };
};

const milestoneOf = async (milestoneId: string) => (await ctx.db.select().from(projectMilestones).where(eq(projectMilestones.id, milestoneId)))[0];
const timerOf = async (timerId: string) => (await ctx.db.select().from(jobs).where(eq(jobs.id, timerId)))[0];
const systemLines = async (projectId: string) =>
  (await ctx.db.select().from(messages).where(and(eq(messages.projectId, projectId), eq(messages.kind, 'system'))).orderBy(messages.seq)).map((m) => m.body);

type ClientMove = 'approve' | 'revision';
const clientMove = (id: string, move: ClientMove) =>
  move === 'approve' ? post(client, `/api/projects/${id}/approve`) : post(client, `/api/projects/${id}/revision`, { note: 'Warmer colours, please.' });

/** How many sessions of this database are waiting for a row lock now. */
const waitingOnLocks = async (): Promise<number> => {
  const result = await ctx.db.execute<{ waiting: number }>(
    sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );
  return Number(result.rows[0]?.waiting ?? 0);
};

const untilWaiting = async (count: number) => {
  for (let tries = 0; tries < 400; tries += 1) {
    if ((await waitingOnLocks()) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`expected ${count} sessions waiting for a lock`);
};

/** Holds the milestone's row from a connection of its own until `release` is called. */
const holdMilestone = async (milestoneId: string) => {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let locked!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const holding = ctx.db.transaction(async (tx) => {
    await tx.select({ id: projectMilestones.id }).from(projectMilestones).where(eq(projectMilestones.id, milestoneId)).for('update');
    locked();
    await released;
  });
  await isLocked;
  return { release, holding };
};

/** The end state either way: exactly one of the two happened, the money moved at most once, and no error was logged on the timer. */
const expectOneWinner = async (project: Awaited<ReturnType<typeof submittedProject>>, winner: 'client' | 'timer', move: ClientMove, earnedBefore: number) => {
  const milestone = await milestoneOf(project.milestoneId);
  const timer = await timerOf(project.timerId);
  expect(timer.lastError).toBeNull();
  expect(timer.status).not.toBe('pending');
  const approvals = (await systemLines(project.id)).filter((line) => /approved (automatically|the work)/.test(line));
  const releases = (await systemLines(project.id)).filter((line) => line.includes('released the payment'));
  if (winner === 'timer') {
    expect(milestone).toMatchObject({ status: 'approved', approvedByTime: true });
    expect(approvals).toHaveLength(1);
    expect(releases).toHaveLength(1);
    expect((await earnedDollars(ctx, maker)) - earnedBefore).toBe(180);
    return;
  }
  expect(milestone).toMatchObject(move === 'approve' ? { status: 'approved', approvedByTime: false } : { status: 'revision_requested', approvedByTime: false });
  expect(approvals).toHaveLength(move === 'approve' ? 1 : 0);
  expect(releases).toHaveLength(move === 'approve' ? 1 : 0);
  expect((await earnedDollars(ctx, maker)) - earnedBefore).toBe(move === 'approve' ? 180 : 0);
};

describe('a client action racing approval by time', () => {
  for (const move of ['approve', 'revision'] as const) {
    it(`${move} at the moment the timer fires: one of them wins, the other answers 409 or does nothing`, async () => {
      const project = await submittedProject(`Race ${move} ${Date.now()}`);
      const before = await earnedDollars(ctx, maker);
      const [fired, answer] = await Promise.all([ctx.app.jobs.runDue(project.due), clientMove(project.id, move)]);
      expect(fired).toBe(1);
      expect([200, 409], answer.body).toContain(answer.statusCode);
      const winner = answer.statusCode === 200 ? 'client' : 'timer';
      await expectOneWinner(project, winner, move, before);
    });
  }
});

describe.runIf(isPostgres)('on PostgreSQL, the orders that deadlocked', () => {
  for (const move of ['approve', 'revision'] as const) {
    it(`the client's ${move} took the project first: it wins, and the timer then finds nothing to do`, async () => {
      const project = await submittedProject(`Client first ${move} ${Date.now()}`);
      const before = await earnedDollars(ctx, maker);
      const second = await ctx.secondInstance();
      try {
        const blocker = await holdMilestone(project.milestoneId);
        const answering = clientMove(project.id, move);
        await untilWaiting(1);
        const firing = second.app.jobs.runDue(project.due);
        await untilWaiting(2);
        blocker.release();
        await blocker.holding;
        const [answer, fired] = await Promise.all([answering, firing]);
        expect(answer.statusCode, answer.body).toBe(200);
        expect(fired).toBe(1);
        await expectOneWinner(project, 'client', move, before);
      } finally {
        await second.close();
      }
    });

    it(`the timer took the project first: it approves, and the client's ${move} answers 409`, async () => {
      const project = await submittedProject(`Timer first ${move} ${Date.now()}`);
      const before = await earnedDollars(ctx, maker);
      const second = await ctx.secondInstance();
      try {
        const blocker = await holdMilestone(project.milestoneId);
        const firing = second.app.jobs.runDue(project.due);
        await untilWaiting(1);
        const answering = clientMove(project.id, move);
        await untilWaiting(2);
        blocker.release();
        await blocker.holding;
        const [answer, fired] = await Promise.all([answering, firing]);
        expect(answer.statusCode, answer.body).toBe(409);
        // The state machine's answer to a project the timer just completed, not a database error dressed as a 409.
        expect(answer.json().message).toBe('This project is completed and can no longer change.');
        expect(fired).toBe(1);
        await expectOneWinner(project, 'timer', move, before);
      } finally {
        await second.close();
      }
    });
  }
});

describe('a deadlock that still happens', () => {
  it('answers 409 "try again" rather than 500, and keeps nothing of the request', async () => {
    // PostgreSQL's own refusal (SQLSTATE 40P01), raised where creating a project writes: the error handler's backstop.
    await ctx.db.execute(
      sql.raw(`create function refuse_as_deadlock() returns trigger language plpgsql as $$ begin raise exception 'deadlock detected' using errcode = '40P01'; end $$`),
    );
    await ctx.db.execute(sql.raw(`create trigger refuse_as_deadlock before insert on projects for each row execute function refuse_as_deadlock()`));
    const title = `Refused as a deadlock ${Date.now()}`;
    try {
      const response = await post(client, '/api/projects', projectPayload({ title }));
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toEqual({ error: 'conflict', message: CONCURRENT_CHANGE_MESSAGE });
    } finally {
      await ctx.db.execute(sql.raw(`drop trigger refuse_as_deadlock on projects`));
      await ctx.db.execute(sql.raw(`drop function refuse_as_deadlock()`));
    }
    expect(await ctx.db.select().from(projects).where(eq(projects.title, title))).toEqual([]);
  });
});
