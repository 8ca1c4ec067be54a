import { describe, expect, it } from 'vitest';
import { createCountCache } from './count-cache';

const setup = () => {
  // From 1 s: lru-cache reads an entry stored at time 0 as one without a time to live.
  let clock = 1000;
  let calls = 0;
  let value = 5000;
  const cache = createCountCache({ minCached: 1000, ttlMs: 1000, maxStaleMs: 10_000, maxEntries: 2, now: () => clock });
  const count = (key = 'all') =>
    cache(key, async () => {
      calls += 1;
      return value;
    });
  return {
    count,
    tick: (ms: number) => (clock += ms),
    setValue: (next: number) => (value = next),
    calls: () => calls,
  };
};

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('listing count cache', () => {
  it('counts small result sets on every request, so they are always exact', async () => {
    const c = setup();
    c.setValue(12);
    expect(await c.count()).toBe(12);
    c.setValue(13);
    expect(await c.count()).toBe(13);
    expect(c.calls()).toBe(2);
  });

  it('keeps a large count for its time to live, then serves it once more while refreshing', async () => {
    const c = setup();
    expect(await c.count()).toBe(5000);
    c.setValue(5001);
    c.tick(999);
    expect(await c.count()).toBe(5000);
    expect(c.calls()).toBe(1);

    c.tick(2);
    expect(await c.count()).toBe(5000);
    await settle();
    expect(c.calls()).toBe(2);
    expect(await c.count()).toBe(5001);
  });

  it('keeps serving the kept count when a background refresh fails, and tries again on the next request', async () => {
    let fail = false;
    let clock = 1000;
    const cache = createCountCache({ minCached: 1000, ttlMs: 1000, maxStaleMs: 10_000, maxEntries: 2, now: () => clock });
    const count = () =>
      cache('all', async () => {
        if (fail) throw new Error('database gone');
        return 5000;
      });
    expect(await count()).toBe(5000);
    fail = true;
    clock += 1001;
    expect(await count()).toBe(5000);
    await settle();
    expect(await count()).toBe(5000);
    clock += 10_000;
    await expect(count()).rejects.toThrow('database gone');
  });

  it('recounts before answering when the kept value is too old to show', async () => {
    const c = setup();
    await c.count();
    c.setValue(7000);
    c.tick(10_001);
    expect(await c.count()).toBe(7000);
  });

  it('shares one query between concurrent requests for the same filters', async () => {
    const c = setup();
    const answers = await Promise.all([c.count(), c.count(), c.count()]);
    expect(answers).toEqual([5000, 5000, 5000]);
    expect(c.calls()).toBe(1);
  });

  it('keeps filter sets apart and forgets the oldest beyond its size', async () => {
    const c = setup();
    await c.count('a');
    await c.count('b');
    await c.count('c');
    expect(c.calls()).toBe(3);
    await c.count('b');
    await c.count('c');
    expect(c.calls()).toBe(3);
    await c.count('a');
    expect(c.calls()).toBe(4);
  });
});
