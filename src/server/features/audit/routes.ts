import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditResponseSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { listAuditEntries } from './service';

export const prefix = '/api/admin/audit';

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'The newest audit-log entries: who did what to which record, when and why',
      response: { 200: auditResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => ({ entries: await listAuditEntries(app.db) }),
  });
};
