import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  browseCreatorsQuerySchema,
  clientDashboardSchema,
  clientProfileUpdateSchema,
  clientProfileViewSchema,
  creatorCardListSchema,
  creatorOptionSchema,
} from '../../../domain/client-dashboard-schemas';
import { errorBodySchema } from '../../http/schemas';
import { readUpload } from '../../storage/upload-request';
import { listCreatorOptions } from '../projects/creators';
import { listingCacheFor, cacheOutcomeHeader, sendCachedJson } from '../marketplace/listing-cache';
import { browseFilters, listCreatorCards } from './directory';
import { listSavedCreators, saveCreator, unsaveCreator } from './saved-creators';
import { getClientDashboard, replaceClientLogo, updateClientProfile } from './service';

export const prefix = '/api/client';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

const savedCreatorParams = z.object({ creatorId: z.string().min(1).max(100) });

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/saved-creators', {
    config: { access: ['client'] },
    schema: {
      tags: ['client'],
      summary: "The caller's saved creators (a private shortlist), most recently saved first; creators no longer public drop out",
      response: { 200: creatorCardListSchema, ...errors },
    },
    handler: async (request) => ({ creators: await listSavedCreators(app, await request.requireAuth()) }),
  });

  app.put('/saved-creators/:creatorId', {
    config: { access: ['client'], rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: {
      tags: ['client'],
      summary: 'Save an approved creator to your shortlist (saving one twice changes nothing)',
      params: savedCreatorParams,
      response: { 204: z.null(), ...errors, 404: errorBodySchema, 409: errorBodySchema },
    },
    handler: async (request, reply) => {
      await saveCreator(app, await request.requireAuth(), request.params.creatorId);
      return reply.status(204).send(null);
    },
  });

  app.delete('/saved-creators/:creatorId', {
    config: { access: ['client'] },
    schema: {
      tags: ['client'],
      summary: 'Remove a creator from your shortlist (404 when they are not in it)',
      params: savedCreatorParams,
      response: { 204: z.null(), ...errors, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      await unsaveCreator(app, await request.requireAuth(), request.params.creatorId);
      return reply.status(204).send(null);
    },
  });

  app.get('/dashboard', {
    config: { access: ['client'] },
    schema: { tags: ['client'], summary: 'Summary cards and profile of the client dashboard', response: { 200: clientDashboardSchema, ...errors } },
    handler: async (request) => getClientDashboard(app, await request.requireAuth()),
  });

  app.get('/creators', {
    config: { access: ['client'] },
    schema: {
      tags: ['client'],
      summary: 'Up to 10 approved makers and 10 approved minds, filtered by name, category and Seal',
      querystring: browseCreatorsQuerySchema,
      response: { 200: creatorCardListSchema, ...errors },
    },
    // Only clients may ask, but the answer is the same for every client: kept by the listing version (decision 083).
    handler: async (request, reply) => {
      const body = await listingCacheFor(app.db, 'browse').get(JSON.stringify(request.query), async () =>
        JSON.stringify(z.encode(creatorCardListSchema, { creators: await listCreatorCards(app.db, browseFilters(request.query), undefined, request.query.sort === 'rating' ? 'rating' : 'newest') })),
        cacheOutcomeHeader(reply),
      );
      return sendCachedJson(reply, body);
    },
  });

  app.get('/creator-options', {
    config: { access: ['client'] },
    schema: {
      tags: ['client'],
      summary: 'Approved creators a project can be assigned to; `include` adds one by id when approved',
      querystring: z.object({ include: z.string().max(100).optional() }),
      response: { 200: z.object({ creators: z.array(creatorOptionSchema) }), ...errors },
    },
    handler: async (request) => ({ creators: await listCreatorOptions(app.db, request.query.include) }),
  });

  app.put('/profile', {
    config: { access: ['client'] },
    schema: { tags: ['client'], summary: "Edit the client's company profile", body: clientProfileUpdateSchema, response: { 200: clientProfileViewSchema, ...errors } },
    handler: async (request) => updateClientProfile(app, await request.requireAuth(), request.body),
  });

  app.post('/profile/logo', {
    config: { access: ['client'], rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: {
      tags: ['client'],
      summary: 'Upload the company logo (multipart: an image up to 5 MB)',
      consumes: ['multipart/form-data'],
      response: { 200: clientProfileViewSchema, ...errors, 413: errorBodySchema },
    },
    handler: async (request) => replaceClientLogo(app, await request.requireAuth(), await readUpload(request, 'clientLogo')),
  });
};
