import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { portfolioItemSchema } from '../../../domain/portfolio-schemas';
import { errorBodySchema } from '../../http/schemas';
import { createPortfolioItem, deletePortfolioItem, listOwnPortfolio } from './service';

export const prefix = '/api/portfolio';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const creators = ['maker', 'mind'] as const;

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: creators },
    schema: {
      tags: ['portfolio'],
      summary: "The caller's own portfolio items, newest first",
      response: { 200: z.object({ items: z.array(portfolioItemSchema) }), ...errors },
    },
    handler: async (request) => ({ items: await listOwnPortfolio(app, (await request.requireAuth()).userId) }),
  });

  app.post('/', {
    config: { access: creators, rateLimit: { max: 30, timeWindow: '1 minute' } },
    schema: {
      tags: ['portfolio'],
      summary: 'Add a portfolio item: multipart fields title, category, description (optional) and the image `file` (at most 10 MB)',
      consumes: ['multipart/form-data'],
      response: { 201: z.object({ item: portfolioItemSchema }), ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      return reply.status(201).send({ item: await createPortfolioItem(app, request, auth.userId) });
    },
  });

  app.delete('/:id', {
    config: { access: creators },
    schema: {
      tags: ['portfolio'],
      summary: 'Delete one of your own portfolio items (and its image)',
      params: z.object({ id: z.uuid() }),
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      await deletePortfolioItem(app, auth.userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
