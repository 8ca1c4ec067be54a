import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../http/schemas';
import { isStripeConfigured } from './stripe-client';
import { refreshConnectStatus, startOnboarding } from './stripe-connect';
import { registerStripeJobs } from './stripe-jobs';
import { processStripeEvent, verifyStripeEvent } from './stripe-webhooks';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

/**
 * The Stripe provider's routes and jobs (decision 171), registered under /api/payments only when Stripe is configured.
 * The webhook lives in a plugin of its own so that its raw-body parser applies to it alone.
 */
export const stripeRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!isStripeConfigured(app.config)) return;
  registerStripeJobs(app);

  app.post('/connect/onboarding', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: "A Stripe onboarding link for the creator's connected account (made the first time)",
      response: { 200: z.object({ url: z.string() }), ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startOnboarding(app, await request.requireAuth());
    },
  });

  // Where Stripe's onboarding sends the creator back (decision 220): their account is read from Stripe, so a missed
  // account.updated never leaves them 'pending' with their transfers waiting.
  app.post('/connect/refresh', {
    config: { access: ['maker', 'mind'] },
    schema: {
      tags: ['payments'],
      summary: "Reads the creator's connected account from Stripe and stores its state (on return from onboarding)",
      response: { 200: z.object({ connect: z.enum(['not_started', 'pending', 'ready']) }), ...errors },
    },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { connect: await refreshConnectStatus(app, await request.requireAuth()) };
    },
  });

  await app.register(async (webhook) => {
    // The signature covers the exact bytes: the body must reach the handler unparsed.
    webhook.removeAllContentTypeParsers();
    webhook.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    webhook.post('/stripe/webhook', {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Stripe webhook: verified by signature, each event applied once',
        response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: errorBodySchema },
      },
      handler: async (request) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = await verifyStripeEvent(app, raw, request.headers['stripe-signature']);
        const { duplicate } = await processStripeEvent(app, event);
        request.log.info({ stripeEvent: event.id, type: event.type, duplicate }, 'stripe webhook');
        return { received: true as const, duplicate };
      },
    });
  });
};
