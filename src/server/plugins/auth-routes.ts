import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isExposedAuthPath } from '../auth/auth';
import { toFetchHeaders } from '../http/headers';
import { notFound } from '../http/errors';

/**
 * Anyone can make these send an email to an address they name, so they get a much tighter per-IP limit than the
 * rest of /api/auth: a person needs one or two, a mail-bombing run needs thousands.
 */
export const EMAIL_SENDING_AUTH_PATHS = ['/api/auth/request-password-reset', '/api/auth/send-verification-email'] as const;
export const EMAIL_SENDING_AUTH_LIMIT = { max: 5, timeWindow: '10 minutes' } as const;

/** Hands the allow-listed better-auth endpoints (verify email, password reset) to better-auth. */
export const registerAuthPassthrough = (app: FastifyInstance): void => {
  const forward = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, app.config.PUBLIC_URL);
    if (!isExposedAuthPath(url.pathname)) throw notFound();
    const hasBody = request.method !== 'GET' && request.body !== undefined;
    const response = await app.auth.handler(
      new Request(url, {
        method: request.method,
        headers: toFetchHeaders(request),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      }),
    );
    reply.status(response.status);
    response.headers.forEach((value, key) => {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    const text = await response.text();
    return reply.send(text.length > 0 ? text : undefined);
  };

  for (const url of EMAIL_SENDING_AUTH_PATHS) {
    app.route({ method: 'POST', url, config: { access: 'public', rateLimit: EMAIL_SENDING_AUTH_LIMIT }, schema: { hide: true }, handler: forward });
  }
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    schema: { hide: true },
    handler: forward,
  });
};
