import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { FIRST_PAINT_DATA_ID, serializeFirstPaintData, type FirstPaintQuery } from '../../domain/first-paint';
import { AI_POLICY_PATH, aiPolicyQueryKey } from '../../domain/settings-schemas';
import { studioQueryKey, type StudioData } from '../../domain/marketplace';
import { reviewPageQueryKey, reviewPageUrl, STUDIO_REVIEWS_PARAM } from '../../domain/review-schemas';
import { creatorsQueryKey, directoryCursorFrom, filtersFromParams, filtersToParams } from '../../domain/marketplace-directory';
import { POSTED_FORM_ID, type PostedForm } from '../../domain/posted-form';
import { guardForPath, resolveGuardRedirect } from '../../domain/page-guards';
import { isAppPath } from '../../domain/routes';
import { credentialVerificationQueryKey, VERIFY_PATH } from '../../domain/seal-credential-schemas';
import type { PublicCreator } from '../features/creators/visibility';
import { loadFirstPaint } from '../first-paint';
import { builtWebRoot } from '../paths';
import { resolvePageMeta, injectPageMeta, STUDIO_PATH, type PageMeta } from '../web-meta';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The best encoding the browser accepts for a page: brotli, then gzip (an explicit q=0 refuses one). */
export const pageEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | null => {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param)))
      .map(([name]) => name?.trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
};

/** Pages are small (about 20 KB with their first paint): compressed fast, per response. */
const compressPage = (html: string, encoding: 'br' | 'gzip'): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
    : gzipAsync(html, { level: 6 });

/**
 * Public answers a page's first paint includes, so its main content is in the HTML (decision 084): a public
 * studio, and the marketplace's first page for the filters in the address. Both are asked of their API routes as
 * an anonymous visitor would ask, so those routes' visibility rules, caches and encoding apply. A studio that is
 * not public is passed as a null answer, which the page renders as 'Creator Not Found' and the server answers
 * with 404 (decision 115), unless the viewer is its owner or an admin: their browser fetches the preview, as
 * before. Anything else, or any failure, renders the loading state and the browser fetches as usual; `unavailable`
 * says an answer was 503 (the database could not be reached), so the page answers 503 rather than 200 or 404.
 */
const firstPaintQueries = async (app: FastifyInstance, request: FastifyRequest, url: URL, posted?: PostedForm): Promise<FirstPaint> => {
  const unreachable = { seen: false };
  const ask = async (key: readonly unknown[], apiUrl: string, wrap: (answer: unknown) => unknown = (answer) => answer) => {
    const response = await app.inject({ method: 'GET', url: apiUrl });
    if (response.statusCode === 503) unreachable.seen = true;
    return { status: response.statusCode, queries: response.statusCode === 200 ? [{ key, data: wrap(response.json()) }] : [] };
  };
  const queries = await firstPaintAnswers(app, request, url, ask, unreachable, posted);
  return { queries, unavailable: unreachable.seen };
};

interface FirstPaint {
  queries: FirstPaintQuery[];
  unavailable: boolean;
}

type Ask = (key: readonly unknown[], apiUrl: string, wrap?: (answer: unknown) => unknown) => Promise<{ status: number; queries: FirstPaintQuery[] }>;

const firstPaintAnswers = async (app: FastifyInstance, request: FastifyRequest, url: URL, ask: Ask, unreachable: { seen: boolean }, posted?: PostedForm): Promise<FirstPaintQuery[]> => {
  try {
    const studio = STUDIO_PATH.exec(url.pathname);
    if (studio) {
      const userId = decodeURIComponent(studio[1]);
      const apiUrl = `/api/studio/${encodeURIComponent(userId)}`;
      const answer = await ask(studioQueryKey(userId), apiUrl);
      const reviewsCursor = url.searchParams.get(STUDIO_REVIEWS_PARAM);
      if (answer.status === 200 && reviewsCursor) {
        // An older page of its reviews, reached without scripts by the 'Show older reviews' link.
        const older = await ask(reviewPageQueryKey(userId, reviewsCursor), reviewPageUrl(userId, reviewsCursor));
        return [...answer.queries, ...older.queries];
      }
      // An id longer than any route takes (414) names no creator either.
      if (answer.status !== 404 && answer.status !== 414) return answer.queries;
      // Only a signed-in viewer can see more than the public; only then is the studio asked for again.
      const { cookie } = request.headers;
      const asViewer = cookie ? await app.inject({ method: 'GET', url: apiUrl, headers: { cookie } }) : null;
      return asViewer?.statusCode === 200 ? [] : [{ key: studioQueryKey(userId), data: null }];
    }
    if (url.pathname === AI_POLICY_PATH) return (await ask(aiPolicyQueryKey, '/api/ai-policy')).queries;
    if (url.pathname === VERIFY_PATH) return await verificationQueries(app, request, url, unreachable, posted);
    if (url.pathname === '/marketplace') {
      const filters = filtersFromParams(url.searchParams);
      // 'Load more' is a link to the next page (`?cursor=`), so the directory goes on without scripts.
      const cursor = directoryCursorFrom(url.searchParams);
      const pageUrl = (from: string | null) => {
        const params = filtersToParams(filters);
        if (from) params.set('cursor', from);
        const query = params.toString();
        return `/api/marketplace/creators${query ? `?${query}` : ''}`;
      };
      // The directory is an infinite query: its first page, from the address's cursor or the start.
      let directory = await ask(creatorsQueryKey(filters, cursor), pageUrl(cursor), (page) => ({ pages: [page], pageParams: [cursor] }));
      // A cursor the API refuses (made by hand, or cut short) gives the first creators under the address's key, with
      // "Back to the first creators", rather than a page that stayed on 'Loading creators…' without scripts.
      if (cursor && directory.status === 400) {
        directory = await ask(creatorsQueryKey(filters, cursor), pageUrl(null), (page) => ({ pages: [page], pageParams: [null] }));
      }
      // `?contact=<id>` is the Contact dialog opened by a link (decision 105): it names a public creator, or nothing.
      const contact = url.searchParams.get('contact');
      const creator = contact ? await ask(studioQueryKey(contact), `/api/studio/${encodeURIComponent(contact)}`) : null;
      return [...directory.queries, ...(creator?.queries ?? [])];
    }
  } catch (error) {
    app.log.warn({ err: error, path: url.pathname }, 'first paint data failed; the browser fetches it');
  }
  return [];
};

