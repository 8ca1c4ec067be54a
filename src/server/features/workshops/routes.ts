import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { upcomingWorkshopsResponseSchema } from '../../../domain/workshop-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listUpcomingWorkshops } from './service';

export const prefix = '/api/workshops';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/upcoming', {
    config: { access: ['maker', 'mind', 'admin'] },
    schema: {
      tags: ['workshops'],
      summary: 'The 5 next community workshops, soonest first (creators’ dashboards)',
      response: { 200: upcomingWorkshopsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { workshops: await listUpcomingWorkshops(app.db) };
    },
  });
};
