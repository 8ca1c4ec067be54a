import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationPageSchema,
  notificationQuerySchema,
  notificationSettingsSchema,
  UNSUBSCRIBE_INVALID_PATH,
  unsubscribeQuerySchema,
} from '../../../domain/notification-schemas';
import { badRequest } from '../../http/errors';
import { getNotificationSettings, isValidUnsubscribeToken, turnEmailOff, updateNotificationSettings } from './settings';
import { errorBodySchema } from '../../http/schemas';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './service';

export const prefix = '/api/notifications';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  // A one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` form-encoded; the page's own form too.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  // Clients' and creators' own: admins are emailed none of these kinds (only told in the app), so there is nothing for
  // them to choose, and their page sends them to their dashboard (decisions 201 and 205).
  app.get('/settings', {
    config: { access: ['client', 'maker', 'mind'] },
    schema: { tags: ['notifications'], summary: 'Which kinds of email you receive (in-app notifications are always on)', response: { 200: notificationSettingsSchema, ...errors } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getNotificationSettings(app.db, (await request.requireAuth()).userId);
    },
  });

  app.put('/settings', {
    config: { access: ['client', 'maker', 'mind'] },
    schema: { tags: ['notifications'], summary: 'Turn each kind of email on or off', body: notificationSettingsSchema, response: { 200: notificationSettingsSchema, ...errors } },
    handler: async (request) => updateNotificationSettings(app.db, (await request.requireAuth()).userId, request.body),
  });

  app.post('/unsubscribe', {
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    // A link that fails the schema is still answered by the handler: the page's own form is sent back to the page.
    attachValidation: true,
    schema: {
      tags: ['notifications'],
      summary: "Turn off one kind of email from the signed link in it, without signing in (also the List-Unsubscribe one-click address)",
      querystring: unsubscribeQuerySchema,
      body: z.record(z.string(), z.string()).optional(),
      response: { 200: z.object({ ok: z.literal(true) }), 303: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      // The page's own form (it works without scripts) comes back to the page, whatever the answer; a mail
      // provider's one-click and any fetch get JSON. The body is read as sent: it may be what failed validation.
      const body: unknown = request.body;
      const fromPage = typeof body === 'object' && body !== null && (body as Record<string, unknown>).source === 'page';
      if (request.validationError) {
        if (fromPage) return reply.redirect(UNSUBSCRIBE_INVALID_PATH, 303);
        throw request.validationError;
      }
      const { u, k, t } = request.query;
      if (!isValidUnsubscribeToken(app.config.AUTH_SECRET, u, k, t)) {
        if (fromPage) return reply.redirect(UNSUBSCRIBE_INVALID_PATH, 303);
        throw badRequest('This unsubscribe link is not valid.', { t: 'This unsubscribe link is not valid.' });
      }
      await turnEmailOff(app.db, u, k).catch((error: unknown) => {
        // A signed link for an account deleted since: nothing is left to turn off.
        if ((error as { code?: string }).code === '23503') return;
        throw error;
      });
      if (fromPage) return reply.redirect(`/unsubscribe?done=${k}`, 303);
      return { ok: true as const };
    },
  });

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
