import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aiPolicyStatusSchema } from '../../../domain/settings-schemas';
import { readPlatformSettings } from '../admin-settings/service';
import { tdmRepDocument } from './tdm';

export const prefix = '';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/ai-policy', {
    config: { access: 'public' },
    schema: { tags: ['public'], summary: "Whether creators' work is reserved from AI training now", response: { 200: aiPolicyStatusSchema } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { aiTrainingOptOut } = await readPlatformSettings(app);
      return { aiTrainingOptOut };
    },
  });

  app.get('/.well-known/tdmrep.json', {
    config: { access: 'public' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      const { aiTrainingOptOut } = await readPlatformSettings(app);
      return reply
        .type('application/json; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(JSON.stringify(tdmRepDocument(app.config.PUBLIC_URL, aiTrainingOptOut)));
    },
  });
};
