import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const registerOpenApi = async (app: FastifyInstance): Promise<void> => {
  await app.register(swagger, {
    openapi: {
      info: { title: `${app.config.SITE_NAME} API`, version: '1.0.0', description: 'Curated marketplace of verified human creators.' },
      servers: [{ url: app.config.PUBLIC_URL }],
    },
    transform: jsonSchemaTransform,
  });
  // The global helmet CSP (no inline script) also covers the documentation UI.
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
};
