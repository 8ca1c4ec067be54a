import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminProjectsQuerySchema, adminProjectsResponseSchema, cancelActiveProjectSchema, reasonSchema } from '../../../domain/admin-schemas';
import { PROJECT_STATUSES } from '../../../domain/constants';
import { DISPUTE_OUTCOMES, flaggedCancelSchema } from '../../../domain/payment-schemas';
import { errorBodySchema } from '../../http/schemas';
import { cancelActiveProject } from '../projects/ending';
import { listProjects, resolveFlag } from './service';

export const prefix = '/api/admin/projects';

const params = z.object({ projectId: z.uuid({ error: 'Project not found' }) });
const resolvedSchema = z.object({
  id: z.string(),
  status: z.enum(PROJECT_STATUSES),
  flagged: z.boolean(),
  /** A cancellation's money: what the held funding became (decision 170). */
  money: z
    .object({
      outcome: z.enum(DISPUTE_OUTCOMES),
      milestoneId: z.string().nullable(),
      fundedCents: z.number().int(),
      creatorCents: z.number().int(),
      feeCents: z.number().int(),
      refundCents: z.number().int(),
      invoicesVoided: z.array(z.string()),
    })
    .optional(),
});
const actionResponses = { 200: resolvedSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'The 50 newest projects, or the flagged ones with their reason (?filter=flagged)',
      querystring: adminProjectsQuerySchema,
      response: { 200: adminProjectsResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async (request) => ({ projects: await listProjects(app.db, request.query.filter) }),
  });

  app.post('/:projectId/clear-flag', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Clear a client’s flag: the project stays in review, unflagged',
      params,
      body: reasonSchema,
      response: actionResponses,
    },
    handler: async (request) => resolveFlag(app, await request.requireAuth(), request.params.projectId, 'clear', request.body.reason || null),
  });

  app.post('/:projectId/cancel', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Cancel a flagged project; the funded work under review is refunded (default), released, or split by amount',
      params,
      body: flaggedCancelSchema,
      response: actionResponses,
    },
    handler: async (request) => {
      const { reason, outcome, creatorCents } = request.body;
      return resolveFlag(app, await request.requireAuth(), request.params.projectId, 'cancel', reason || null, { outcome, creatorCents });
    },
  });

  app.post('/:projectId/cancel-active', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Cancel an active project whose current milestone is not submitted, with a reason; money held for unapproved work is refunded to the client',
      params,
      body: cancelActiveProjectSchema,
      response: actionResponses,
    },
    handler: async (request) => cancelActiveProject(app, await request.requireAuth(), request.params.projectId, request.body.reason),
  });
};
