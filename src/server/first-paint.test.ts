import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadFirstPaint } from './first-paint';

// The first-paint cache with a stand-in server entry: a module whose renderPage counts its renders and answers a
// page of the length its URL asks for (`/size/<chars>`), or fails for `/fail`.
const dir = mkdtempSync(path.join(tmpdir(), 'hm-first-paint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = path.join(dir, 'entry-server.mjs');
writeFileSync(
  entry,
  `export const renders = [];
export const renderPage = async (url) => {
  renders.push(url);
  if (url === '/fail') throw new Error('render failed');
  return { html: 'x'.repeat(Number(url.split('/').pop())), status: 200 };
};`,
);

const quiet = { warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;

describe('the first-paint cache', () => {
  it('renders a page once, keeps no failure, and holds at most its size in markup', async () => {
    const { renders } = (await import(entry)) as { renders: string[] };
    const firstPaint = await loadFirstPaint(entry, quiet);

    const [a, b] = await Promise.all([firstPaint.render('/size/10'), firstPaint.render('/size/10')]);
    expect(a).toEqual({ html: 'x'.repeat(10), status: 200 });
    expect(b).toBe(a);
    expect(renders).toEqual(['/size/10']);

    expect(await firstPaint.render('/fail')).toBeNull();
    expect(await firstPaint.render('/fail')).toBeNull();
    expect(renders.filter((url) => url === '/fail')).toHaveLength(2);

    // Three pages of three million characters do not fit in eight million: the least recently used one goes.
    await firstPaint.render('/big/3000000');
    await firstPaint.render('/bigger/3000000');
    await firstPaint.render('/size/10');
    await firstPaint.render('/biggest/3000000');
    renders.length = 0;
    await firstPaint.render('/size/10');
    await firstPaint.render('/biggest/3000000');
    await firstPaint.render('/bigger/3000000');
    expect(renders).toEqual([]);
    await firstPaint.render('/big/3000000');
    expect(renders).toEqual(['/big/3000000']);
  });
});
