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
 * Iterative, because a 1 MB body can nest deeper than the call stack. Each value keeps a link to its parent rather
 * than its own path, and strings are checked where they are met: building a path for every value cost about half a
 * second of the event loop for a 1 MB body of 400,000 numbers; a path is spelled out only for what is found.
 */
export const findNulCharacters = (input: unknown, limit = 20): string[] => {
  const found: string[] = [];
  const parents: number[] = [-1];
  const keys: Array<string | number> = [''];
  const containers: object[] = [];
  const pathTo = (at: number, key: string | number) => {
    const parts = [key];
    for (let index = at; index > 0; index = parents[index]!) parts.push(keys[index]!);
    return parts.reverse().join('.');
  };
  if (typeof input === 'string') return input.includes('\u0000') ? ['body'] : [];
  if (input === null || typeof input !== 'object') return [];
  containers.push(input);
  const pending: number[] = [0];
  const visit = (at: number, key: string | number, item: unknown) => {
    if (typeof item === 'string') {
      if (item.includes('\u0000')) found.push(pathTo(at, key));
    } else if (item !== null && typeof item === 'object') {
      containers.push(item);
      parents.push(at);
      keys.push(key);
      pending.push(containers.length - 1);
    }
  };
  while (pending.length > 0 && found.length < limit) {
    const at = pending.pop()!;
    const value = containers[at]!;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length && found.length < limit; index += 1) visit(at, index, value[index]);
    } else {
      for (const key of Object.keys(value)) {
        if (found.length >= limit) break;
        if (key.includes('\u0000')) found.push(pathTo(at, key));
        else visit(at, key, (value as Record<string, unknown>)[key]);
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
