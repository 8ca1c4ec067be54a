import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http/errors';

const fieldName = (instancePath: string): string => instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';

/** One error format for the whole API: `{ error, message, fields? }`; 5xx details never leave the server. */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath);
        fields[key] ??= issue.message ?? 'Invalid value';
      }
      const first = Object.values(fields)[0] ?? 'Invalid request';
      return reply.status(400).send({ error: 'validation_error', message: first, fields });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ error: 'internal_error', message: 'Something went wrong on our side. Please try again.' });
    }
    if (status === 429) {
      return reply.status(429).send({ error: 'rate_limited', message: error.message || 'Too many requests. Please wait a minute and try again.' });
    }
    if (status === 413) {
      return reply.status(413).send({ error: 'payload_too_large', message: 'The request is too large.' });
    }
    return reply.status(status).send({ error: error.code?.toLowerCase() ?? 'bad_request', message: error.message });
  });
};
