import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { creatorCardListSchema } from '../../../domain/client-dashboard-schemas';
import { whiteGloveRequestSchema, whiteGloveRequestViewSchema } from '../../../domain/white-glove-schemas';
import { errorBodySchema } from '../../http/schemas';
import { createWhiteGloveRequest, listCuratedMatches, listMyWhiteGloveRequests } from './service';

export const prefix = '/api/white-glove';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.post('/requests', {
    config: { access: ['client'], rateLimit: { max: 10, timeWindow: '1 minute' } },
    schema: {
      tags: ['white-glove'],
      summary: 'Ask for White Glove matching: 3 curated creators within 24-48 hours',
      body: whiteGloveRequestSchema,
      response: { 201: whiteGloveRequestViewSchema, ...errors },
    },
    handler: async (request, reply) => reply.status(201).send(await createWhiteGloveRequest(app, await request.requireAuth(), request.body)),
  });

  app.get('/requests', {
    config: { access: ['client'] },
    schema: {
      tags: ['white-glove'],
      summary: "The caller's White Glove requests, newest first, each with its due time (48 hours after the request)",
      response: { 200: z.object({ requests: z.array(whiteGloveRequestViewSchema) }), ...errors },
    },
    handler: async (request) => ({ requests: await listMyWhiteGloveRequests(app, await request.requireAuth()) }),
  });

  app.get('/requests/:id/matches', {
    config: { access: ['client'] },
    schema: {
      tags: ['white-glove'],
      summary: 'The creators curated for one of your requests',
      params: z.object({ id: z.uuid() }),
      response: { 200: creatorCardListSchema, ...errors },
    },
    handler: async (request) => ({ creators: await listCuratedMatches(app, await request.requireAuth(), request.params.id) }),
  });
};
