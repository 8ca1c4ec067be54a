import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../http/schemas';
import { saveSingleFile } from './service';

export const prefix = '/api/uploads';

const uploadedSchema = z.object({ url: z.string(), thumbnailUrl: z.string().nullable() });
const responses = { 201: uploadedSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema, 507: errorBodySchema };
const uploadLimit = { max: 20, timeWindow: '1 minute' };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.post('/profile-image', {
    config: { access: ['maker', 'mind'], rateLimit: uploadLimit },
    schema: {
      tags: ['uploads'],
      summary: "Upload the caller's profile image (multipart field `file`, at most 5 MB); replaces the earlier one",
      consumes: ['multipart/form-data'],
      response: responses,
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      return reply.status(201).send(await saveSingleFile(app, request, auth.userId, 'profileImage'));
    },
  });

  app.post('/client-logo', {
    config: { access: ['client'], rateLimit: uploadLimit },
    schema: {
      tags: ['uploads'],
      summary: "Upload the client's company logo (multipart field `file`, at most 5 MB); replaces the earlier one",
      consumes: ['multipart/form-data'],
      response: responses,
    },
    handler: async (request, reply) => {
      const auth = await request.requireAuth();
      return reply.status(201).send(await saveSingleFile(app, request, auth.userId, 'clientLogo'));
    },
  });
};
