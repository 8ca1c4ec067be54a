import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/database';
import { afterCommit, enableAfterCommit, rootOf } from './after-commit';
import type { DatabaseHandle } from './client';

describe('after-commit work (decision 196)', () => {
  let handle: DatabaseHandle;
  const failures: unknown[] = [];

  beforeAll(async () => {
    handle = await openTestDatabase();
    enableAfterCommit(handle.db, (error) => failures.push(error));
    await handle.db.execute(sql`create table after_commit_probe (n int)`);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** Records, at the moment queued work runs, how many probe rows another reader can see. */
  const visibleRows = async () => Number((await handle.db.execute<{ n: number }>(sql`select count(*)::int as n from after_commit_probe`)).rows[0].n);

  it('runs queued work after the outermost commit, in order, when the write is visible, before transaction() returns', async () => {
    const ran: string[] = [];
    const result = await handle.db.transaction(async (tx) => {
      await tx.execute(sql`insert into after_commit_probe values (1)`);
      expect(afterCommit(tx, async () => void ran.push(`first, seeing ${await visibleRows()}`))).toBe(true);
      await tx.transaction(async (savepoint) => {
        expect(rootOf(savepoint)).toBe(handle.db);
        afterCommit(savepoint, async () => void ran.push('from the savepoint'));
      });
      expect(ran).toEqual([]);
      return 'answer';
    });
    expect(result).toBe('answer');
    expect(ran).toEqual(['first, seeing 1', 'from the savepoint']);
  });

  it('drops the work of a transaction that rolls back', async () => {
    const ran: string[] = [];
    await expect(
      handle.db.transaction(async (tx) => {
        afterCommit(tx, async () => void ran.push('never'));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(ran).toEqual([]);
  });

  it('hands failing work to onError without failing the committed transaction', async () => {
    failures.length = 0;
    const ran: string[] = [];
    await handle.db.transaction(async (tx) => {
      afterCommit(tx, async () => {
        throw new Error('publish failed');
      });
      afterCommit(tx, async () => void ran.push('still runs'));
    });
    expect(failures.map((error) => (error as Error).message)).toEqual(['publish failed']);
    expect(ran).toEqual(['still runs']);
  });

  it('queues nothing outside a transaction: the caller runs the work itself', () => {
    expect(afterCommit(handle.db, async () => undefined)).toBe(false);
    expect(rootOf(handle.db)).toBe(handle.db);
  });
});
