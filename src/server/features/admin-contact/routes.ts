import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactSubmissionsResponseSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listContactSubmissions } from './service';

export const prefix = '/api/admin/contact';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'The 50 newest contact submissions, naming the creator a marketplace message was about',
      response: { 200: contactSubmissionsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => ({ submissions: await listContactSubmissions(app.db) }),
  });
};
