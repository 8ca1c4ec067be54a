import { describe, expect, it, vi } from 'vitest';
import { RESOURCE_MESSAGES } from '../../domain/messages';
import { HttpError } from '../http/errors';
import { isDatabaseUnavailable, readAfterCommit } from './unavailable';

const terminated = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend (57P01)', terminated()],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['too many connections (53300)', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a refused socket', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ["pg's own words", new Error('Connection terminated unexpectedly')],
    ['a pool timeout', new Error('timeout exceeded when trying to connect')],
    ['wrapped by Drizzle', new Error('Failed query: select 1', { cause: terminated() })],
  ])('recognises %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key'), { code: '23505' })],
    ['a deadlock', Object.assign(new Error('deadlock detected'), { code: '40P01' })],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
  ])('does not mistake %s for a lost connection', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('readAfterCommit', () => {
  it("answers from a new connection when the read's connection was dropped", async () => {
    const read = vi.fn<() => Promise<string>>().mockRejectedValueOnce(terminated()).mockResolvedValueOnce('the project');
    await expect(readAfterCommit(read, { waitMs: 1 })).resolves.toBe('the project');
    expect(read).toHaveBeenCalledTimes(2);
  });

  it('says the change was saved, not "try again", when the database stays away', async () => {
    const read = vi.fn<() => Promise<string>>().mockRejectedValue(terminated());
    const failure = await readAfterCommit(read, { waitMs: 1 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).statusCode).toBe(503);
    expect((failure as HttpError).toBody()).toEqual({ error: 'saved_not_shown', message: RESOURCE_MESSAGES.savedNotShown });
    expect(read).toHaveBeenCalledTimes(3);
  });

  it('passes any other failure on at once, as it is', async () => {
    const refusal = new HttpError(404, 'not_found', 'Project not found');
    const read = vi.fn<() => Promise<string>>().mockRejectedValue(refusal);
    await expect(readAfterCommit(read, { waitMs: 1 })).rejects.toBe(refusal);
    expect(read).toHaveBeenCalledTimes(1);
  });
});
