import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { platformSettingsSchema, platformSettingsUpdateSchema } from '../../../domain/settings-schemas';
import { errorBodySchema } from '../../http/schemas';
import { readPlatformSettingsFresh, updatePlatformSettings } from './service';

export const prefix = '/api/admin/settings';

const settingsResponse = z.object({ settings: platformSettingsSchema });

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'The platform settings', response: { 200: settingsResponse, 401: errorBodySchema, 403: errorBodySchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { settings: await readPlatformSettingsFresh(app) };
    },
  });

  app.patch('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Change platform settings (audited)',
      body: platformSettingsUpdateSchema,
      response: { 200: settingsResponse, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => ({ settings: await updatePlatformSettings(app, await request.requireAuth(), request.body) }),
  });
};
