import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIRST_PAINT_DATA_ID } from '../../domain/first-paint';
import { bayesianScore } from '../../domain/reviews';
import { makerProfiles } from '../db/schema';
import { buildApp, type App } from '../app';
import { loadConfig } from '../config';
import { insertCreator } from '../../../test/support/creators';
import { TEST_ORIGIN } from '../../../test/support/harness';
import { pageEncoding } from './web';

// A built app in miniature: dist/web/index.html and a server entry in dist/ssr that shows what it was asked to
// render, and answers 404 as the real pages do for a missing studio or an unknown address (the real entry is
// exercised by page-status.test.ts and the browser tests).
const base = mkdtempSync(path.join(tmpdir(), 'hm-first-paint-'));
const webRoot = path.join(base, 'web');
const TEMPLATE = `<!doctype html><html><head><title>x</title><meta name="description" content="x">
<script src="/boot.js" defer data-entry="/assets/index.js" data-preload="/assets/react.js"></script></head>
<body><div id="root"></div></body></html>`;
const ENTRY = `
export async function renderPage(url, queries = []) {
  if (url.includes('boom')) throw new Error('render failed');
  globalThis.firstPaintRenders = (globalThis.firstPaintRenders ?? 0) + 1;
  const studio = queries[0]?.data;
  const missing = studio === null || url === '/not-found';
  const html = '<main data-rendered="' + encodeURI(url) + '">' + (studio ? '<h1>' + studio.name + '</h1>' : missing ? 'missing' : 'first paint') + '</main>';
  return { html, status: missing ? 404 : 200 };
}
`;
const renders = () => (globalThis as { firstPaintRenders?: number }).firstPaintRenders ?? 0;

