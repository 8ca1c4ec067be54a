import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, reasonSchema, sealListSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { assignSeal, listSealMakers, revokeSeal } from './service';

export const prefix = '/api/admin/seal';

const params = z.object({ userId: z.string().min(1) });
const actionResponses = { 200: okSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Makers eligible for the Seal (with their qualifying project count) and makers who hold it',
      response: { 200: sealListSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => listSealMakers(app.db),
  });

  app.post('/:userId/assign', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Assign the Seal to an eligible maker (eligibility is re-checked)', params, response: actionResponses },
    handler: async (request) => {
      await assignSeal(app, await request.requireAuth(), request.params.userId);
      return { ok: true as const };
    },
  });

  app.post('/:userId/revoke', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Revoke a maker’s Seal, with an optional reason', params, body: reasonSchema, response: actionResponses },
    handler: async (request) => {
      await revokeSeal(app, await request.requireAuth(), request.params.userId, request.body.reason || null);
      return { ok: true as const };
    },
  });
};
