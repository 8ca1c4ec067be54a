import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs `work` every `pollMs` once started, one run at a time: a call while a run is going waits for it and then runs
 * again, so a caller always gets a run that began after its call. A failed run is logged and the loop goes on.
 * The outbox and the scheduler both poll this way.
 */
export const createPollLoop = <A extends unknown[]>(
  work: (...args: A) => Promise<number>,
  options: { pollMs: number; logger: FastifyBaseLogger; failure: string; defaults: () => A },
) => {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;
  let stopped = true;
  /** Set by stop(), unlike `stopped`, which a loop that was never started is too (its callers run it by hand). */
  let halted = false;

  const run = (...args: A): Promise<number> => {
    // A run that waited for another does not begin once the loop is stopped: stop() may already have returned.
    if (running) return running.then(() => (halted ? 0 : run(...args)));
    running = work(...args)
      .catch((error: unknown) => {
        options.logger.error({ err: error instanceof Error ? error.message : String(error) }, options.failure);
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(async () => {
      await run(...options.defaults());
      schedule();
    }, options.pollMs);
    timer.unref();
  };

  return {
    run,
    /** A run soon, for a caller that knows there is work; nothing once stopped, so a stopped loop stays quiet. */
    wake: (delayMs = 0) => {
      if (stopped) return;
      setTimeout(() => {
        if (!stopped) void run(...options.defaults());
      }, delayMs).unref();
    },
    start: () => {
      if (!stopped) return;
      stopped = false;
      halted = false;
      schedule();
    },
    stop: async () => {
      stopped = true;
      halted = true;
      if (timer) clearTimeout(timer);
      // A run chained while this one went (a wake after an enqueue) ends too before stop returns.
      while (running) await running;
    },
  };
};
