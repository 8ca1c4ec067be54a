import { describe, expect, it } from 'vitest';
import { keyedBatchLoader } from './batch';

const recordingLoader = (maxBatch?: number) => {
  const reads: string[][] = [];
  const load = keyedBatchLoader(async (keys) => {
    reads.push(keys);
    return new Map(keys.filter((key) => !key.startsWith('missing')).map((key) => [key, `row ${key}`]));
  }, maxBatch);
  return { reads, load };
};

describe('keyedBatchLoader', () => {
  it('reads the keys asked for in one turn with one read, each caller getting its own row', async () => {
    const { reads, load } = recordingLoader();
    const answers = await Promise.all([load('a'), load('b'), load('a'), load('missing-c')]);
    expect(answers).toEqual(['row a', 'row b', 'row a', undefined]);
    expect(reads).toEqual([['a', 'b', 'missing-c']]);
  });

  it('opens a new batch in a later turn, and keeps nothing from the one before', async () => {
    const { reads, load } = recordingLoader();
    expect(await load('a')).toBe('row a');
    expect(await load('a')).toBe('row a');
    expect(reads).toEqual([['a'], ['a']]);
  });

  it('sends a full batch at once and starts another', async () => {
    const { reads, load } = recordingLoader(2);
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((key) => load(key)));
    expect(answers).toEqual(['row a', 'row b', 'row c', 'row d', 'row e']);
    expect(reads).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('fails every caller of a batch whose read fails, and reads the next batch afresh', async () => {
    let fail = true;
    const load = keyedBatchLoader(async (keys) => {
      if (fail) throw new Error('connection dropped');
      return new Map(keys.map((key) => [key, key]));
    });
    const first = await Promise.allSettled([load('a'), load('b')]);
    expect(first.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await load('a')).toBe('a');
  });
});
