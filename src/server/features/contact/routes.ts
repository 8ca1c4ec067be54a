import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactAcceptedSchema, contactRequestSchema } from '../../../domain/contact-schemas';
import { errorBodySchema } from '../../http/schemas';
import { contactCreator, submitContactMessage } from './service';

export interface ContactRouteOptions {
  /** Per-IP limit for each contact form; tests pass a smaller one. */
  rateLimit?: { max: number; timeWindow: string | number };
}

/** Five messages per address every ten minutes (`CONTACT_RATE_LIMIT_PER_10_MINUTES`) is plenty for a person and useless for a spam run. */
export const CONTACT_RATE_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

export const prefix = '/api/contact';

const responses = { 201: contactAcceptedSchema, 400: errorBodySchema, 404: errorBodySchema, 429: errorBodySchema };

export const routes: FastifyPluginAsyncZod<ContactRouteOptions> = async (app, options) => {
  const rateLimit = options.rateLimit ?? { ...CONTACT_RATE_LIMIT, max: app.config.CONTACT_RATE_LIMIT_PER_10_MINUTES };

  app.post('/', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['contact'],
      summary: 'Send a message from the Contact page (stored and emailed to the contact inbox)',
      body: contactRequestSchema,
      response: responses,
    },
    handler: async (request, reply) => {
      const outcome = await submitContactMessage(app, request.body);
      if (outcome === 'dropped') request.log.info('contact honeypot filled: message dropped');
      // A bot gets the same answer as a person, so it learns nothing about the honeypot.
      return reply.status(201).send({ ok: true });
    },
  });

  app.post('/creators/:creatorId', {
    config: { access: 'public', rateLimit },
    schema: {
      tags: ['contact'],
      summary: 'Send a message about an approved creator from the marketplace',
      params: z.object({ creatorId: z.string().min(1).max(100) }),
      body: contactRequestSchema,
      response: responses,
    },
    handler: async (request, reply) => {
      const outcome = await contactCreator(app, request.params.creatorId, request.body);
      if (outcome === 'dropped') request.log.info('marketplace contact honeypot filled: message dropped');
      return reply.status(201).send({ ok: true });
    },
  });
};
