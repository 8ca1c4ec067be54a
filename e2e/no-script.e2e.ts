import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLIC_APPROVED_COUNT, PUBLIC_FEATURED, PUBLIC_MIND_COUNT, PUBLIC_SEAL_COUNT, PUBLIC_SURNAME } from './fixtures/public';
import { REVIEWS_FX } from './fixtures/reviews';
import { routePreloads } from '../src/server/features/seo/route-preload';
import { baseURL, launchBrowser, uniqueEmail } from './support/browser';

// Decision 105: every control of the public pages works before the app's scripts run, and without them.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'no script pass phrase';
const SHORT_PASSWORD = 'short7!';

/** Every address a page asked for, so a journey can prove no password or token was ever in one. */
const recordAddresses = (context: BrowserContext): string[] => {
  const addresses: string[] = [];
  context.on('request', (request) => addresses.push(request.url()));
  return addresses;
};

const expectNoSecretIn = (addresses: string[]) => {
  expect(addresses.length).toBeGreaterThan(0);
  for (const address of addresses) {
    const decoded = decodeURIComponent(address);
    expect(decoded).not.toContain(PASSWORD);
    expect(decoded).not.toContain(SHORT_PASSWORD);
    expect(decoded).not.toMatch(/password=|token=/i);
  }
};

const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();
const pathOf = (page: Page) => new URL(page.url()).pathname;

