import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isAppPath } from '../../domain/routes';
import { resolvePageMeta, injectPageMeta, type PageMeta } from '../web-meta';

export const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/web');

/**
 * Serves the built web app: hashed assets with a year-long cache, and index.html (never cached) for every
 * app route. Unknown paths get the same app, which renders the not-found page, with HTTP status 404.
 */
export const registerWeb = async (app: FastifyInstance, root: string = webRoot): Promise<void> => {
  const indexFile = path.join(root, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;

  if (template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // Our own cache policy below: immutable for hashed assets, short for the rest.
      cacheControl: false,
      // The build writes .br and .gz copies of every asset; serve them to browsers that accept them.
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
    if (!template) {
      return reply.status(status === 404 ? 404 : 503).type('text/plain').send(status === 404 ? 'Not found' : 'The web app is not built yet. Run `npm run build`.');
    }
    const pathname = new URL(request.url, 'http://x').pathname;
    const meta: PageMeta = await resolvePageMeta(app, pathname, status);
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(injectPageMeta(template, meta));
  };

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    }
    if (isAppPath(pathname)) return sendPage(request, reply, 200);
    request.log.info({ path: pathname }, 'page not found');
    return sendPage(request, reply, 404);
  });
};
