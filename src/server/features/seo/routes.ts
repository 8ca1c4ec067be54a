import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { buildRobots, buildSitemap } from './service';

export const prefix = '';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/robots.txt', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=86400').send(buildRobots(app.config.PUBLIC_URL)),
  });

  app.get('/sitemap.xml', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(await buildSitemap(app)),
  });
};