/**
 * /verify's answer in its first paint, so a check works with no script at all: `?maker=<id>` (the studio's 'Verify
 * this Seal'), the page's own form posted (page-forms), or `?credential=<pasted text>` (a link made by hand, and the
 * form's address before it posted). A maker with no credential is a null answer.
 */
const verificationQueries = async (app: FastifyInstance, request: FastifyRequest, url: URL, unreachable: { seen: boolean }, posted?: PostedForm): Promise<FirstPaintQuery[]> => {
  // Asked as the visitor, so the check's per-address limit counts them, not the server.
  const remoteAddress = request.ip;
  const maker = url.searchParams.get('maker')?.trim();
  const credential = (posted?.form === 'verify' ? posted.values.credential : url.searchParams.get('credential'))?.trim();
  if (maker) {
    const response = await app.inject({ method: 'GET', url: `/api/credentials/seal/${encodeURIComponent(maker)}/verification`, remoteAddress });
    // 'No such Seal' is a 404, or a 414 for an id longer than any maker's, as for a studio; a database that could not
    // be reached is not (the browser asks again).
    if (response.statusCode === 503) unreachable.seen = true;
    const noSuchSeal = response.statusCode === 404 || response.statusCode === 414;
    if (response.statusCode !== 200 && !noSuchSeal) return [];
    return [{ key: credentialVerificationQueryKey({ maker }), data: noSuchSeal ? null : response.json() }];
  }
  if (credential) {
    const response = await app.inject({ method: 'POST', url: '/api/credentials/verify', payload: { credential }, remoteAddress });
    return response.statusCode === 200 ? [{ key: credentialVerificationQueryKey({ credential }), data: response.json() }] : [];
  }
  return [];
};

/** `/inbox/<conversation id>`: a signed-in page, whose thread the browser reads (decision 186). */
const CONVERSATION_PATH = /^\/inbox\/([0-9a-fA-F-]{36})$/;

/**
 * Whether a signed-in page's subject is missing for this viewer, so the page answers 404 like a missing studio
 * (decision 115): a conversation that does not exist or is not theirs. Its page renders in the browser, which shows
 * 'Conversation not found' from the same API answer; this asks that answer once, as the viewer.
 */
const signedInSubjectMissing = async (app: FastifyInstance, request: FastifyRequest, url: URL): Promise<boolean> => {
  const conversation = CONVERSATION_PATH.exec(url.pathname);
  const { cookie } = request.headers;
  if (!conversation || !cookie) return false;
  try {
    const response = await app.inject({ method: 'GET', url: `/api/conversations/${conversation[1]}`, headers: { cookie } });
    return response.statusCode === 404;
  } catch (error) {
    app.log.warn({ err: error, path: url.pathname }, 'conversation check for the page status failed');
    return false;
  }
};

/** Every unknown address renders the same not-found page, so they share one render under this address. */
const NOT_FOUND_RENDER_URL = '/not-found';

/** A public studio read for the first paint, as the page meta describes a creator (the newest work as cover). */
const studioCreator = (url: URL, queries: FirstPaintQuery[]): PublicCreator | undefined => {
  const studio = STUDIO_PATH.test(url.pathname) ? (queries[0]?.data as StudioData | null | undefined) : undefined;
  if (!studio) return undefined;
  const { id, role, name, bio, avatarUrl, portfolio } = studio;
  return { id, role, name, bio, avatarUrl, coverUrl: portfolio[0]?.imageUrl ?? null };
};

export const webRoot = builtWebRoot;

/**
 * Serves the built web app: hashed assets with a year-long cache, and index.html (never cached) for every
 * app route, with the page's first paint rendered into it when the server entry is built (decision 084).
 * Unknown paths get the same app, rendered as the not-found page, with HTTP status 404 (decision 115).
 */
