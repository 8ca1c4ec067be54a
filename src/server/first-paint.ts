import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { FirstPaintQuery, RenderedPage } from '../domain/first-paint';
import type { PostedForm } from '../domain/posted-form';

type RenderPage = (url: string, queries?: readonly FirstPaintQuery[], posted?: PostedForm) => Promise<RenderedPage>;

export interface FirstPaint {
  /**
   * The page's server-rendered markup for `#root` and the status the page asked for, or null to let the browser
   * render it from scratch. With `queries` (public answers the page renders at once) it is rendered afresh, since
   * the data may change; with `posted` (a form the browser posted natively, decision 105) too, since it is one
   * visitor's.
   */
  render: (url: string, queries?: readonly FirstPaintQuery[], posted?: PostedForm) => Promise<RenderedPage | null>;
  /**
   * Renders these pages once, one after another, so the first visitors after a start (those without scripts
   * above all, decision 105) do not meet the cold render that loads every route's module and may miss the
   * two-second limit.
   */
  warm: (urls: readonly string[]) => Promise<void>;
}

const MAX_CACHED = 500;
/** Characters of markup kept at most (a page is 5–60 KB): the cache's memory is bounded, whatever the pages weigh. */
const MAX_CACHED_CHARS = 8_000_000;
const MAX_CACHED_URL_LENGTH = 512;
const RENDER_TIMEOUT_MS = 2_000;

const NONE: FirstPaint = { render: () => Promise.resolve(null), warm: () => Promise.resolve() };

/**
 * Each page's first paint, rendered with the web app's server entry (dist/ssr/entry-server.js, decision 084).
 * Without data the markup depends only on the URL and the build (no viewer), so it is kept in a bounded cache
 * and concurrent requests for one URL share a render. Any failure, or a render slower than two seconds, falls back
 * to the empty shell: the browser then renders the page itself, as it did before.
 */
export const loadFirstPaint = async (entryFile: string, log: FastifyBaseLogger): Promise<FirstPaint> => {
  if (!existsSync(entryFile)) return NONE;
  let renderPage: RenderPage;
  try {
    ({ renderPage } = (await import(pathToFileURL(entryFile).href)) as { renderPage: RenderPage });
  } catch (error) {
    log.warn({ err: error }, 'server entry of the web app did not load; pages render in the browser');
    return NONE;
  }
  // A render under way weighs one character until its markup is known, then its markup's length.
  const cache = new LRUCache<string, Promise<RenderedPage | null>>({ max: MAX_CACHED, maxSize: MAX_CACHED_CHARS, sizeCalculation: () => 1 });

  const renderWithin = (url: string, queries: readonly FirstPaintQuery[] = [], posted?: PostedForm): Promise<RenderedPage | null> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => {
        log.warn({ url }, 'first paint took too long; the browser renders this page');
        resolve(null);
      }, RENDER_TIMEOUT_MS);
    });
    const rendered = renderPage(url, queries, posted).catch((error: unknown) => {
      log.error({ err: error, url }, 'first paint failed; the browser renders this page');
      return null;
    });
    return Promise.race([rendered, timeout]).finally(() => clearTimeout(timer));
  };

  const render: FirstPaint['render'] = (url, queries = [], posted) => {
    if (queries.length > 0 || posted || url.length > MAX_CACHED_URL_LENGTH) return renderWithin(url, queries, posted);
    const hit = cache.get(url);
    if (hit) return hit;
    const pending: Promise<RenderedPage | null> = renderWithin(url).then((rendered) => {
      if (cache.peek(url) === pending) {
        if (rendered === null) cache.delete(url);
        // A settled promise of its own: lru-cache keeps an entry's size when the same value is set again.
        else cache.set(url, Promise.resolve(rendered), { size: Math.max(1, rendered.html.length) });
      }
      return rendered;
    });
    cache.set(url, pending);
    return pending;
  };

  return {
    render,
    warm: async (urls) => {
      for (const url of urls) await render(url);
    },
  };
};
