import type { FastifyServerOptions } from 'fastify';
import { serverLogDestination } from './log-destination';

const SECRET_QUERY = /([?&](?:token|code|password|secret)=)[^&]*/gi;

/** Strips secrets from URLs before they are logged (verification and reset links carry tokens). */
export const redactUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');

/** `stream`: where tests capture the log; otherwise standard output, through a destination a full disk cannot end. */
export const buildLoggerOptions = (level: string, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] => ({
  level,
  redact: {
    paths: [
      'req.headers.cookie',
      'req.headers.authorization',
      'res.headers["set-cookie"]',
      '*.password',
      '*.newPassword',
      '*.token',
      'password',
      'token',
    ],
    censor: '[redacted]',
  },
  serializers: {
    req: (request: { method: string; url: string; id: string; ip?: string }) => ({
      id: request.id,
      method: request.method,
      url: redactUrl(request.url),
      ip: request.ip,
    }),
  },
  stream: stream ?? serverLogDestination(),
});
