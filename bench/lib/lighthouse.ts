import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { CHROME_PATH, CHROMIUM_FLAGS } from './weights';

export type FormFactor = 'mobile' | 'desktop';

export interface LighthouseScores {
  path: string;
  formFactor: FormFactor;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** Lab values in milliseconds (CLS is unitless). */
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  speedIndex: number;
  /** Audits that lost points outside performance, so a score below 100 says why. */
  failing: string[];
  /**
   * Lighthouse's own measure of this machine's CPU for the run (its report's 'CPU/Memory Power'). Simulated
   * throttling multiplies the tasks it sees by 4 whatever the machine, so the same page on a slower machine shows a
   * longer blocking time: runs on different machines compare only beside this figure.
   */
  benchmarkIndex: number;
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/**
 * Lighthouse with its own defaults (mobile: a mid-range phone on a slow 4G link with simulated throttling;
 * desktop: its desktop preset) in Debian's Chromium, one fresh browser per run.
 */
const runOnce = async (url: string, formFactor: FormFactor, cookie?: string): Promise<LighthouseScores> => {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROMIUM_FLAGS, logLevel: 'silent' });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}) },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failing = CATEGORIES.filter((id) => id !== 'performance').flatMap((id) =>
      (lhr.categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${id}: ${ref.id}`),
    );
    return {
      path: new URL(url).pathname,
      formFactor,
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      speedIndex: value('speed-index'),
      failing,
      benchmarkIndex: lhr.environment?.benchmarkIndex ?? Number.NaN,
    };
  } finally {
    chrome.kill();
  }
};

/**
 * `runs` Lighthouse runs of one page (retrying a run that fails to record its trace, as Lighthouse itself advises),
 * reported as the run with the median performance score: on a shared machine single runs swing by several points.
 */
export const runLighthouse = async (url: string, formFactor: FormFactor, cookie: string | undefined, runs: number): Promise<LighthouseScores> => {
  const results: LighthouseScores[] = [];
  let failures = 0;
  while (results.length < runs) {
    try {
      results.push(await runOnce(url, formFactor, cookie));
    } catch (error) {
      failures += 1;
      if (failures > 2) throw error;
    }
  }
  results.sort((a, b) => a.performance - b.performance);
  return results[Math.floor(results.length / 2)];
};
