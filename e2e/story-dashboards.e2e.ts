import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { launchBrowser, newPage } from './support/browser';
import { expectSettledAccessible, logIn, openTab } from './story-steps';

/**
 * Every dashboard tab, with real data, on a phone and on a laptop: axe finds no serious or critical violation and
 * nothing pushes the page wider than the screen. Set STORY_SCREENSHOT_DIR to keep a screenshot of each.
 */

interface Dashboard {
  role: string;
  path: string;
  login: () => { email: string; password: string };
  tabs: string[];
  /** Text that shows once the first tab has its data. */
  ready: string;
}

const DASHBOARDS: Dashboard[] = [
  {
    role: 'maker',
    path: '/dashboard-maker',
    login: () => ({ email: STORY_FX.hireMaker.email, password: STORY_FX.password }),
    tabs: ['Profile', 'Portfolio', 'Projects', 'Earnings', 'Community'],
    ready: 'Maker Dashboard',
  },
  {
    role: 'mind',
    path: '/dashboard-mind',
    login: () => ({ email: STORY_FX.mind.email, password: STORY_FX.password }),
    tabs: ['Profile', 'Portfolio', 'Projects', 'Earnings'],
    ready: 'Mind Studio',
  },
  {
    role: 'client',
    path: '/dashboard-client',
    login: () => ({ email: STORY_FX.client.email, password: STORY_FX.password }),
    tabs: ['Browse Creators', 'Projects', 'Invoices', 'White Glove', 'Profile'],
    ready: 'Verified Creators',
  },
  {
    role: 'admin',
    path: '/dashboard-admin',
    login: () => ({ email: inject('adminEmail'), password: inject('adminPassword') }),
    tabs: ['Applications', 'Seal', 'Provenance', 'Users', 'Projects', 'Payments', 'White Glove', 'Workshops', 'Reports', 'Contact', 'Audit', 'Settings'],
    ready: 'Pending Maker Applications',
  },
];

const WIDTHS = [375, 1280] as const;
const screenshotDir = process.env.STORY_SCREENSHOT_DIR;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
  if (screenshotDir) mkdirSync(screenshotDir, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Elements past the viewport's right edge, outside anything that scrolls or clips sideways on purpose (the tab
 * row) and outside fixed layers (toasts, which the screenshots show).
 */
const overflowing = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const isExempt = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        if (style.position === 'fixed' || ['auto', 'scroll', 'hidden', 'clip'].includes(style.overflowX)) return true;
      }
      return false;
    };
    const offenders = [...document.querySelectorAll('body *')].filter((element) => {
      const box = element.getBoundingClientRect();
      // Content the page does not render (a closed disclosure's, such as the phone menu) cannot overflow what people see.
      return (
        box.width > 0 && box.right > width + 1 && element.checkVisibility() && !isExempt(element.parentElement) && getComputedStyle(element).position !== 'fixed'
      );
    });
    return offenders.slice(0, 5).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 3).join('.')}: ${element.textContent?.slice(0, 40)}`);
  });

/** Scrolls through the page so lazy images load, then lists those that failed to (a broken or refused file). */
const brokenImages = async (page: Page) => {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), undefined, { timeout: 10000 });
  return page.evaluate(() => [...document.images].filter((image) => image.naturalWidth === 0).map((image) => image.currentSrc || image.src));
};

const slug = (text: string) => text.toLowerCase().replaceAll(/[^a-z0-9]+/g, '-');

describe('every dashboard tab with real data, at 375 and 1280 px', () => {
  for (const dashboard of DASHBOARDS) {
    for (const width of WIDTHS) {
      it(`${dashboard.role} at ${width} px`, { timeout: 180000 }, async () => {
        const { context, page } = await newPage(browser, { width, height: 900 });
        const { email, password } = dashboard.login();
        await logIn(page, email, password, dashboard.path);
        // From the start of the text: a section heading carries its count when it lists anyone ('… Applications (3)'),
        // and how many applicants are still pending depends on which journeys ran before this one.
        const ready = new RegExp(`^${dashboard.ready.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
        await expect.poll(() => page.getByText(ready).first().isVisible(), { timeout: 15000 }).toBe(true);
        for (const tab of dashboard.tabs) {
          await openTab(page, tab);
          await page.waitForLoadState('networkidle');
          await expect.poll(() => page.getByRole('tabpanel').locator('[aria-busy="true"], .animate-pulse').count(), { message: `${tab} finished loading` }).toBe(0);
          expect(await overflowing(page), `${dashboard.role} / ${tab} at ${width} px overflows`).toEqual([]);
          expect(await brokenImages(page), `${dashboard.role} / ${tab}: images that did not load`).toEqual([]);
          await expectSettledAccessible(page);
          if (screenshotDir) {
            await page.screenshot({ path: path.join(screenshotDir, `${dashboard.role}-${slug(tab)}-${width}.png`), fullPage: true });
          }
        }
        await context.close();
      });
    }
  }
});
