import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { processRecordSchema, processRecordStatusSchema, processRecordVerificationSchema, sha256Hex } from '../../../domain/process-record-schemas';
import { readableFromAnyOrigin } from '../../http/headers';
import { errorBodySchema } from '../../http/schemas';
import { getProcessRecord, publicProcessRecordStatus, verifyProcessRecord } from './service';

export const prefix = '/api/process-records';

const params = z.object({ projectId: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
/** A check reads every file of the project: a few per minute is plenty for a person, and keeps it from being a lever. */
const VERIFY_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/:projectId', {
    config: { access: 'authenticated' },
    schema: { tags: ['process-record'], summary: "A project's process record, for its client, its creator or an admin", params, response: { 200: processRecordSchema, ...errors } },
    handler: async (request) => ({ entries: await getProcessRecord(app, await request.requireAuth(), request.params.projectId) }),
  });

  app.get('/:projectId/verification', {
    config: { access: 'authenticated', rateLimit: VERIFY_LIMIT },
    schema: {
      tags: ['process-record'],
      summary: 'Recompute the chain and every file hash now, entry by entry (client, creator or admin)',
      params,
      response: { 200: processRecordVerificationSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return verifyProcessRecord(app, await request.requireAuth(), request.params.projectId);
    },
  });

  app.get('/:projectId/status', {
    config: { access: 'public', rateLimit: VERIFY_LIMIT },
    schema: {
      tags: ['process-record'],
      summary:
        "Whether a project's process record verifies, for anyone; reveals no file and no person (410: removed with its client's deleted account). With ?head= (a head a Seal credential cites), also whether that entry is still in a chain that verifies",
      params,
      querystring: z.object({ head: sha256Hex.optional() }),
      response: { 200: processRecordStatusSchema, ...errors, 410: errorBodySchema },
    },
    handler: async (request, reply) => {
      readableFromAnyOrigin(reply).header('cache-control', 'no-store');
      return publicProcessRecordStatus(app, request.params.projectId, request.query.head);
    },
  });
};
