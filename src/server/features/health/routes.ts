import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const prefix = '/api';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['health'], summary: 'Liveness and database reachability', response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable'), database: z.string() }) } },
    handler: async (_request, reply) => {
      try {
        await app.dbHandle.ping();
        return { status: 'ok' as const, database: app.dbHandle.driver };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const, database: app.dbHandle.driver });
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
