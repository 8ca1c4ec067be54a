import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, projectFileReviewResponseSchema, provenanceRemoveSchema, provenanceReviewResponseSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { clearProjectFileReview, listProjectFileReviews } from './project-files';
import { removeProjectFile } from './remove-project-file';
import { approveProvenance, listProvenanceReview, removeProvenance } from './service';

export const prefix = '/api/admin/provenance';

const params = z.object({ itemId: z.uuid() });
const entryParams = z.object({ entryId: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Portfolio images held for a provenance review, each beside the image it resembles', response: { 200: provenanceReviewResponseSchema, ...errors } },
    handler: async () => ({ items: await listProvenanceReview(app.db) }),
  });

  app.post('/:itemId/approve', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Clear a held image: it is shown publicly (audited)', params, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await approveProvenance(app, await request.requireAuth(), request.params.itemId);
      return { ok: true as const };
    },
  });

  app.post('/:itemId/remove', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Remove a held image and its portfolio item (audited)', params, body: provenanceRemoveSchema, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await removeProvenance(app, await request.requireAuth(), request.params.itemId, request.body.reason || null);
      return { ok: true as const };
    },
  });

  app.get('/project-files', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Process docs and deliverables whose Content Credentials declare generative AI', response: { 200: projectFileReviewResponseSchema, ...errors } },
    handler: async () => ({ items: await listProjectFileReviews(app.db) }),
  });

  app.post('/project-files/:entryId/clear', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Approve an AI-declared project file: it counts like any other (audited)', params: entryParams, response: { 200: okSchema, ...errors } },
    handler: async (request) => {
      await clearProjectFileReview(app, await request.requireAuth(), request.params.entryId);
      return { ok: true as const };
    },
  });

  app.post('/project-files/:entryId/remove', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Remove an AI-declared project file: its bytes go, a tombstone joins the process record, the project is told (audited)',
      params: entryParams,
      body: provenanceRemoveSchema,
      response: { 200: okSchema, ...errors },
    },
    handler: async (request) => {
      await removeProjectFile(app, await request.requireAuth(), request.params.entryId, request.body.reason || null);
      return { ok: true as const };
    },
  });
};