describe('with JavaScript disabled', () => {
  it('signs up, logs in, sends a message, and searches, filters and contacts in the marketplace', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const addresses = recordAddresses(context);
    const page = await context.newPage();
    const email = uniqueEmail('no-script');

    // Sign up: the tab is a link, the form posts, mistakes come back with the product's messages and what was typed.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.searchParams.get('tab') === 'signup');
    expect(await page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected')).toBe('true');
    const signUp = page.getByRole('form', { name: 'Sign up' });
    await signUp.getByRole('radio', { name: 'Mind (Strategic Creative)' }).check();
    await signUp.getByLabel('Name').fill('Nadia Noscript');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill(SHORT_PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForLoadState('domcontentloaded');
    expect(await visible(page, 'Password must be at least 8 characters')).toBe(true);
    expect(await signUp.getByLabel('Name').inputValue()).toBe('Nadia Noscript');
    expect(await signUp.getByLabel('Email').inputValue()).toBe(email);
    expect(await signUp.getByLabel('Password').inputValue()).toBe('');
    expect(await signUp.getByRole('radio', { name: 'Mind (Strategic Creative)' }).isChecked()).toBe(true);
    expect(await page.content()).not.toContain(SHORT_PASSWORD);
    await signUp.getByLabel('Password').fill(PASSWORD);
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL((url) => url.pathname === '/onboard-mind');
    expect((await context.cookies()).some((cookie) => cookie.name.endsWith('session_token') && cookie.httpOnly)).toBe(true);
    await context.clearCookies();

    // Log in: a wrong password is said in the page, the email stays; the right one lands on the dashboard.
    await page.goto('/auth');
    const logIn = page.getByRole('form', { name: 'Log in' });
    await logIn.getByLabel('Email').fill(email);
    await logIn.getByLabel('Password').fill(SHORT_PASSWORD);
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await page.waitForLoadState('domcontentloaded');
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible()).toBe(true);
    expect(await logIn.getByLabel('Email').inputValue()).toBe(email);
    await logIn.getByLabel('Password').fill(PASSWORD);
    await logIn.getByRole('button', { name: 'Log In' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard-mind');
    await context.clearCookies();

    // Contact: the message field's message, then the thanks.
    await page.goto('/contact');
    await page.getByLabel('Name').fill('Nadia Noscript');
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForLoadState('domcontentloaded');
    expect(await visible(page, 'Message is required')).toBe(true);
    expect(await page.getByLabel('Name').inputValue()).toBe('Nadia Noscript');
    await page.getByLabel('Message', { exact: true }).fill('Written without any scripts at all.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.pathname === '/contact' && url.searchParams.get('sent') === '1');
    expect(await page.getByRole('status').filter({ hasText: "Thank you for reaching out. We'll be in touch shortly." }).isVisible()).toBe(true);

    // The marketplace: search and filters are a GET form the server's page honours.
    await page.goto('/marketplace');
    await page.getByLabel('Search creators').fill(PUBLIC_SURNAME);
    await page.getByLabel('Role').selectOption('mind');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('role') === 'mind');
    expect(new URL(page.url()).searchParams.get('q')).toBe(PUBLIC_SURNAME);
    expect(await visible(page, `${PUBLIC_MIND_COUNT} verified creators`)).toBe(true);
    expect(await page.getByRole('article').count()).toBe(PUBLIC_MIND_COUNT);
    await page.getByLabel('Role').selectOption('');
    await page.getByRole('checkbox', { name: 'Seal Only' }).check({ force: true });
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('seal') === '1');
    expect(await visible(page, `${PUBLIC_SEAL_COUNT} verified creators`)).toBe(true);
    expect(await page.getByRole('checkbox', { name: 'Seal Only' }).isChecked()).toBe(true);

    // A creator's Contact opens the dialog as a page; its form posts and comes back thanked.
    await page.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await page.getByRole('link', { name: `Contact ${PUBLIC_FEATURED.name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading', { name: `Contact ${PUBLIC_FEATURED.name}` }).isVisible()).toBe(true);
    // The address names the dialog, so the next Tab goes into its form rather than to the top of the page.
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await dialog.getByLabel('Name').fill('Nadia Noscript');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Message', { exact: true }).fill('A label for our cider, please.');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === '1');
    expect(await page.getByRole('dialog').getByRole('status').textContent()).toBe("Message sent! We'll get back to you soon.");
    await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
    await page.waitForURL((url) => !url.searchParams.has('contact'));
    expect(await page.getByRole('dialog').count()).toBe(0);

    expectNoSecretIn(addresses);
    await context.close();
  }, 180_000);
});

describe('the controls that were scripts, with JavaScript disabled', () => {
  it('asks for a password reset link, and sends a guarded page to the log-in first', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/reset-password');
    const form = page.getByRole('form', { name: 'Request a password reset link' });
    await form.getByLabel('Email').fill('not an email');
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForLoadState('load');
    expect(await form.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await form.getByLabel('Email').fill(uniqueEmail('reset'));
    await form.getByRole('button', { name: 'Send reset link' }).click();
    await page.waitForURL((url) => url.searchParams.get('sent') === '1');
    expect(await visible(page, 'If an account exists for that email, a link to reset the password is on its way.')).toBe(true);

    // A dashboard answers with a redirect to the log-in, rather than a page that waits for scripts for ever.
    await page.goto('/dashboard-maker');
    expect(pathOf(page)).toBe('/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard-maker');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome back');
    await context.close();
  }, 120_000);

  it('opens the menu on a phone and follows its links', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/');
    const menuButton = page.locator('header summary');
    const menuLink = (name: string) => page.locator('header details').getByRole('link', { name });
    expect(await menuButton.isVisible()).toBe(true);
    expect(await menuLink('For Makers').isVisible()).toBe(false);

    await menuButton.click();
    expect(await menuLink('For Makers').isVisible()).toBe(true);
    expect(await menuLink('Join').isVisible()).toBe(true);
    // The disclosure closes again from its button, and opens once more.
    await menuButton.click();
    expect(await menuLink('For Makers').isVisible()).toBe(false);
    await menuButton.click();
    await menuLink('For Makers').click();
    await page.waitForURL((url) => url.pathname === '/for-makers');
    expect(await page.getByRole('heading', { level: 1 }).first().textContent()).toContain('For Makers');
    // A new page, and the menu is closed on it.
    expect(await menuLink('For Minds').isVisible()).toBe(false);
    await context.close();
  }, 120_000);

  it('folds the marketplace filters under one button on a phone, and shows them on a wide screen', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto('/marketplace?role=mind&sort=newest');
    const fold = page.getByRole('search', { name: 'Filter creators' }).locator('summary');
    // The Seal toggle and the Search button stay in reach; the four selects wait behind 'Filters', which says how
    // many of them are set.
    expect(await fold.textContent()).toContain('2 active');
    expect(await page.getByLabel('Role').isVisible()).toBe(false);
    expect(await page.locator('label', { hasText: 'Seal Only' }).isVisible()).toBe(true);
    await fold.click();
    expect(await page.getByLabel('Role').isVisible()).toBe(true);
    await page.getByLabel('Role').selectOption('maker');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('role') === 'maker');
    expect(await page.getByRole('search', { name: 'Filter creators' }).locator('summary').textContent()).toContain('2 active');

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await fold.isVisible()).toBe(false);
    for (const label of ['Role', 'Category', 'Sort by', 'Rating']) expect(await page.getByLabel(label).isVisible(), label).toBe(true);
    await context.close();
  }, 120_000);

  it("links each piece of a studio's work to its full image", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await page.getByRole('link', { name: `View Studio of ${PUBLIC_FEATURED.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/studio/'));
    const piece = page.getByRole('link', { name: PUBLIC_FEATURED.firstPiece });
    const href = await piece.getAttribute('href');
    expect(href).toMatch(/^\/files\//);
    // The card shows the thumbnail; the link leads to the full picture.
    expect(await piece.locator('img').getAttribute('src')).not.toBe(href);
    await piece.click();
    await page.waitForURL((url) => `${url.pathname}${url.search}` === href);
    const image = await context.request.get(href ?? '');
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toMatch(/^image\//);
    await context.close();
  }, 120_000);
});

describe("a studio's reviews without scripts", () => {
  it('pages the reviews by a link, and comes back to the newest', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`/marketplace?q=${encodeURIComponent(REVIEWS_FX.paged.name)}`);
    await page.getByRole('link', { name: `View Studio of ${REVIEWS_FX.paged.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/studio/'));
    // Newest first, five to a page: reviews 1 to 5 (review 1 is the newest), not 6 and 7.
    expect(await page.getByText('Paged review 1:').count()).toBe(1);
    expect(await page.getByText('Paged review 5:').count()).toBe(1);
    expect(await page.getByText('Paged review 6:').count()).toBe(0);

    await page.getByRole('link', { name: 'Show older reviews' }).click();
    await page.waitForURL((url) => url.searchParams.has('reviews'));
    expect(await page.getByText('Paged review 6:').count()).toBe(1);
    expect(await page.getByText('Paged review 7:').count()).toBe(1);
    expect(await page.getByText('Paged review 1:').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Show older reviews' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Back to the newest reviews' }).click();
    await page.waitForURL((url) => !url.searchParams.has('reviews'));
    expect(await page.getByText('Paged review 1:').count()).toBe(1);
    await context.close();
  }, 120_000);

  it('with scripts, the same link adds the older reviews below the newest, in place', async () => {
    const context = await browser.newContext({ baseURL: baseURL() });
    const page = await context.newPage();
    await page.goto(`/marketplace?q=${encodeURIComponent(REVIEWS_FX.paged.name)}`);
    await page.getByRole('link', { name: `View Studio of ${REVIEWS_FX.paged.name}` }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/studio/'));
    await expect.poll(() => page.getByText('Paged review 5:').count()).toBe(1);
    // A click before the app has taken over follows the link as the page without scripts does (the test above).
    await appTakesOver(page);
    await page.getByRole('link', { name: 'Show older reviews' }).click();
    await expect.poll(() => page.getByText('Paged review 7:').count()).toBe(1);
    expect(await page.getByText('Paged review 1:').count()).toBe(1);
    expect(new URL(page.url()).searchParams.has('reviews')).toBe(false);
    await context.close();
  }, 120_000);
});

describe('the marketplace without scripts', () => {
  it("reaches every creator through 'Load more', a link to the next page that keeps the search", async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    const q = PUBLIC_SURNAME.toLowerCase();
    await page.goto(`/marketplace?q=${encodeURIComponent(q)}`);
    const headings = page.getByRole('article').getByRole('heading');
    expect(await headings.count()).toBe(12);
    const names = new Set(await headings.allTextContents());
    const more = page.getByRole('link', { name: 'Load more' });
    const href = await more.getAttribute('href');
    await more.click();
    // The next page opens at its results, not above the hero and the filters.
    expect(href).toMatch(/#directory-results$/);
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === href);
    expect(await page.evaluate(() => document.getElementById('directory-results')!.getBoundingClientRect().top)).toBeLessThan(200);
    expect(new URL(page.url()).searchParams.get('q')).toBe(q);
    for (const name of await headings.allTextContents()) names.add(name);
    expect(names.size).toBe(PUBLIC_APPROVED_COUNT);
    expect(await more.count()).toBe(0);

    await page.getByRole('link', { name: 'Back to the first creators' }).click();
    await page.waitForURL((url) => !url.searchParams.has('cursor'));
    expect(await headings.count()).toBe(12);
    await context.close();
  }, 120_000);
});

describe("the marketplace's Contact dialog opened by its address, once the app has taken over", () => {
  it('keeps focus inside, closes on Escape, and gives focus back to the Contact link', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const directory = `/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`;
    await page.goto(directory, { waitUntil: 'domcontentloaded' });
    const contactHref = await page.getByRole('link', { name: `Contact ${PUBLIC_FEATURED.name}` }).getAttribute('href');
    expect(contactHref).toContain('contact=');
    await page.goto(contactHref ?? '');
    await appTakesOver(page);
    const dialog = page.locator('dialog');
    await expect.poll(() => dialog.evaluate((element) => element.matches(':modal'))).toBe(true);
    // Becoming modal put focus in the first field and left no message on an untouched one.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('creator-contact-name');
    expect(await visible(page, 'Name is required')).toBe(false);

    const focusIsInside = () => page.evaluate(() => document.activeElement?.closest('dialog') !== null);
    await page.getByRole('dialog').getByLabel('Name').focus();
    for (let press = 0; press < 8; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(), `after ${press + 1} presses of Tab`).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusIsInside()).toBe(true);

    await page.keyboard.press('Escape');
    await page.waitForURL((url) => !url.searchParams.has('contact'));
    await expect.poll(() => page.locator('dialog').count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? ''))
      .toBe(`Contact ${PUBLIC_FEATURED.name}`);
    await context.close();
  }, 120_000);
});

const ACTION_NOTES_KEY = 'e2e:action-notes';

interface ActionNote {
  event: string;
  target: string;
  address: string;
  hydrated: boolean;
}

/**
 * Runs in every document of the slow page: each click and submit notes, as it reaches the page (on window, in the
 * capture phase, so before any handler of the app's), what it was on and whether the app had taken the page over.
 * The notes go to sessionStorage, which outlives the navigation a native link or form starts.
 */
function noteActions(key: string) {
  const note = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    // A form by its accessible name or the name it posts (decision 105's hidden `form` field); anything else by its text.
    const formName = target instanceof HTMLFormElement ? (target.elements.namedItem('form') as HTMLInputElement | null)?.value : undefined;
    const label = target ? (target.getAttribute('aria-label') ?? formName ?? target.textContent?.trim().slice(0, 40) ?? '') : '';
    try {
      const notes = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
      notes.push({
        event: event.type,
        target: `${target?.tagName.toLowerCase() ?? '?'} ${label}`.trim(),
        address: location.pathname + location.search,
        hydrated: document.getElementById('main')?.dataset.path !== undefined,
      });
      sessionStorage.setItem(key, JSON.stringify(notes));
    } catch {
      // about:blank has no storage, and nothing to click.
    }
  };
  addEventListener('click', note, true);
  addEventListener('submit', note, true);
}

const readActionNotes = (page: Page) => page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? '[]') as ActionNote[], ACTION_NOTES_KEY);

/** A page at DOMContentLoaded on a phone-like CPU (4× slower), before the app's scripts have taken it over. */
const slowPage = async (): Promise<{ context: BrowserContext; page: Page; addresses: string[] }> => {
  const context = await browser.newContext({ baseURL: baseURL(), viewport: { width: 390, height: 844 } });
  const addresses = recordAddresses(context);
  await context.addInitScript(noteActions, ACTION_NOTES_KEY);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return { context, page, addresses };
};

/**
 * Holds back the page's own code, the route's modules the server names for preloading (a lazy chunk and what only
 * it imports; DOMContentLoaded does not wait for them), until the returned release is called: as a slow network
 * would. Without it the act is a race it loses on a warm cache: the app took over 0.6 to 7 s after
 * DOMContentLoaded on a busy two-core machine, and filling three fields and a button took 1 to 5 s.
 */
const holdPageCode = async (page: Page, pathname: string): Promise<() => Promise<void>> => {
  const files = new Set(routePreloads(pathname));
  expect(files.size, `the modules of ${pathname}`).toBeGreaterThan(0);
  const held: Route[] = [];
  let holding = true;
  const matches = (url: URL) => files.has(url.pathname);
  const handler = (route: Route) => (holding ? void held.push(route) : route.continue());
  await page.route(matches, handler);
  return async () => {
    holding = false;
    // A request of a page the action has left is over: nothing to continue.
    for (const route of held) await route.continue().catch(() => undefined);
    await page.unroute(matches, handler);
  };
};

const appTakesOver = (page: Page) =>
  page.waitForFunction(() => document.getElementById('main')?.dataset.path !== undefined, undefined, { timeout: 30000 });

interface ContactSubmission {
  email: string;
  message: string;
  source: string;
  creatorName: string | null;
}

/** The contact messages the admin reads, the newest first. */
const contactSubmissions = async (): Promise<ContactSubmission[]> => {
  const context = await browser.newContext({ baseURL: baseURL() });
  const signIn = await context.request.post('/api/account/sign-in', { data: { email: inject('adminEmail'), password: inject('adminPassword') }, headers: { origin: baseURL() } });
  expect(signIn.status()).toBe(200);
  const answer = await context.request.get('/api/admin/contact');
  expect(answer.status()).toBe(200);
  const { submissions } = (await answer.json()) as { submissions: ContactSubmission[] };
  await context.close();
  return submissions;
};

describe('acting at DOMContentLoaded with 4× CPU slowdown', () => {
  it('finds every action taken before the app took over, and done: a tab, a sign-up, a log-in, two contact forms, a search and a filter', async () => {
    const { context, page, addresses } = await slowPage();
    const taken: string[] = [];
    let notesRead = 0;
    let release: () => Promise<void> = async () => undefined;
    /** Opens the address at DOMContentLoaded, its code held back until the action on it has been taken. */
    const open = async (address: string) => {
      release = await holdPageCode(page, new URL(address, baseURL()).pathname);
      await page.goto(address, { waitUntil: 'domcontentloaded' });
      // A server too slow to render sends the bare shell, which only the held code could fill: nothing to act on.
      expect(await page.evaluate(() => document.getElementById('root')?.firstElementChild != null), `the first paint of ${address}`).toBe(true);
    };
    /**
     * Takes an action on the page as it is, lets its code in, waits for the action's result, and reads what the page
     * noted of the action's clicks and submits: there must be some, and each must have come before the app.
     */
    const act = async (name: string, action: () => Promise<void>, result: () => Promise<void>) => {
      await action();
      await release();
      await result();
      const notes = await readActionNotes(page);
      const own = notes.slice(notesRead);
      notesRead = notes.length;
      expect(own.length, `${name}: no click or submit reached the page`).toBeGreaterThan(0);
      expect(own.filter((note) => note.hydrated), `${name}: taken after the app had taken the page over`).toEqual([]);
      taken.push(`${name}: ${own.map((note) => `${note.event} on ${note.target} at ${note.address}`).join(', ')}`);
    };
    const email = uniqueEmail('slow-cpu');

    // The Sign Up tab, clicked as soon as the page is there.
    await open('/auth');
    await act(
      'tab',
      () => page.getByRole('tab', { name: 'Sign Up' }).click(),
      async () => {
        await page.waitForURL((url) => url.searchParams.get('tab') === 'signup');
        await expect.poll(() => page.getByRole('tab', { name: 'Sign Up' }).getAttribute('aria-selected'), { timeout: 20000 }).toBe('true');
        await expect.poll(() => page.getByRole('form', { name: 'Sign up' }).isVisible(), { timeout: 20000 }).toBe(true);
      },
    );
    await appTakesOver(page);

    // A sign-up, filled and sent at once.
    await open('/auth?tab=signup&type=maker');
    await act(
      'sign-up',
      async () => {
        const form = page.getByRole('form', { name: 'Sign up' });
        await form.getByLabel('Name').fill('Sasha Slowphone');
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password').fill(PASSWORD);
        await form.getByRole('button', { name: 'Create Account' }).click();
      },
      () => page.waitForURL((url) => url.pathname === '/onboard-maker', { timeout: 30000 }),
    );
    await appTakesOver(page);
    await context.clearCookies();

    // A log-in, sent at once.
    await open('/auth');
    await act(
      'log-in',
      async () => {
        const form = page.getByRole('form', { name: 'Log in' });
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password').fill(PASSWORD);
        await form.getByRole('button', { name: 'Log In' }).click();
      },
      () => page.waitForURL((url) => url.pathname === '/dashboard-maker', { timeout: 30000 }),
    );
    await appTakesOver(page);
    await context.clearCookies();

    // The Contact page's form, filled and sent at once: the page comes back with its thanks.
    const pageMessage = `Sent from a slow phone at first paint (${email}).`;
    await open('/contact');
    await act(
      'contact',
      async () => {
        await page.getByLabel('Name').fill('Sasha Slowphone');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Message', { exact: true }).fill(pageMessage);
        await page.getByRole('button', { name: 'Send Message' }).click();
      },
      async () => {
        await page.waitForURL((url) => url.pathname === '/contact' && url.searchParams.get('sent') === '1', { timeout: 30000 });
        await expect
          .poll(() => page.getByRole('status').filter({ hasText: "Thank you for reaching out. We'll be in touch shortly." }).isVisible(), { timeout: 20000 })
          .toBe(true);
      },
    );
    await appTakesOver(page);

    // A marketplace search, typed and sent at once.
    await open('/marketplace');
    await act(
      'search',
      async () => {
        await page.getByLabel('Search creators').fill(PUBLIC_SURNAME);
        await page.getByRole('button', { name: 'Search', exact: true }).click();
      },
      async () => {
        await expect.poll(() => new URL(page.url()).searchParams.get('q'), { timeout: 30000 }).toBe(PUBLIC_SURNAME);
        await expect.poll(() => visible(page, `${PUBLIC_APPROVED_COUNT} verified creators`), { timeout: 30000 }).toBe(true);
        await expect.poll(() => page.getByRole('article').count(), { timeout: 20000 }).toBe(12);
      },
    );
    await appTakesOver(page);

    // A marketplace filter, chosen at once: the app applies it when it takes over.
    await open(`/marketplace?q=${PUBLIC_SURNAME}`);
    await act(
      'filter',
      () => page.locator('label', { hasText: 'Seal Only' }).click(),
      async () => {
        await expect.poll(() => new URL(page.url()).searchParams.get('seal'), { timeout: 30000 }).toBe('1');
        await expect.poll(() => visible(page, `${PUBLIC_SEAL_COUNT} verified creators`), { timeout: 30000 }).toBe(true);
        expect(pathOf(page)).toBe('/marketplace');
      },
    );
    await appTakesOver(page);

    // A creator's Contact, followed at once, and the form of the dialog it opens, filled and sent as soon as that
    // page is there.
    const cardMessage = `A label for our cider, asked for at first paint (${email}).`;
    await open(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await act(
      'marketplace contact dialog',
      async () => {
        await page.getByRole('link', { name: `Contact ${PUBLIC_FEATURED.name}` }).click();
        await page.waitForURL((url) => url.searchParams.has('contact'), { waitUntil: 'domcontentloaded', timeout: 30000 });
        const dialog = page.getByRole('dialog');
        expect(await dialog.getByRole('heading', { name: `Contact ${PUBLIC_FEATURED.name}` }).isVisible()).toBe(true);
        await dialog.getByLabel('Name').fill('Sasha Slowphone');
        await dialog.getByLabel('Email').fill(email);
        await dialog.getByLabel('Message', { exact: true }).fill(cardMessage);
        await dialog.getByRole('button', { name: 'Send Message' }).click();
      },
      async () => {
        await page.waitForURL((url) => url.searchParams.get('sent') === '1' && url.searchParams.has('contact'), { timeout: 30000 });
        await expect
          .poll(() => page.getByRole('dialog').getByRole('status').filter({ hasText: "Message sent! We'll get back to you soon." }).isVisible(), { timeout: 20000 })
          .toBe(true);
      },
    );
    await appTakesOver(page);

    // Both messages were stored, each from its own form, the second about its creator.
    const mine = (await contactSubmissions()).filter((submission) => submission.email === email);
    expect(mine.map(({ message, source, creatorName }) => ({ message, source, creatorName }))).toEqual([
      { message: cardMessage, source: 'marketplace', creatorName: PUBLIC_FEATURED.name },
      { message: pageMessage, source: 'contact_page', creatorName: null },
    ]);

    // The point of the test: every one happened before the app had taken its page over, and none was lost.
    console.info(`acted before the app took over:\n  ${taken.join('\n  ')}`);
    expect(taken).toHaveLength(7);
    expectNoSecretIn(addresses);
    await context.close();
  }, 240_000);
});
