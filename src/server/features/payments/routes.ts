import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { stripeRoutes } from './stripe-routes';

export const prefix = '/api/payments';

export const routes: FastifyPluginAsyncZod = async (app) => {
  await app.register(stripeRoutes);
};
