import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { marketplacePageSchema, marketplaceQuerySchema, showcaseItemSchema } from '../../../domain/marketplace-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listingCacheFor, cacheOutcomeHeader, sendCachedJson } from './listing-cache';
import { listCreators, listShowcase } from './service';

export const prefix = '/api/marketplace';

const showcaseSchema = z.object({ items: z.array(showcaseItemSchema) });

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/creators', {
    config: { access: 'public' },
    schema: {
      tags: ['marketplace'],
      summary: 'Approved makers and minds, newest first, filtered on the server and paged with an opaque cursor',
      querystring: marketplaceQuerySchema,
      response: { 200: marketplacePageSchema, 400: errorBodySchema },
    },
    handler: async (request, reply) => {
      const body = await listingCacheFor(app.db).get(`creators ${JSON.stringify(request.query)}`, async () =>
        JSON.stringify(z.encode(marketplacePageSchema, await listCreators(app.db, request.query))),
        cacheOutcomeHeader(reply),
      );
      return sendCachedJson(reply, body);
    },
  });

  app.get('/showcase', {
    config: { access: 'public' },
    schema: {
      tags: ['marketplace'],
      summary: 'Recent portfolio work of approved creators, for the marketing pages',
      querystring: z.object({ limit: z.coerce.number().int().min(1).max(12).default(6) }),
      response: { 200: showcaseSchema },
    },
    handler: async (request, reply) => {
      const body = await listingCacheFor(app.db).get(`showcase ${request.query.limit}`, async () =>
        JSON.stringify(z.encode(showcaseSchema, { items: await listShowcase(app.db, request.query.limit) })),
        cacheOutcomeHeader(reply),
      );
      return sendCachedJson(reply, body);
    },
  });
};
