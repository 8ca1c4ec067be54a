import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicantParamsSchema, applicationDecisionSchema, applicationsResponseSchema, reasonSchema } from '../../../domain/admin-schemas';
import { errorBodySchema } from '../../http/schemas';
import { decideApplication, listPendingApplications } from './service';

export const prefix = '/api/admin/applications';

const decisionResponses = {
  200: applicationDecisionSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Pending maker and mind applications, newest first',
      response: { 200: applicationsResponseSchema, 401: errorBodySchema, 403: errorBodySchema },
    },
    handler: async () => listPendingApplications(app.db),
  });

  app.post('/:role/:userId/approve', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Approve a pending application; the applicant is emailed',
      params: applicantParamsSchema,
      response: decisionResponses,
    },
    handler: async (request) => {
      const auth = await request.requireAuth();
      return decideApplication(app, auth, request.params.role, request.params.userId, { status: 'approved' });
    },
  });

  app.post('/:role/:userId/reject', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Reject a pending application with an optional reason shown to the applicant',
      params: applicantParamsSchema,
      body: reasonSchema,
      response: decisionResponses,
    },
    handler: async (request) => {
      const auth = await request.requireAuth();
      const reason = request.body.reason || null;
      return decideApplication(app, auth, request.params.role, request.params.userId, { status: 'rejected', reason });
    },
  });
};
