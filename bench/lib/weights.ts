import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { root } from '../../scripts/lib/server-process';

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const distRoot = path.join(root, 'dist/web');

export interface RouteWeight {
  path: string;
  jsGzip: number;
  cssGzip: number;
  /** What went over the wire (the server sends the build's brotli copies to browsers that accept them). */
  jsTransferred: number;
  cssTransferred: number;
  scripts: number;
}

/** The gzip size of a built asset: its .gz copy when the build wrote one, else compressed here. */
const gzipSize = (pathname: string): number => {
  const file = path.join(distRoot, pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
};

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_FLAGS });

/**
 * Loads each route in Chromium (412 px wide, as a phone) and sums every script and stylesheet it fetched until the
 * network went quiet: lazy route chunks, the toast region and anything else the page pulls in on its own.
 */
export const measureRouteWeights = async (
  browser: Browser,
  baseUrl: string,
  routes: ReadonlyArray<{ path: string; cookie?: string }>,
): Promise<RouteWeight[]> => {
  const weights: RouteWeight[] = [];
  for (const route of routes) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    if (route.cookie) {
      await context.addCookies(
        route.cookie.split('; ').map((pair) => {
          const [name, ...value] = pair.split('=');
          return { name, value: value.join('='), url: baseUrl };
        }),
      );
    }
    const page = await context.newPage();
    const loaded: Array<Promise<{ type: 'script' | 'stylesheet'; pathname: string; transferred: number }>> = [];
    page.on('requestfinished', (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      loaded.push(request.sizes().then((sizes) => ({ type, pathname: new URL(request.url()).pathname, transferred: sizes.responseBodySize })));
    });
    await page.goto(`${baseUrl}${route.path}`, { waitUntil: 'networkidle' });
    const finalPath = new URL(page.url()).pathname;
    if (finalPath !== route.path) throw new Error(`${route.path} redirected to ${finalPath}: is its account signed in?`);
    const files = await Promise.all(loaded);
    const sum = (type: string, pick: (file: (typeof files)[number]) => number) =>
      files.filter((file) => file.type === type).reduce((total, file) => total + pick(file), 0);
    weights.push({
      path: route.path,
      jsGzip: sum('script', (file) => gzipSize(file.pathname)),
      cssGzip: sum('stylesheet', (file) => gzipSize(file.pathname)),
      jsTransferred: sum('script', (file) => file.transferred),
      cssTransferred: sum('stylesheet', (file) => file.transferred),
      scripts: files.filter((file) => file.type === 'script').length,
    });
    await context.close();
  }
  return weights;
};
