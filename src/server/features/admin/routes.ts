import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminStatsSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { loadAdminStats } from './service';

export const prefix = '/api/admin';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/overview', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'The admin dashboard’s stat cards: non-admin users, pending applications, projects, Seal-eligible makers',
      response: { 200: z.object({ stats: adminStatsSchema }), 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { stats: await loadAdminStats(app.db) };
    },
  });
};
