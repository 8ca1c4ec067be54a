import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWhiteGloveResponseSchema, candidatesQuerySchema, candidatesResponseSchema, curateMatchesSchema, okSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { findApprovedCreators } from './candidates';
import { curateMatches, listWhiteGloveRequests, requireWhiteGloveRequest } from './service';

export const prefix = '/api/admin/white-glove';

const params = z.object({ requestId: z.uuid({ error: 'Request not found' }) });

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'White Glove requests: overdue pending ones first (oldest first), then the rest, newest first',
      response: { 200: adminWhiteGloveResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => ({ requests: await listWhiteGloveRequests(app.db) }),
  });

  app.get('/:requestId/candidates', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Approved creators to curate from: makers offering the requested deliverable, or everyone with ?all=true',
      params,
      querystring: candidatesQuerySchema,
      response: { 200: candidatesResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request) => {
      const whiteGlove = await requireWhiteGloveRequest(app.db, request.params.requestId);
      const creators = await findApprovedCreators(app.db, {
        deliverableType: whiteGlove.deliverableType,
        includeAll: request.query.all === 'true',
        search: request.query.q || undefined,
      });
      return { creators };
    },
  });

  app.post('/:requestId/curate', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Save exactly 3 approved creators as the matches, complete the request and email the client',
      params,
      body: curateMatchesSchema,
      response: { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema },
    },
    handler: async (request) => {
      await curateMatches(app, await request.requireAuth(), request.params.requestId, request.body.creatorIds);
      return { ok: true as const };
    },
  });
};
