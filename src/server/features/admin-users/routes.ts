import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminUsersQuerySchema, adminUsersResponseSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { deleteUserAsAdmin, listUsers } from './service';

export const prefix = '/api/admin/users';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'All non-admin users, newest first (the newest 100, with the total), optionally searched by name or email',
      querystring: adminUsersQuerySchema,
      response: { 200: adminUsersResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => listUsers(app.db, request.query.q || undefined),
  });

  app.delete('/:userId', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Delete a user and everything that is theirs; files are removed after the commit',
      params: z.object({ userId: z.string().min(1) }),
      response: { 204: z.null(), 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      await deleteUserAsAdmin(app, await request.requireAuth(), request.params.userId);
      return reply.status(204).send(null);
    },
  });
};
