import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creatorEarningsSchema, creatorSummarySchema } from '../../../domain/profile-schemas';
import { errorBodySchema } from '../../http/schemas';
import { getCreatorEarnings, getCreatorSummary, requireCreatorRole } from './service';

export const prefix = '/api/creator-dashboard';

const errors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const creators = ['maker', 'mind'] as const;

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/summary', {
    config: { access: creators },
    schema: {
      tags: ['creator dashboard'],
      summary: "The caller's stat cards: application and Seal status, earnings, active projects, portfolio items",
      response: { 200: z.object({ summary: creatorSummarySchema }), ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      reply.header('cache-control', 'no-store');
      return { summary: await getCreatorSummary(app, requireCreatorRole(auth.role), auth.userId) };
    },
  });

  app.get('/earnings', {
    config: { access: creators },
    schema: {
      tags: ['creator dashboard'],
      summary: "The caller's earnings and the completed projects behind them",
      response: { 200: z.object({ earnings: creatorEarningsSchema }), ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      reply.header('cache-control', 'no-store');
      return { earnings: await getCreatorEarnings(app, requireCreatorRole(auth.role), auth.userId) };
    },
  });
};
