import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { studioSchema } from '../../../domain/marketplace-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listingCacheFor, cacheOutcomeHeader, sendCachedJson } from '../marketplace/listing-cache';
import { getStudio, getVersionedStudio } from './service';

export const prefix = '/api/studio';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:userId', {
    // Public: approved studios are for everyone; the service lets only the owner and admins preview the rest.
    config: { access: 'public' },
    schema: {
      tags: ['studio'],
      summary: "A creator's public studio: profile, specialties or expertise, intro video and portfolio",
      params: z.object({ userId: z.string().min(1).max(100) }),
      response: { 200: studioSchema, 404: errorBodySchema },
    },
    handler: async (request, reply) => {
      // The answer depends on who asks (owner and admin previews), so shared caches must not keep it.
      reply.header('cache-control', 'private, no-cache');
      const { userId } = request.params;
      const viewer = await request.resolveAuth();
      if (viewer && (viewer.userId === userId || viewer.role === 'admin')) return getStudio(app.db, userId, viewer);
      // Everyone else sees the public studio, the same for all: kept by the listing version (decision 083), which the
      // studio's own statement reads. A studio that is not public fails the computation, which is not kept: 404.
      const body = await listingCacheFor(app.db, 'studio').getVersioned(
        userId,
        async () => {
          const { studio, version } = await getVersionedStudio(app.db, userId, null);
          return { version, body: JSON.stringify(z.encode(studioSchema, studio)) };
        },
        cacheOutcomeHeader(reply),
      );
      return sendCachedJson(reply, body);
    },
  });
};
