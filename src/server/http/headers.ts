import type { FastifyReply, FastifyRequest } from 'fastify';

export const toFetchHeaders = (request: FastifyRequest): Headers => {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) value.forEach((item) => headers.append(key, item));
    else headers.set(key, String(value));
  }
  return headers;
};

/** Copies Set-Cookie headers produced by better-auth onto the Fastify reply. */
export const forwardSetCookies = (from: Headers, reply: FastifyReply): void => {
  const cookies = from.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
};

/**
 * A public document that verifiers on other sites fetch from the browser (the DID document, the Seal status list, a
 * Seal credential, whether a process record verifies): readable from any origin. `*` never carries cookies, and these
 * answers read none, so nothing private can leak; the site-wide `same-origin` resource policy would otherwise block them.
 */
export const readableFromAnyOrigin = (reply: FastifyReply): FastifyReply =>
  reply.header('access-control-allow-origin', '*').header('cross-origin-resource-policy', 'cross-origin');
