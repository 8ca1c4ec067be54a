import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type TestContext, withTestContext } from '../../../test/support/harness';
import { jobs } from '../db/schema';
import { cancelJobs, createJobRunner, scheduleJob, type JobRunner } from './scheduler';

let ctx: TestContext;
withTestContext(async (created) => {
  ctx = created;
});

const DAY = 24 * 60 * 60 * 1000;
const silent = pino({ level: 'silent' });

/** A runner whose one kind of timer counts its firings in a map, as an action would change a row. */
const countingRunner = (kind: string, fired: Map<string, number>, options: { failFirst?: number; slowMs?: number } = {}): JobRunner => {
  const runner = createJobRunner({ db: ctx.db, logger: silent });
  let failures = options.failFirst ?? 0;
  runner.handle(kind, async ({ job }) => {
    if (options.slowMs) await new Promise((resolve) => setTimeout(resolve, options.slowMs));
    if (failures > 0) {
      failures -= 1;
      throw new Error('the action failed');
    }
    fired.set(job.key, (fired.get(job.key) ?? 0) + 1);
  });
  return runner;
};

describe('the durable scheduler', () => {
  it('fires a timer once it is due, and only once, with the clock moved instead of waited for', async () => {
    const kind = `test.${randomUUID()}`;
    const fired = new Map<string, number>();
    const runner = countingRunner(kind, fired);
    const key = `${kind}:a`;
    await scheduleJob(ctx.db, { kind, key, runAt: new Date(Date.now() + 7 * DAY), payload: { n: 1 } });
    // Scheduling the same occurrence again keeps one timer.
    await scheduleJob(ctx.db, { kind, key, runAt: new Date(Date.now() + 1 * DAY) });

    expect(await runner.runDue(new Date(Date.now() + 6 * DAY))).toBe(0);
    expect(fired.get(key)).toBeUndefined();
    expect(await runner.runDue(new Date(Date.now() + 7 * DAY + 1000))).toBe(1);
    expect(await runner.runDue(new Date(Date.now() + 30 * DAY))).toBe(0);
    expect(fired.get(key)).toBe(1);
    const [row] = await ctx.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ status: 'done', attempts: 1, payload: { n: 1 } });
  });

  it('fires once when two runners race for the same due timers', async () => {
    const kind = `test.${randomUUID()}`;
    const fired = new Map<string, number>();
    const a = countingRunner(kind, fired, { slowMs: 20 });
    const b = countingRunner(kind, fired, { slowMs: 20 });
    const keys = Array.from({ length: 12 }, (_, i) => `${kind}:${i}`);
    for (const key of keys) await scheduleJob(ctx.db, { kind, key, runAt: new Date(Date.now() - 1000) });
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(12);
    expect(keys.map((key) => fired.get(key))).toEqual(keys.map(() => 1));
  });

  it('rolls a failed action back and tries it again later, then marks it done', async () => {
    const kind = `test.${randomUUID()}`;
    const fired = new Map<string, number>();
    const runner = countingRunner(kind, fired, { failFirst: 2 });
    const key = `${kind}:retry`;
    await scheduleJob(ctx.db, { kind, key, runAt: new Date(Date.now() - 1000) });
    expect(await runner.runDue()).toBe(1);
    let [row] = await ctx.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'the action failed' });
    expect(row.runAt.getTime()).toBeGreaterThan(Date.now());
    await runner.runDue(new Date(Date.now() + 60_000));
    await runner.runDue(new Date(Date.now() + 10 * 60_000));
    [row] = await ctx.db.select().from(jobs).where(eq(jobs.key, key));
    expect(row).toMatchObject({ status: 'done', attempts: 3 });
    expect(fired.get(key)).toBe(1);
  });

  it('never fires a cancelled timer', async () => {
    const kind = `test.${randomUUID()}`;
    const fired = new Map<string, number>();
    const runner = countingRunner(kind, fired);
    await scheduleJob(ctx.db, { kind, key: `${kind}:m1:auto`, runAt: new Date(Date.now() - 1000) });
    await scheduleJob(ctx.db, { kind, key: `${kind}:m2:auto`, runAt: new Date(Date.now() - 1000) });
    await cancelJobs(ctx.db, `${kind}:m1:`);
    expect(await runner.runDue()).toBe(1);
    expect([...fired.keys()]).toEqual([`${kind}:m2:auto`]);
  });
});
