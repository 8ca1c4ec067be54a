import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const prefix = '/api';

/** A probe that hangs (a half-open connection) must still answer, in less than an orchestrator's usual timeout. */
const HEALTH_PING_TIMEOUT_MS = 4000;

const withTimeout = <T>(work: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
};

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Liveness, database reachability and disk: ok, degraded (with the problems) or 503 with the reason while the database cannot be reached',
      response: {
        200: z.object({ status: z.enum(['ok', 'degraded']), database: z.string(), problems: z.array(z.string()).optional() }),
        503: z.object({ status: z.literal('unavailable'), database: z.string(), reason: z.string() }),
      },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await withTimeout(app.dbHandle.ping(), HEALTH_PING_TIMEOUT_MS);
        // Reachable, but short of disk: still serving reads, so 200, and the body says what an operator must fix.
        const problems = await app.resources.problems();
        if (problems.length > 0) return { status: 'degraded' as const, database: app.dbHandle.driver, problems };
        return { status: 'ok' as const, database: app.dbHandle.driver };
      } catch (error) {
        // No state is kept between probes: the next one that reaches the database answers ok again, with no restart.
        const reason = `The database cannot be reached: ${error instanceof Error ? error.message : String(error)}`;
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbHandle.driver, reason });
      }
    },
  });

  app.get('/ping', {
    config: { access: 'public' },
    schema: {
      tags: ['health'],
      summary: 'Answers at once without touching the database: the load benchmarks measure the ceiling with it',
      response: { 200: z.object({ pong: z.literal(true) }) },
    },
    handler: async () => ({ pong: true as const }),
  });
};
