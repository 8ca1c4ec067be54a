import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReportListSchema, resolveReportSchema } from '../../../domain/conversation-schemas';
import { errorBodySchema } from '../../http/schemas';
import { adminReviewReportListSchema, adminReviewReportSchema, hideReviewInputSchema } from '../../../domain/review-schemas';
import { listOpenReports, resolveReport } from '../conversations/reports';
import { dismissReviewReport, listReviewModeration, moderateReply, moderateReview } from '../reviews/moderation';

export const prefix = '/api/admin/reports';

const params = z.object({ id: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  app.get('/', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Open message reports, oldest first, each with the message and its context', response: { 200: adminReportListSchema, ...errors } },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { reports: await listOpenReports(app) };
    },
  });

  for (const decision of ['dismiss', 'remove'] as const) {
    app.post(`/:id/${decision}`, {
      config: { access: ['admin'] },
      schema: {
        tags: ['admin'],
        summary: decision === 'dismiss' ? 'Dismiss a report (audited)' : "Remove the reported message: it reads 'Message removed by Humanmade' (audited)",
        params,
        body: resolveReportSchema,
        response: { 204: z.null(), ...errors },
      },
      handler: async (request, reply) => {
        await resolveReport(app, await request.requireAuth(), request.params.id, decision, request.body.reason);
        return reply.status(204).send(null);
      },
    });
  }

  app.get('/reviews', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Open review reports, oldest first, and the reviews now hidden',
      response: { 200: adminReviewReportListSchema.extend({ hidden: z.array(adminReviewReportSchema.shape.review) }), ...errors },
    },
    handler: async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return listReviewModeration(app);
    },
  });

  app.post('/reviews/:id/hide', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: "Hide a review: it reads 'Hidden by Humanmade' and leaves the averages (audited)",
      params,
      body: hideReviewInputSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await moderateReview(app, await request.requireAuth(), request.params.id, 'hide', request.body.reason);
      return reply.status(204).send(null);
    },
  });

  app.post('/reviews/:id/restore', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Restore a hidden review (audited)', params, body: resolveReportSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await moderateReview(app, await request.requireAuth(), request.params.id, 'restore', request.body.reason);
      return reply.status(204).send(null);
    },
  });

  app.post('/reviews/:id/hide-reply', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: "Hide the reviewed person's reply: it reads 'Reply hidden by Humanmade', and the review stays (audited)",
      params,
      body: hideReviewInputSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await moderateReply(app, await request.requireAuth(), request.params.id, 'hide', request.body.reason);
      return reply.status(204).send(null);
    },
  });

  app.post('/reviews/:id/restore-reply', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Restore a hidden reply to a review (audited)', params, body: resolveReportSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await moderateReply(app, await request.requireAuth(), request.params.id, 'restore', request.body.reason);
      return reply.status(204).send(null);
    },
  });

  app.post('/reviews/reports/:id/dismiss', {
    config: { access: ['admin'] },
    schema: { tags: ['admin'], summary: 'Dismiss a review report (audited)', params, body: resolveReportSchema, response: { 204: z.null(), ...errors } },
    handler: async (request, reply) => {
      await dismissReviewReport(app, await request.requireAuth(), request.params.id, request.body.reason);
      return reply.status(204).send(null);
    },
  });
};
