import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { forbidden } from '../http/errors';
import { validationFailed } from './error-handler';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const requestOrigin = (request: FastifyRequest): string | null => {
  const host = request.headers.host;
  return host ? `${request.protocol}://${host}` : null;
};

/**
 * CSRF defence: a state-changing request that names a foreign Origin is refused. Same-origin means the
 * configured public URL or the Host the browser itself addressed (which a cross-site page cannot forge).
 */
export const isAllowedOrigin = (request: FastifyRequest, publicUrl: string, extra: readonly string[]): boolean => {
  const origin = request.headers.origin;
  if (origin === undefined) {
    const site = request.headers['sec-fetch-site'];
    return site === undefined || site === 'same-origin' || site === 'none';
  }
  if (origin === 'null') return false;
  return origin === new URL(publicUrl).origin || origin === requestOrigin(request) || extra.includes(origin);
};

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the null character (U+0000).';

/**
 * Where a NUL character hides in parsed input (strings and keys, at any depth), as field names in the form the
 * validation errors use (`items.0.title`; `body` for the value itself). PostgreSQL cannot store NUL in text.
 * Iterative, because a 1 MB body can nest deeper than the call stack.
 */
export const findNulCharacters = (input: unknown): string[] => {
  const found: string[] = [];
  const pending: Array<[value: unknown, path: string]> = [[input, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [value, path] = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) found.push(path || 'body');
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes('\u0000')) found.push(itemPath);
        else pending.push([item, itemPath]);
      }
    }
  }
  return found;
};

/** Refuses input (params, query, JSON body, multipart fields) that holds a NUL character, in the validation error format. */
export const requireNoNulCharacters = (...sources: unknown[]): void => {
  const fields: Record<string, string> = {};
  for (const field of sources.flatMap((source) => findNulCharacters(source)).slice(0, 20)) fields[field] ??= NUL_CHARACTER_MESSAGE;
  if (Object.keys(fields).length > 0) throw validationFailed(fields);
};

const refuseNulCharacters: preValidationAsyncHookHandler = async (request) => {
  requireNoNulCharacters(request.params, request.query, request.body);
};

export const registerSecurity = async (app: FastifyInstance): Promise<void> => {
  const { config } = app;
  const devOrigins = config.isProduction ? [] : ['http://localhost:5173', 'http://127.0.0.1:5173'];
  const s3Origin = config.S3_ENDPOINT ? new URL(config.S3_ENDPOINT).origin : null;

  // One helmet middleware for the app's lifetime. (@fastify/helmet rebuilt it, parsing the CSP, on every request:
  // about 6% of the CPU of a small JSON response under load.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(s3Origin ? [s3Origin] : [])],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'https:', ...(s3Origin ? [s3Origin] : [])],
        frameSrc: ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : { upgradeInsecureRequests: null }),
      },
    },
    hsts: config.isProduction ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)));

  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (!isAllowedOrigin(request, config.PUBLIC_URL, devOrigins)) {
      request.log.warn({ origin: request.headers.origin }, 'refused cross-origin state-changing request');
      throw forbidden('Cross-origin request refused.');
    }
  });

  // Added to each route rather than to the app, because route hooks run after the app's: the access check
  // (plugins/access.ts) answers first, so a caller who may not use a route learns nothing from this refusal either.
  // Multipart fields are read in the handler and checked there (storage/upload-request.ts).
  app.addHook('onRoute', (route) => {
    const existing = route.preValidation;
    route.preValidation = [refuseNulCharacters, ...(existing === undefined ? [] : Array.isArray(existing) ? existing : [existing])];
  });
};
