import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { createPollLoop } from './poll-loop';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the poll loop', () => {
  it('starts no run after stop() has returned, even one chained by a wake during the last run', async () => {
    const log: string[] = [];
    let count = 0;
    const loop = createPollLoop(
      async () => {
        count += 1;
        const n = count;
        log.push(`start ${n}`);
        await pause(40);
        log.push(`end ${n}`);
        return 1;
      },
      { pollMs: 60_000, logger: pino({ level: 'silent' }), failure: 'failed', defaults: (): [] => [] },
    );
    loop.start();
    const first = loop.run();
    await pause(5);
    // A run asked for while the first one goes: it would begin when the first ends.
    const chained = loop.run();
    await loop.stop();
    log.push('stopped');
    await Promise.all([first, chained]);
    await pause(80);
    expect(log).toEqual(['start 1', 'end 1', 'stopped']);
  });

  it('still chains runs asked for by hand on a loop that was never started', async () => {
    let runs = 0;
    const loop = createPollLoop(
      async () => {
        runs += 1;
        await pause(10);
        return 1;
      },
      { pollMs: 60_000, logger: pino({ level: 'silent' }), failure: 'failed', defaults: (): [] => [] },
    );
    await Promise.all([loop.run(), loop.run()]);
    expect(runs).toBe(2);
  });
});
