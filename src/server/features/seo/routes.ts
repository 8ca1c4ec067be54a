import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readPlatformSettings } from '../admin-settings/service';
import { buildRobots, buildSitemap } from './service';

export const prefix = '';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      const { aiTrainingOptOut } = await readPlatformSettings(app);
      // An hour, so that turning the opt-out off or on reaches crawlers the same day.
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(buildRobots(app.config.PUBLIC_URL, aiTrainingOptOut));
    },
  });

  app.get('/sitemap.xml', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await buildSitemap(app)),
  });
};
