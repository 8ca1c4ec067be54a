import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminWorkshopSchema, adminWorkshopsResponseSchema, createWorkshopSchema } from '../../../domain/workshop-schemas';
import { errorBodySchema } from '../../http/schemas';
import { createWorkshop, listWorkshopsForAdmin } from '../workshops/service';

export const prefix = '/api/admin/workshops';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Every workshop, latest date first',
      response: { 200: adminWorkshopsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => ({ workshops: await listWorkshopsForAdmin(app.db) }),
  });

  app.post('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Create a workshop (date as an ISO timestamp in the future)',
      body: createWorkshopSchema,
      response: { 201: z.object({ workshop: adminWorkshopSchema }), 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request, reply) => {
      const workshop = await createWorkshop(app, await request.requireAuth(), request.body);
      return reply.status(201).send({ workshop });
    },
  });
};
