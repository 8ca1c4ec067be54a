import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '../../domain/messages';
import { userRoles } from '../db/schema';
import { toFetchHeaders } from '../http/headers';
import { HttpError, forbidden, unauthorized } from '../http/errors';
import type { ResolvedSession } from '../auth/session-cache';
import type { AccessPolicy, AuthContext } from '../types';

/** Routes that plugins register for us (documentation UI) are outside the policy check. */
const POLICY_EXEMPT_PREFIXES = ['/api/docs'];

export const lookupRole = async (app: FastifyInstance, userId: string) => {
  const [row] = await app.db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)).limit(1);
  return row?.role ?? null;
};

/** The session cookies' values (better-auth signs them, so only a value it accepted can be in the cache). */
const sessionCookieKey = (cookie: string): string =>
  cookie
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.slice(0, part.indexOf('=')).endsWith('session_token'))
    .join(';');

const lookupSession = async (app: FastifyInstance, request: FastifyRequest): Promise<ResolvedSession | null> => {
  const result = await app.auth.api.getSession({ headers: toFetchHeaders(request) });
  if (!result) return null;
  const role = await lookupRole(app, result.user.id);
  if (!role) throw new HttpError(403, 'account_incomplete', AUTH_MESSAGES.setupIncomplete);
  return {
    expiresAt: new Date(result.session.expiresAt),
    auth: {
      userId: result.user.id,
      sessionId: result.session.id,
      role,
      name: result.user.name,
      email: result.user.email,
      emailVerified: result.user.emailVerified,
      image: result.user.image ?? null,
    },
  };
};

/** The request's session, from the session cache when it holds it (so a signed-out session is refused at once). */
export const resolveAuthFor = async (app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> => {
  const cookie = request.headers.cookie;
  if (!cookie || !cookie.includes('session_token')) return null;
  const key = sessionCookieKey(cookie);
  if (!key) return null;
  return app.sessionCache.resolve(key, () => lookupSession(app, request));
};

export interface CatalogedRoute {
  method: string;
  url: string;
  access: AccessPolicy;
}

export const registerAccess = (app: FastifyInstance): void => {
  const catalog: CatalogedRoute[] = [];
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || POLICY_EXEMPT_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    if (methods.length === 0) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access policy (config.access)`);
    }
    for (const method of methods) catalog.push({ method: String(method), url: route.url, access });
  });

  app.decorateRequest('resolveAuth', function resolveAuth(this: FastifyRequest) {
    throw new Error('replaced per request');
  });
  app.decorateRequest('requireAuth', function requireAuth(this: FastifyRequest) {
    throw new Error('replaced per request');
  });

  app.addHook('onRequest', async (request) => {
    let cached: Promise<AuthContext | null> | null = null;
    request.resolveAuth = () => {
      cached ??= resolveAuthFor(app, request);
      return cached;
    };
    request.requireAuth = async () => {
      const auth = await request.resolveAuth();
      if (!auth) throw unauthorized();
      return auth;
    };
  });

  // Before validation, so that a caller who may not use a route learns nothing from its validation errors.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const auth = await request.requireAuth();
    if (access !== 'authenticated' && !access.includes(auth.role)) throw forbidden();
  });
};
