import { describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { HttpError } from '../http/errors';
import { discardFileOfFailedWrite } from './failed-write';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
const logger = () => ({ warn: vi.fn() }) as unknown as FastifyBaseLogger & { warn: ReturnType<typeof vi.fn> };

describe('discardFileOfFailedWrite', () => {
  it('removes the file after a statement error without asking the database: that write rolled back', async () => {
    const log = logger();
    const refusal = new Error('duplicate key value violates unique constraint');
    const committed = vi.fn(async () => true);
    const remove = vi.fn(async () => undefined);
    await expect(discardFileOfFailedWrite(log, refusal, { committed, remove })).rejects.toBe(refusal);
    expect(committed).not.toHaveBeenCalled();
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('removes the file when a lost connection lost the write too, and passes the error on', async () => {
    const error = terminated();
    const remove = vi.fn(async () => undefined);
    await expect(discardFileOfFailedWrite(logger(), error, { committed: async () => false, remove })).rejects.toBe(error);
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it("keeps the file of a write that committed before its answer was lost, and says it was saved", async () => {
    const remove = vi.fn(async () => undefined);
    const failure = await discardFileOfFailedWrite(logger(), terminated(), { committed: async () => true, remove }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).toBody().error).toBe('saved_not_shown');
    expect(remove).not.toHaveBeenCalled();
  });

  it('keeps the file, and logs it, while the database cannot say whether the write committed', async () => {
    const log = logger();
    const error = terminated();
    const committed = vi.fn(async (): Promise<boolean> => {
      throw terminated();
    });
    const remove = vi.fn(async () => undefined);
    await expect(discardFileOfFailedWrite(log, error, { committed, remove })).rejects.toBe(error);
    expect(committed).toHaveBeenCalledTimes(3);
    expect(remove).not.toHaveBeenCalled();
    expect(log.warn).toHaveBeenCalledTimes(1);
  });
});
