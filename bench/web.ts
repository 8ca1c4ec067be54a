// npm run bench:web — builds the app, then on a server with the demo data: the gzipped JS and CSS each route
// loads in Chromium, and Lighthouse (mobile and desktop) on every public page and the dashboards. Prints figures;
// it is not a pass/fail test. See docs/PERFORMANCE.md.
//
// Knobs (environment):
//   BENCH_WEB_BUILD=0           reuse dist/web instead of building first
//   BENCH_LIGHTHOUSE=0          byte weights only
//   BENCH_PAGES=/,/marketplace  only these paths (studio: /studio)
//   BENCH_FORM_FACTORS=mobile   Lighthouse form factors (mobile,desktop)
//   BENCH_LIGHTHOUSE_RUNS=3,1   runs per page on mobile and on desktop (the median performance run is shown)
//   CHROME_PATH=/usr/bin/chromium
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { root } from '../scripts/lib/server-process';
import { runLighthouse, type FormFactor, type LighthouseScores } from './lib/lighthouse';
import { DASHBOARD_LOGINS, startDemoServer } from './lib/web-server';
import { launchChromium, measureRouteWeights, type RouteWeight } from './lib/weights';

const PUBLIC_PAGES = ['/', '/about', '/how-it-works', '/for-makers', '/for-minds', '/marketplace', '/studio', '/contact', '/auth'];
/** The logged-in page Lighthouse also scores; every dashboard gets its byte weight measured. */
const LIGHTHOUSE_DASHBOARD = '/dashboard-client';
const TARGETS = { homeJs: 110 * 1024, dashboardJs: 250 * 1024 };

const list = (value: string | undefined, fallback: string[]) => (value ? value.split(',').map((item) => item.trim()).filter(Boolean) : fallback);
const wanted = list(process.env.BENCH_PAGES, [...PUBLIC_PAGES, ...Object.keys(DASHBOARD_LOGINS)]);
const formFactors = list(process.env.BENCH_FORM_FACTORS, ['mobile', 'desktop']).filter((value): value is FormFactor => value === 'mobile' || value === 'desktop');
const [mobileRuns = 3, desktopRuns = 1] = list(process.env.BENCH_LIGHTHOUSE_RUNS, ['3', '1']).map((value) => Math.max(1, Number(value) || 1));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const table = (headers: string[], rows: string[][]) => {
  const widths = headers.map((header, column) => Math.max(header.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join('  ');
  return [line(headers), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
};

const printWeights = (weights: RouteWeight[]) => {
  console.log('\nJS and CSS each route loads (Chromium, until the network is idle)');
  console.log(
    table(
      ['route', 'JS gzip', 'CSS gzip', 'JS sent (br)', 'CSS sent (br)', 'scripts'],
      weights.map((weight) => [weight.path, kb(weight.jsGzip), kb(weight.cssGzip), kb(weight.jsTransferred), kb(weight.cssTransferred), String(weight.scripts)]),
    ),
  );
  const home = weights.find((weight) => weight.path === '/');
  const dashboards = weights.filter((weight) => weight.path.startsWith('/dashboard-'));
  if (home) console.log(`Target: JS on / ≤ 110 KB gzipped: ${kb(home.jsGzip)}, ${home.jsGzip <= TARGETS.homeJs ? 'met' : 'NOT met'}`);
  if (dashboards.length > 0) {
    const heaviest = dashboards.reduce((a, b) => (b.jsGzip > a.jsGzip ? b : a));
    console.log(`Target: any dashboard ≤ 250 KB gzipped: heaviest ${heaviest.path} ${kb(heaviest.jsGzip)}, ${heaviest.jsGzip <= TARGETS.dashboardJs ? 'met' : 'NOT met'}`);
  }
};

const printScores = (scores: LighthouseScores[]) => {
  for (const formFactor of formFactors) {
    const mine = scores.filter((score) => score.formFactor === formFactor);
    if (mine.length === 0) continue;
    console.log(`\nLighthouse ${formFactor} (median of ${formFactor === 'mobile' ? mobileRuns : desktopRuns} run(s) by performance score)`);
    console.log(
      table(
        ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'Speed Index'],
        mine.map((score) => [
          score.path,
          String(score.performance),
          String(score.accessibility),
          String(score.bestPractices),
          String(score.seo),
          s(score.fcp),
          s(score.lcp),
          `${Math.round(score.tbt)} ms`,
          score.cls.toFixed(3),
          s(score.speedIndex),
        ]),
      ),
    );
    for (const score of mine) if (score.failing.length > 0) console.log(`  ${score.path}: ${score.failing.join(', ')}`);
  }
  const indexes = scores.map((score) => score.benchmarkIndex).filter(Number.isFinite);
  if (indexes.length > 0) {
    // Simulated throttling scales what it sees by a fixed factor: a slower machine reads as a slower page.
    console.log(`\nThis machine's CPU benchmark index (Lighthouse's): ${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))}`);
  }
  const mobilePublic = scores.filter((score) => score.formFactor === 'mobile' && !score.path.startsWith('/dashboard-'));
  if (mobilePublic.length > 0) {
    const met = mobilePublic.every((score) => score.performance >= 95 && score.accessibility === 100 && score.bestPractices === 100 && score.seo === 100);
    console.log(`\nTarget: every public page on mobile ≥ 95 / 100 / 100 / 100: ${met ? 'met' : 'NOT met'}`);
  }
};

const main = async () => {
  const cpus = os.cpus();
  console.log(`bench:web on ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' ')}`);
  if (process.env.BENCH_WEB_BUILD !== '0') {
    console.log('Building the web app…');
    execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  }
  console.log('Starting a server with the demo data…');
  const demo = await startDemoServer();
  try {
    const resolve = (page: string) => (page === '/studio' ? demo.studioPath : page);
    const pages = wanted.map((page) => ({ path: resolve(page), cookie: demo.cookies.get(page) }));
    const browser = await launchChromium();
    try {
      printWeights(await measureRouteWeights(browser, demo.server.url, pages));
    } finally {
      await browser.close();
    }
    if (process.env.BENCH_LIGHTHOUSE === '0') return;
    const scores: LighthouseScores[] = [];
    const lighthousePages = pages.filter((page) => !page.path.startsWith('/dashboard-') || page.path === LIGHTHOUSE_DASHBOARD);
    for (const formFactor of formFactors) {
      for (const page of lighthousePages) {
        process.stdout.write(`Lighthouse ${formFactor} ${page.path}… `);
        const runs = formFactor === 'mobile' ? mobileRuns : desktopRuns;
        const score = await runLighthouse(`${demo.server.url}${page.path}`, formFactor, page.cookie, runs);
        scores.push(score);
        console.log(`${score.performance} / ${score.accessibility} / ${score.bestPractices} / ${score.seo} (CPU benchmark index ${Math.round(score.benchmarkIndex)})`);
      }
    }
    printScores(scores);
  } finally {
    await demo.close();
  }
};

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
