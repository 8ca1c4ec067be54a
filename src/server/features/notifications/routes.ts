import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notificationPageSchema, notificationQuerySchema } from '../../../domain/notification-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service';

export const prefix = '/api/notifications';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['notifications'],
      summary: "The caller's notifications, most recent first, paged by keyset (`cursor` from the previous page), with the unread count",
      querystring: notificationQuerySchema,
      response: { 200: notificationPageSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listNotifications(app.db, (await request.requireAuth()).userId, request.query.cursor);
    },
  });

  app.post('/read-all', {
    config: { access: 'authenticated' },
    schema: { tags: ['notifications'], summary: 'Mark all your notifications read', response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await markAllNotificationsRead(app.db, (await request.requireAuth()).userId);
      return reply.status(204).send(null);
    },
  });

  app.post('/:id/read', {
    config: { access: 'authenticated' },
    schema: { tags: ['notifications'], summary: 'Mark one of your notifications read', params: z.object({ id: z.uuid() }), response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await markNotificationRead(app.db, (await request.requireAuth()).userId, request.params.id);
      return reply.status(204).send(null);
    },
  });
};
