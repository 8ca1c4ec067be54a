import helmet from 'helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

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
};
