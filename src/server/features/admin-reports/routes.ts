import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReportListSchema, resolveReportSchema } from '../../../domain/conversation-schemas';
import { microsCursorQuerySchema } from '../../../domain/keyset-cursor';
import { errorBodySchema } from '../../http/schemas';
import { adminHiddenReviewListSchema, adminReviewReportListSchema, hideReviewInputSchema } from '../../../domain/review-schemas';
import { listOpenReports, resolveReport } from '../conversations/reports';
import { dismissReviewReport, listHiddenReviews, listReviewReports, moderateReply, moderateReview } from '../reviews/moderation';

export const prefix = '/api/admin/reports';

const params = z.object({ id: z.uuid() });
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export const routes: FastifyPluginAsyncZod = async (app) => {
  // The Reports view's three lists are each read a keyset page at a time (decision 229): `?cursor=` the page before's
  // `nextCursor`.
  app.get('/', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Open message reports, oldest first, each with the message and its context; a keyset page at a time (`cursor`)',
      querystring: microsCursorQuerySchema,
      response: { 200: adminReportListSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listOpenReports(app, request.query.cursor);
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
      summary: 'Open review reports, oldest first; a keyset page at a time (`cursor`)',
      querystring: microsCursorQuerySchema,
      response: { 200: adminReviewReportListSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listReviewReports(app, request.query.cursor);
    },
  });

  app.get('/reviews/hidden', {
    config: { access: ['admin'] },
    schema: {
      tags: ['admin'],
      summary: 'Reviews hidden, or with their reply hidden, newest decision first, to restore; a keyset page at a time (`cursor`)',
      querystring: microsCursorQuerySchema,
      response: { 200: adminHiddenReviewListSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listHiddenReviews(app, request.query.cursor);
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