export const registerWeb = async (app: FastifyInstance, root: string = webRoot, options: { warmPages?: boolean } = {}): Promise<void> => {
  const indexFile = path.join(root, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null;
  // The web app's server entry sits beside it (dist/ssr); without it pages render in the browser only.
  const firstPaint = await loadFirstPaint(path.join(root, '..', 'ssr', 'entry-server.js'), app.log);

  if (template) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The page template is not a page: '/index.html' is an unknown address (404), not the bare app with a 200.
      allowedPath: (pathname) => pathname !== '/index.html',
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

  /**
   * Sends a page with its first paint; with `posted`, one whose form the browser posted natively, rendered again
   * with it (decision 105). `status` is what the caller knows: 200 for an app route, 404 for an unknown address,
   * or the posted form's own status. The render can turn it into 404 (decision 115): a page that says what it shows
   * is missing or hidden, such as a studio that is not public. When there is no render (no server entry, a failure,
   * a timeout) the same is judged from the address and the first-paint answers, so the status never depends on
   * whether the render succeeded.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, status: number, posted?: PostedForm) => {
    const isKnownPath = status !== 404 || posted !== undefined;
    if (!template) {
      return reply.status(isKnownPath ? 503 : 404).type('text/plain').send(isKnownPath ? 'The web app is not built yet. Run `npm run build`.' : 'Not found');
    }
    const url = new URL(request.url, 'http://x');
    const { queries, unavailable } = isKnownPath ? await firstPaintQueries(app, request, url, posted) : { queries: [], unavailable: false };
    // Every unknown address shows the same page, so they share one render (and one cache entry).
    const rendered = await firstPaint.render(isKnownPath ? request.url : NOT_FOUND_RENDER_URL, queries, posted);
    const isMissing =
      (rendered ? rendered.status === 404 : !isKnownPath || queries.some((query) => query.data === null)) ||
      (isKnownPath && posted === undefined && (await signedInSubjectMissing(app, request, url)));
    // A page whose data could not be read is neither missing nor fine: 503, so a crawler comes back rather than
    // dropping or indexing it. The page still shows its loading state, and the browser fetches once it can.
    const answer = isMissing ? 404 : unavailable && posted === undefined ? 503 : status;
    if (isMissing) request.log.info({ path: url.pathname }, 'page not found');
    if (answer === 503) reply.header('retry-after', '5');
    const meta: PageMeta = await resolvePageMeta(app, url.pathname, answer, studioCreator(url, queries));
    const withMeta = injectPageMeta(template, meta);
    const data = [
      queries.length > 0 ? `<script type="application/json" id="${FIRST_PAINT_DATA_ID}">${serializeFirstPaintData(queries)}</script>` : '',
      posted ? `<script type="application/json" id="${POSTED_FORM_ID}">${serializeFirstPaintData(posted)}</script>` : '',
    ].join('');
    const page = rendered === null ? withMeta : withMeta.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>${data}`);
    reply.status(answer).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD') return reply.send(page);
    return reply.header('content-encoding', encoding).send(await compressPage(page, encoding));
  };

  app.decorate('sendPage', sendPage);
  if (template && options.warmPages) {
    // In the background: readiness does not wait for it, and a request meanwhile shares the render under way.
    // `?contact=` loads the marketplace's Contact dialog too (it names no one, so it renders nothing more).
    app.addHook('onReady', async () => {
      void firstPaint.warm(['/', '/auth', '/contact', '/marketplace', '/marketplace?contact=-', '/about', '/how-it-works', '/for-makers', '/for-minds']);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = new URL(request.url, 'http://x').pathname;
    if (pathname.startsWith('/api/') || pathname === '/api') {
      return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: 'not_found', message: 'Not found' });
    }
    // A missing build file is not a page: a stale tab asking for last release's chunk gets a short 404 its loader can
    // act on, not 30 KB of HTML parsed as a script (and no render of the not-found page for it).
    if (pathname.startsWith('/assets/')) {
      return reply.status(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    // One address per page: '/about/' is '/about' (a duplicate page otherwise, with a canonical link to itself).
    if (pathname.length > 1 && pathname.endsWith('/') && isAppPath(pathname)) {
      const search = new URL(request.url, 'http://x').search;
      return reply.redirect(`${pathname.replace(/\/+$/, '')}${search}`, 301);
    }
    // A guarded page sends the visitor where the web app would (src/domain/page-guards.ts), before any script runs:
    // without JavaScript it would otherwise show its loading state for ever. The browser's router applies the same rules.
    const guard = isAppPath(pathname) ? guardForPath(pathname) : null;
    if (guard) {
      const auth = await request.resolveAuth();
      const search = new URL(request.url, 'http://x').search;
      const redirect = resolveGuardRedirect(guard, auth ? { role: auth.role } : null, `${pathname}${search}`);
      if (redirect) return reply.header('cache-control', 'no-store').redirect(redirect, 302);
    }
    return sendPage(request, reply, isAppPath(pathname) ? 200 : 404);
  });
};
