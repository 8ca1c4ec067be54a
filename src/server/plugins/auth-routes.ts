import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isExposedAuthPath } from '../auth/auth';
import { toFetchHeaders } from '../http/headers';
import { badRequest, notFound } from '../http/errors';

/** Where better-auth may send the browser after a link: better-auth turns these into URLs and fails (500) on junk. */
const REDIRECT_PARAMETERS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'] as const;

/** A path on this site ("/…", not "//…") or an absolute http(s) URL; better-auth's origin check decides which hosts. */
export const isUsableRedirect = (value: string): boolean => {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.startsWith('/\\');
  try {
    const parsed = new URL(value);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
};

const checkRedirects = (url: URL, body: unknown): void => {
  const fields: Record<string, string> = {};
  const bodyRecord = body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  for (const name of REDIRECT_PARAMETERS) {
    for (const value of [url.searchParams.get(name), bodyRecord[name]]) {
      if (value === null || value === undefined) continue;
      if (typeof value !== 'string' || !isUsableRedirect(value)) fields[name] = 'Enter a path on this site, such as /account.';
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest('This link is not valid.', fields);
};

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
    checkRedirects(url, request.body);
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
