import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const baseURL = () => inject('baseURL');

export const launchBrowser = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });

export const newPage = async (browser: Browser, viewport = { width: 1280, height: 900 }): Promise<{ context: BrowserContext; page: Page }> => {
  // Reduced motion: toasts and dialogs appear at once, so axe never reads a colour halfway through a fade.
  const context = await browser.newContext({ baseURL: baseURL(), viewport, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // Pages arrive server-rendered and come alive when the app has hydrated them (decision 084), which the layout
  // marks by setting main[data-path]. A test acts after a load as a person would after the page settled.
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => afterHydration(page, await goto(...args));
  page.reload = async (...args) => afterHydration(page, await reload(...args));
  return { context, page };
};

/**
 * The file's Chromium, launched before its tests and closed after them together with every context kept here.
 * Call once at the top of an e2e file, before its own hooks: they then run after the launch and before the close.
 */
export const setUpBrowserSessions = () => {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  // A failed step leaves what each open page showed in the log (CI keeps nothing else), and a screenshot in
  // test-results/e2e for a run at hand.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail') return;
    const folder = path.resolve('test-results/e2e');
    await mkdir(folder, { recursive: true });
    const pages = contexts.flatMap((context) => context.pages());
    for (const [index, page] of pages.entries()) {
      try {
        const file = path.join(folder, `${task.name.replace(/[^\w]+/g, '-').slice(0, 80)}-${index}.png`);
        await page.screenshot({ path: file, fullPage: true, timeout: 5000 });
        const text = await page.evaluate(() => document.body.innerText.replace(/\n{2,}/g, '\n').slice(0, 1500));
        const dialogs = await page.getByRole('dialog').allInnerTexts();
        console.error(`[failed step] page ${index}: ${page.url()}\nscreenshot: ${file}\ndialogs: ${JSON.stringify(dialogs)}\n${text}`);
      } catch (error) {
        console.error(`[failed step] page ${index}: ${page.url()} could not be read: ${String(error)}`);
      }
    }
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
  });
  const launched = () => {
    if (!browser) throw new Error('The browser is launched in beforeAll: use it from a hook or a test.');
    return browser;
  };
  /** Closes this session's context after the file's tests. */
  const keep = <T extends { context: BrowserContext }>(session: T): T => {
    contexts.push(session.context);
    return session;
  };
  return {
    get browser() {
      return launched();
    },
    keep,
    /** A fresh context and page (see newPage), closed after the file's tests. */
    open: async (viewport?: { width: number; height: number }) => keep(await newPage(launched(), viewport)),
  };
};

export type BrowserSessions = ReturnType<typeof setUpBrowserSessions>;

const afterHydration = async <T>(page: Page, result: T): Promise<T> => {
  await page.waitForFunction(
    () => !document.getElementById('root') || document.getElementById('main')?.dataset.path !== undefined,
    undefined,
    { timeout: 15000 },
  );
  return result;
};

let counter = 0;
export const uniqueEmail = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}@e2e.humanmade.test`;

/**
 * Chooses a tab of /auth ('Login' or 'Sign Up') and waits until its panel is on screen. The tabs are links the router
 * follows in a transition, so the click returns before the panel changes: on a busy machine, typing straight after it
 * filled the other panel's fields, which the switch then threw away (a login that never left /auth).
 */
export const chooseAuthTab = async (page: Page, name: 'Login' | 'Sign Up') => {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  // A Playwright wait, not expect.poll: logging in happens in beforeAll hooks too.
  await page.locator(`[role=tab][aria-selected=true]`, { hasText: name }).waitFor({ timeout: 15000 });
};

/** Waits until the page's path (and optionally search) is the expected one. */
export const expectPath = async (page: Page, pathname: string, search?: string) => {
  await page
    .waitForURL((url) => url.pathname === pathname && (search === undefined || url.search === search), { timeout: 15000 })
    .catch(async (error: unknown) => {
      // Say where the page is instead, and what it tells the person: a timeout alone does not tell a failed login from a slow one.
      const alerts = await page.getByRole('alert').allInnerTexts().catch(() => []);
      throw new Error(`expected ${pathname}${search ?? ''}, still on ${page.url()}; alerts: ${JSON.stringify(alerts)}`, { cause: error });
    });
  // The address bar changes first; the page is on screen once the layout says it rendered this path.
  await page.waitForFunction((expected) => document.getElementById('main')?.dataset.path === expected, pathname, { timeout: 15000 });
  const url = new URL(page.url());
  expect(url.pathname).toBe(pathname);
};

/** axe must report no serious or critical violations. */
export const expectAccessible = async (page: Page) => {
  // Toasts and dialogs fade in: mid-animation opacity makes axe report contrast that no one ever sees.
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'), undefined, { timeout: 5000 })
    .catch(() => undefined);
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(bad.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
};