let app: App;
beforeAll(async () => {
  mkdirSync(path.join(webRoot, 'assets'), { recursive: true });
  mkdirSync(path.join(base, 'ssr'));
  writeFileSync(path.join(webRoot, 'index.html'), TEMPLATE);
  writeFileSync(path.join(base, 'ssr', 'entry-server.js'), ENTRY);
  const dataDir = path.join(base, 'data');
  app = await buildApp({ config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', PUBLIC_URL: TEST_ORIGIN }), logger: false, webRoot });
}, 60_000);
afterAll(async () => {
  await app?.close();
  rmSync(base, { recursive: true, force: true });
});

const page = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('pages with their first paint (decision 084)', () => {
  it('renders the page into #root, for the exact URL, and keeps each URL rendered once', async () => {
    const before = renders();
    const about = await page('/about');
    expect(about.statusCode).toBe(200);
    expect(about.body).toContain('<div id="root"><main data-rendered="/about">first paint</main></div>');
    const filtered = await page('/marketplace?q=ada&seal=1');
    expect(filtered.body).toContain('<main data-rendered="/marketplace?q=ada&seal=1">');
    await page('/about');
    expect(renders() - before).toBe(2);
  });

  it('adds the route chunks to what boot.js preloads', async () => {
    const about = await page('/about');
    expect(about.body).toMatch(/data-entry="\/assets\/index.js" data-preload="\/assets\/react.js[^"]*"/);
  });

  it('falls back to the empty shell when the render fails', async () => {
    const broken = await page('/contact?boom=1');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<div id="root"></div>');
    expect(broken.body).toContain('<title>Contact · Humanmade</title>');
  });

  it('renders every unknown address as one shared not-found page, answered with 404', async () => {
    const before = renders();
    const missing = await page('/no/such/page-1');
    await page('/no/such/page-2');
    await page('/no/such/page-3');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root"><main data-rendered="/not-found">missing</main></div>');
    expect(missing.body).toContain('Page not found');
    expect(renders() - before).toBeLessThanOrEqual(1);
  });

  it("answers '/index.html', the page template's own file, as an unknown address", async () => {
    const template = await page('/index.html');
    expect(template.statusCode).toBe(404);
    expect(template.body).toContain('Page not found');
  });

  it('answers a missing build file with a short plain 404, not the not-found page', async () => {
    const before = renders();
    const chunk = await page('/assets/last-release-chunk.js');
    expect(chunk.statusCode).toBe(404);
    expect(chunk.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(chunk.headers['cache-control']).toBe('no-store');
    expect(chunk.body).toBe('Not found');
    expect(renders()).toBe(before);
  });

  // The first paint's API answer was 503 (database_unavailable): the studio and the Seal behind these addresses may
  // well exist. A 404 would tell a crawler to drop them, a 200 to index a loading page.
  it('answers 503 with Retry-After, not 404 or 200, when the database could not be reached for the page', async () => {
    const inject = app.inject.bind(app);
    const cut = ['/api/studio/', '/api/credentials/seal/'];
    const spy = vi.spyOn(app, 'inject').mockImplementation(((options: { url?: string }) =>
      cut.some((prefix) => String(options.url).startsWith(prefix))
        ? Promise.resolve({ statusCode: 503, json: () => ({ error: 'database_unavailable' }) })
        : inject(options as never)) as never);
    try {
      for (const url of ['/studio/6f0c1a52-3d0e-4c9a-9a51-0b8f3f6d2e11', '/verify?maker=6f0c1a52-3d0e-4c9a-9a51-0b8f3f6d2e11']) {
        const answer = await page(url);
        expect(answer.statusCode, url).toBe(503);
        expect(answer.headers['retry-after'], url).toBe('5');
        expect(answer.body, url).not.toContain('Not Found');
      }
      // The studio's title does not call it missing while it cannot be read.
      expect((await page('/studio/6f0c1a52-3d0e-4c9a-9a51-0b8f3f6d2e11')).body).toContain('<title>Creator Studio · Humanmade</title>');
    } finally {
      spy.mockRestore();
    }
    const missing = await page('/studio/6f0c1a52-3d0e-4c9a-9a51-0b8f3f6d2e11');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<title>Creator Not Found · Humanmade</title>');
    expect((await page('/verify?maker=6f0c1a52-3d0e-4c9a-9a51-0b8f3f6d2e11')).statusCode).toBe(404);
    // An id longer than any maker's is refused by the API (414, as for a studio): the page is the same missing Seal.
    expect((await page(`/verify?maker=${'m'.repeat(150)}`)).statusCode).toBe(404);
  });

  it('answers 404 without a render too, when the render fails', async () => {
    const broken = await page('/no/such/page?boom=1');
    expect(broken.statusCode).toBe(404);
    const hidden = await page(`/studio/no-such-creator?boom=1`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toContain('<div id="root"></div>');
    expect(hidden.body).toContain('<title>Creator Not Found · Humanmade</title>');
  });

  it("includes a public studio's data, and only a public studio's", async () => {
    const approved = await insertCreator(app.db, { role: 'maker', name: 'Paper </script> Maker', portfolio: 2 });
    const pending = await insertCreator(app.db, { role: 'maker', name: 'Pending Maker', status: 'pending' });

    const shown = await page(`/studio/${approved}`);
    expect(shown.body).toContain('<h1>Paper </script> Maker</h1>');
    const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(shown.body)?.[1];
    expect(data).toBeDefined();
    // The name cannot close the script element early.
    expect(data).toContain('Paper \\u003c/script> Maker');
    const [query] = JSON.parse(data ?? '[]') as Array<{ key: unknown[]; data: { name: string; portfolio: unknown[] } }>;
    expect(query?.key).toEqual(['studio', approved]);
    expect(query?.data.name).toBe('Paper </script> Maker');
    expect(query?.data.portfolio).toHaveLength(2);
    // The page's meta is described from the same answer: name, and the newest work when there is no avatar.
    expect(shown.body).toContain('<title>Paper &lt;/script&gt; Maker · Humanmade</title>');
    expect(shown.body).toContain(`<meta property="og:image" content="${TEST_ORIGIN}/files/portfolio-items/${approved}/portfolio/1.png">`);

    const hidden = await page(`/studio/${pending}`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Pending Maker');
    expect(hidden.body).toContain('<title>Creator Not Found · Humanmade</title>');
    expect(hidden.body).toContain(`<main data-rendered="/studio/${pending}">missing</main>`);
    // A missing studio is an answer (null) the browser starts from, so it shows the same page without asking again.
    expect(hidden.body).toContain(`[{"key":["studio","${pending}"],"data":null}]`);
  });

  it("includes the marketplace's first page for the filters in the address, without applicants", async () => {
    const shown = await insertCreator(app.db, { role: 'mind', name: 'Quillon Approved' });
    await insertCreator(app.db, { role: 'mind', name: 'Quillon Pending', status: 'pending' });
    const body = (await page('/marketplace?q=quillon&role=mind&ignored=1')).body;
    const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
    const [query] = JSON.parse(data ?? '[]') as Array<{ key: unknown[]; data: { pages: Array<{ creators: Array<{ id: string; name: string }> }>; pageParams: unknown[] } }>;
    expect(query?.key).toEqual(['marketplace', 'creators', { q: 'quillon', role: 'mind', category: '', seal: false, sort: '', minRating: '' }]);
    expect(query?.data.pageParams).toEqual([null]);
    expect(query?.data.pages[0]?.creators.map((creator) => creator.id)).toEqual([shown]);
  });

  it("renders the page 'Load more' links to (`?cursor=`), so the directory goes on without scripts", async () => {
    const made: string[] = [];
    for (let index = 0; index < 14; index += 1) {
      made.push(await insertCreator(app.db, { role: 'maker', name: `Pagina Maker ${index}`, createdAt: new Date(Date.UTC(2026, 0, 1 + index)) }));
    }
    const firstPaint = async (address: string) => {
      const body = (await page(address)).body;
      const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
      const [query] = JSON.parse(data ?? '[]') as Array<{
        key: unknown[];
        data: { pages: Array<{ creators: Array<{ id: string }>; nextCursor: string | null }>; pageParams: unknown[] };
      }>;
      return query;
    };
    const first = await firstPaint('/marketplace?q=pagina&sort=newest');
    const cursor = first?.data.pages[0]?.nextCursor;
    expect(first?.data.pages[0]?.creators).toHaveLength(12);
    expect(cursor).toBeTruthy();
    const next = await firstPaint(`/marketplace?q=pagina&sort=newest&cursor=${encodeURIComponent(cursor ?? '')}`);
    const filters = { q: 'pagina', role: '', category: '', seal: false, sort: 'newest', minRating: '' };
    expect(next?.key).toEqual(['marketplace', 'creators', filters, cursor]);
    expect(next?.data.pageParams).toEqual([cursor]);
    // The two oldest, after the twelve newest.
    expect(next?.data.pages[0]?.creators.map((creator) => creator.id)).toEqual([made[1], made[0]]);
    expect(next?.data.pages[0]?.nextCursor).toBeNull();
  });

  it('renders the first creators for a cursor the API refuses, and a studio id no route takes as missing', async () => {
    await insertCreator(app.db, { role: 'maker', name: 'Cursory Maker' });
    const body = (await page('/marketplace?q=cursory&cursor=not-a-cursor')).body;
    const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
    const [query] = JSON.parse(data ?? '[]') as Array<{ key: unknown[]; data: { pages: Array<{ creators: Array<{ name: string }> }>; pageParams: unknown[] } }>;
    expect(query?.key.at(-1)).toBe('not-a-cursor');
    expect(query?.data.pages[0]?.creators.map((creator) => creator.name)).toEqual(['Cursory Maker']);
    expect(query?.data.pageParams).toEqual([null]);
    const long = await page(`/studio/${'x'.repeat(150)}`);
    expect(long.statusCode).toBe(404);
    expect(long.body).toContain('missing');
  });

  it('renders the marketplace in the order the form asked for: relevance by default with a search, or newest', async () => {
    const older = await insertCreator(app.db, { role: 'maker', name: 'Ordo Ordwell', createdAt: new Date('2026-01-01T00:00:00Z') });
    const newer = await insertCreator(app.db, { role: 'maker', name: 'Ordo Fairweather', bio: 'Ordwell-trained', createdAt: new Date('2026-02-01T00:00:00Z') });
    const firstPaint = async (address: string) => {
      const body = (await page(address)).body;
      const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
      const [query] = JSON.parse(data ?? '[]') as Array<{ key: unknown[]; data: { pages: Array<{ creators: Array<{ id: string }> }> } }>;
      return { key: query?.key, ids: query?.data.pages[0]?.creators.map((creator) => creator.id) };
    };
    // 'ordwell' is one creator's name and the other's bio: the name ranks first by relevance, the newer first by date.
    expect((await firstPaint('/marketplace?q=ordwell')).ids).toEqual([older, newer]);
    const newest = await firstPaint('/marketplace?q=ordwell&sort=newest');
    expect(newest.ids).toEqual([newer, older]);
    expect(newest.key).toEqual(['marketplace', 'creators', { q: 'ordwell', role: '', category: '', seal: false, sort: 'newest', minRating: '' }]);
  });

  it("renders 'Highest rated' and a minimum rating from the form's GET, without a script (decision 160)", async () => {
    const rated = await insertCreator(app.db, { role: 'maker', name: 'Rhea Rated' });
    await app.db.update(makerProfiles).set({ ratingCount: 5, ratingSum: 24, ratingScore: bayesianScore(5, 24) }).where(eq(makerProfiles.userId, rated));
    const body = (await page('/marketplace?sort=rating&minRating=4.5')).body;
    const data = new RegExp(`<script type="application/json" id="${FIRST_PAINT_DATA_ID}">(.*?)</script>`).exec(body)?.[1];
    const [query] = JSON.parse(data ?? '[]') as Array<{ key: unknown[]; data: { pages: Array<{ creators: Array<{ id: string }> }> } }>;
    expect(query.key).toEqual(['marketplace', 'creators', { q: '', role: '', category: '', seal: false, sort: 'rating', minRating: '4.5' }]);
    expect(query.data.pages[0].creators.map((creator) => creator.id)).toEqual([rated]);
  });

  it('sends pages compressed when the browser accepts it', async () => {
    const plain = await page('/how-it-works', '');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await page('/how-it-works', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gzip = await page('/how-it-works', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });
});

describe('pageEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['BR;q=0.5', 'br'],
    ['identity', null],
    [undefined, null],
    ['br;q=0.0, gzip;q=0', null],
  ] as const)('%s → %s', (header, expected) => {
    expect(pageEncoding(header)).toBe(expected);
  });
});
