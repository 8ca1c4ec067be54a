import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  clientRecordSchema,
  ownReviewIdsSchema,
  projectReviewStateSchema,
  replyInputSchema,
  reportReviewInputSchema,
  reviewInputSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
} from '../../../domain/review-schemas';
import { MARKETPLACE_MESSAGES } from '../../../domain/marketplace';
import { REVIEW_MESSAGES } from '../../../domain/reviews';
import { errorBodySchema } from '../../http/schemas';
import { notFound } from '../../http/errors';
import { findApprovedCreator } from '../creators/visibility';
import { getReviewState, replyToReview, reportReview, writeReview } from './service';
import { hasProjectWith, listCreatorReviews, listOwnReviewIds, loadClientRecord } from './views';
import { registerReviewJobs } from './window';

export const prefix = '/api/reviews';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const projectParams = z.object({ projectId: z.uuid() });
const reviewParams = z.object({ reviewId: z.uuid() });

export const routes: FastifyPluginAsyncZod = async (app) => {
  registerReviewJobs(app);

  app.get('/projects/:projectId', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['reviews'],
      summary: "The caller's side of a project's reviews; the other side's only once both are published",
      params: projectParams,
      response: { 200: projectReviewStateSchema, ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getReviewState(app, await request.requireAuth(), request.params.projectId);
    },
  });

  app.put('/projects/:projectId', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['reviews'],
      summary: 'Write or edit the caller\'s review of the other party, until both are published',
      params: projectParams,
      body: reviewInputSchema,
      response: { 200: projectReviewStateSchema, ...errors },
    },
    handler: async (request) => writeReview(app, await request.requireAuth(), request.params.projectId, request.body),
  });

  app.get('/creators/:userId', {
    config: { access: 'public' },
    schema: {
      tags: ['reviews'],
      summary: "A public creator's published reviews, newest first, a page at a time",
      params: z.object({ userId: z.string().min(1).max(100) }),
      querystring: reviewPageQuerySchema,
      response: { 200: reviewPageSchema, ...errors },
    },
    handler: async (request) => {
      if (!(await findApprovedCreator(app.db, request.params.userId))) throw notFound(MARKETPLACE_MESSAGES.notFound);
      return listCreatorReviews(app.db, request.params.userId, request.query.cursor);
    },
  });

  app.get('/creators/:userId/mine', {
    config: { access: 'public' },
    schema: {
      tags: ['reviews'],
      summary: "Which of a creator's published reviews the signed-in reader wrote (none for an anonymous visitor)",
      params: z.object({ userId: z.string().min(1).max(100) }),
      response: { 200: ownReviewIdsSchema, ...errors },
    },
    handler: async (request, reply) => {
      // Per reader: the public pages above (and the studio's cached first page) stay the same for everyone, and no
      // shared cache may keep this answer.
      reply.header('cache-control', 'private, no-store').header('vary', 'cookie');
      const { userId } = request.params;
      if (!(await findApprovedCreator(app.db, userId))) throw notFound(MARKETPLACE_MESSAGES.notFound);
      const viewer = await request.resolveAuth();
      return { reviewIds: viewer ? await listOwnReviewIds(app.db, userId, viewer.userId) : [] };
    },
  });

  app.get('/clients/:clientId/record', {
    config: { access: ['maker', 'mind', 'admin'] },
    schema: {
      tags: ['reviews'],
      summary: "A client's record (projects completed, creators' average rating, member since), for a creator they asked",
      params: z.object({ clientId: z.string().min(1).max(100) }),
      response: { 200: clientRecordSchema, ...errors },
    },
    handler: async (request) => {
      const auth = await request.requireAuth();
      const { clientId } = request.params;
      const allowed = auth.role === 'admin' || (await hasProjectWith(app.db, auth.userId, clientId));
      const record = allowed ? await loadClientRecord(app.db, clientId) : null;
      if (!record) throw notFound('Client not found');
      return record;
    },
  });

  app.post('/:reviewId/reply', {
    // Creators only: a reply is shown under the review on the creator's studio, and a review of a client is shown
    // nowhere in public, so a client's reply would be read by no one (decision 199).
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['reviews'],
      summary: 'The reviewed creator publishes their one reply, shown under the review on their studio',
      params: reviewParams,
      body: replyInputSchema,
      response: { 204: z.null(), ...errors },
    },
    handler: async (request, reply) => {
      await replyToReview(app, await request.requireAuth(), request.params.reviewId, request.body.body);
      return reply.status(204).send(null);
    },
  });

  app.post('/:reviewId/report', {
    config: { access: 'authenticated' },
    schema: {
      tags: ['reviews'],
      summary: 'Report a published review to the Humanmade team',
      params: reviewParams,
      body: reportReviewInputSchema,
      response: { 200: z.object({ message: z.string() }), ...errors },
    },
    handler: async (request) => {
      await reportReview(app, await request.requireAuth(), request.params.reviewId, request.body.reason);
      return { message: REVIEW_MESSAGES.reported };
    },
  });
};
