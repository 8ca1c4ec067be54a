import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PUBLIC_APPROVED_COUNT,
  PUBLIC_CLIENT,
  PUBLIC_EDITORIAL_COUNT,
  PUBLIC_FEATURED,
  PUBLIC_MIND_COUNT,
  PUBLIC_PENDING_NAME,
  PUBLIC_SEAL_COUNT,
  PUBLIC_SURNAME,
} from './fixtures/public';
import { baseURL, expectAccessible, expectPath, launchBrowser, newPage, chooseAuthTab } from './support/browser';
import { expectProjectDialogFor } from './story-steps';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).textContent();
const visible = (page: Page, text: string) => page.getByText(text, { exact: true }).first().isVisible();
const cards = (page: Page) => page.getByRole('article');
/** The Seal Only filter: a checkbox drawn as a pill, clicked where a person clicks it. */
const sealOnly = (page: Page) => page.locator('label', { hasText: 'Seal Only' });

/** Clicks a link inside a landmark and checks where it leads. */
const follow = async (page: Page, landmark: 'banner' | 'contentinfo', name: string, path: string, heading: string) => {
  await page.getByRole(landmark).getByRole('link', { name, exact: true }).click();
  await expectPath(page, path);
  await expect.poll(() => h1(page)).toBe(heading);
};

describe('a visitor on the public site', () => {
  it('goes through every marketing page by the nav and footer links, with the spec texts and no serious axe findings', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await expect.poll(() => h1(page)).toContain('Work made by people');
    for (const text of ['Choose Your Role', 'Get Verified', 'Work with Confidence', 'Ready to Join?', 'Authenticity', 'Curation', 'Community', 'Excellence']) {
      await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    }
    expect(await page.title()).toBe('Humanmade — Work made by people, reviewed by people');
    await expectAccessible(page);

    await follow(page, 'banner', 'Marketplace', '/marketplace', 'Search Creators');
    await follow(page, 'banner', 'For Makers', '/for-makers', 'For Makers');
    for (const text of ['Sign up and verify', 'Complete your profile', 'Admin review', 'Get approved', 'Start creating', 'Earn the Seal']) {
      await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Join as a Maker' }).getAttribute('href')).toBe('/auth?type=maker');
    await expectAccessible(page);

    await follow(page, 'banner', 'For Minds', '/for-minds', 'For Minds');
    for (const text of ['Select your plan', 'Upload your video intro', 'Start consulting', 'Basic', 'Pro', 'Premium', 'Free']) {
      await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    }
    expect(await page.getByText('Contact us', { exact: true }).count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Join as a Mind' }).getAttribute('href')).toBe('/auth?type=mind');
    await expectAccessible(page);

    await follow(page, 'banner', 'Contact Us', '/contact', 'Get in Touch');
    await follow(page, 'contentinfo', 'About Us', '/about', 'About Humanmade');
    for (const text of ['Authenticity', 'Curation', 'Community', 'Excellence']) await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    await expectAccessible(page);

    await follow(page, 'contentinfo', 'How It Works', '/how-it-works', 'How It Works');
    for (const text of ['Choose Your Role', 'Get Verified', 'Work with Confidence', 'Earn the Seal', 'For Clients', 'For Creators']) {
      await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    }
    expect(await page.getByRole('link', { name: 'Start a Project' }).getAttribute('href')).toBe('/auth?type=client');
    expect(await page.getByRole('link', { name: 'Apply Now' }).getAttribute('href')).toBe('/auth?type=maker');
    expect(await page.title()).toBe('How It Works · Humanmade');
    await expectAccessible(page);

    await follow(page, 'contentinfo', 'Marketplace', '/marketplace', 'Search Creators');
    await follow(page, 'contentinfo', 'Contact', '/contact', 'Get in Touch');
    await follow(page, 'contentinfo', 'For Makers', '/for-makers', 'For Makers');
    await follow(page, 'contentinfo', 'For Minds', '/for-minds', 'For Minds');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Join', exact: true }).click();
    await expectPath(page, '/auth');
    await context.close();
  });

  it('works on a phone: the menu reaches every page and axe finds nothing serious', async () => {
    const { context, page } = await newPage(browser, { width: 375, height: 812 });
    for (const [label, path, heading] of [
      ['Marketplace', '/marketplace', 'Search Creators'],
      ['For Makers', '/for-makers', 'For Makers'],
      ['For Minds', '/for-minds', 'For Minds'],
      ['Contact Us', '/contact', 'Get in Touch'],
    ] as const) {
      await page.goto('/');
      // The menu is a native disclosure (<details>): its <summary> is the button.
      await page.locator('header summary').click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).last().click();
      await expectPath(page, path);
      await expect.poll(() => h1(page)).toBe(heading);
      await expectAccessible(page);
    }
    await context.close();
  });

  it('confirms an email address where its verification link lands, once, and tidies the address', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/?verified=1');
    await expect.poll(() => visible(page, 'Your email address is confirmed. Thank you!')).toBe(true);
    await expectPath(page, '/', '');
    await context.close();
  });

  it('sends a message from the Contact page after fixing what the form points out', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Name is required', 'Invalid email address', 'Message is required']) await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    await expectAccessible(page);

    await page.getByLabel('Name').fill('Visiting Vera');
    await page.getByLabel('Email').fill('vera@example.com');
    await page.getByLabel('Message', { exact: true }).fill('Do you work with museums?');
    await expect.poll(() => visible(page, '25/1000')).toBe(true);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => visible(page, "Thank you for reaching out. We'll be in touch shortly.")).toBe(true);
    await expect.poll(() => page.getByLabel('Message', { exact: true }).inputValue()).toBe('');
    await context.close();
  });
});

describe('the marketplace', () => {
  it('searches, filters and pages on the server, and never shows a pending applicant', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/marketplace');
    await page.getByLabel('Search creators').fill(PUBLIC_SURNAME.toLowerCase());
    // The search is applied on the server and kept in the address, so the view can be shared.
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(PUBLIC_SURNAME.toLowerCase());
    await expect.poll(() => visible(page, `${PUBLIC_APPROVED_COUNT} verified creators`)).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(12);
    await expect.poll(() => cards(page).first().getByRole('heading').textContent()).toBe(PUBLIC_FEATURED.name);
    await expectAccessible(page);

    // A link to the next page (so it works without scripts); with them, the next page is added in place.
    await page.getByRole('link', { name: 'Load more' }).click();
    await expect.poll(() => cards(page).count()).toBe(PUBLIC_APPROVED_COUNT);
    await expect.poll(() => page.getByRole('link', { name: 'Load more' }).count()).toBe(0);
    expect(new URL(page.url()).searchParams.has('cursor')).toBe(false);
    const names = await cards(page).getByRole('heading').allTextContents();
    expect(new Set(names).size).toBe(PUBLIC_APPROVED_COUNT);
    expect(names).not.toContain(PUBLIC_PENDING_NAME);
    await expect.poll(() => visible(page, 'No bio available')).toBe(true);

    await sealOnly(page).click();
    await expect.poll(() => visible(page, `${PUBLIC_SEAL_COUNT} verified creators`)).toBe(true);
    await expect.poll(() => cards(page).count()).toBe(PUBLIC_SEAL_COUNT);
    expect(await page.getByRole('article').getByRole('img', { name: 'Verified Human Creator' }).count()).toBe(PUBLIC_SEAL_COUNT);
    // Two quick changes add up: the second must not bring back the Seal filter the first removed.
    await sealOnly(page).click();
    await page.getByLabel('Role').selectOption('mind');
    await expect.poll(() => new URL(page.url()).search).toBe('?q=' + PUBLIC_SURNAME.toLowerCase() + '&role=mind');
    await expect.poll(() => visible(page, `${PUBLIC_MIND_COUNT} verified creators`)).toBe(true);
    await page.getByLabel('Role').selectOption('');
    await page.getByLabel('Category').selectOption('editorial_design');
    await expect.poll(() => visible(page, `${PUBLIC_EDITORIAL_COUNT} verified creators`)).toBe(true);

    // Each card says which field the search matched (decision 120): 'helps' is only in the minds' bios, 'direction' in
    // those bios and in Kai's expertise (Creative Direction), and a specialty is named before a bio.
    await page.getByLabel('Category').selectOption('');
    await page.getByLabel('Search creators').fill('helps direction');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('helps direction');
    const matchedIn = (first: string) =>
      cards(page)
        .filter({ has: page.getByRole('heading', { name: `${first} ${PUBLIC_SURNAME}`, exact: true }) })
        .getByText(/^Matched in /)
        .allTextContents();
    await expect.poll(() => matchedIn('Kai'), { timeout: 10000 }).toEqual(['Matched in specialties']);
    await expect.poll(() => matchedIn('Mina'), { timeout: 10000 }).toEqual(['Matched in bio']);

    await page.getByLabel('Search creators').fill('nobody by this name');
    await expect.poll(() => visible(page, 'No creators found matching your filters')).toBe(true);
    await expect.poll(() => visible(page, '0 verified creators')).toBe(true);
    await context.close();
  });

  it("contacts a creator from their card with the creator's dialog", async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await page.getByRole('link', { name: `Contact ${PUBLIC_FEATURED.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').first().textContent()).toBe(`Contact ${PUBLIC_FEATURED.name}`);
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => dialog.getByText('Name is required').isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByLabel('Name').fill('Hiring Hal');
    await dialog.getByLabel('Email').fill('hal@example.com');
    await dialog.getByLabel('Message', { exact: true }).fill('Would you design a label for us?');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => visible(page, "Message sent! We'll get back to you soon.")).toBe(true);
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });
});

describe('a studio', () => {
  it('opens from the directory, shows the work in a dialog, and sends an anonymous visitor to log in to hire', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await page.getByRole('link', { name: `View Studio of ${PUBLIC_FEATURED.name}` }).click();
    await expect.poll(() => h1(page)).toBe(PUBLIC_FEATURED.name);
    const studioPath = new URL(page.url()).pathname;
    expect(await page.title()).toBe(`${PUBLIC_FEATURED.name} · Humanmade`);
    for (const text of ['Maker', 'Hire This Maker', 'Get Started', 'Portfolio']) await expect.poll(() => visible(page, text), { message: text }).toBe(true);
    await expectAccessible(page);

    await page.getByRole('link', { name: PUBLIC_FEATURED.firstPiece }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading').textContent()).toBe(PUBLIC_FEATURED.firstPiece);
    expect(await dialog.getByText('Logo Design').isVisible()).toBe(true);
    // The picture has no size until it loads; on a busy machine that is after the heading.
    await expect.poll(() => dialog.getByRole('img', { name: PUBLIC_FEATURED.firstPiece }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Hire This Maker' }).click();
    await expectPath(page, '/auth');
    const redirect = new URL(page.url()).searchParams;
    expect(redirect.get('type')).toBe('client');
    expect(redirect.get('redirect')).toBe(`${studioPath}?hire=1`);

    // Logging in from there returns to the studio and continues to project creation.
    await chooseAuthTab(page, 'Login');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(PUBLIC_CLIENT.email);
    await panel.getByLabel('Password').fill(PUBLIC_CLIENT.password);
    await panel.locator('button[type=submit]').click();
    // The studio sends the client on to /dashboard-client?hire=<id>, which opens the project dialog for that creator.
    await expectPath(page, '/dashboard-client');
    await expectProjectDialogFor(page, PUBLIC_FEATURED.name);
    await context.close();
  });

  it('takes a new visitor who hires from a studio through sign-up and client onboarding to the project dialog', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`);
    await page.getByRole('link', { name: `View Studio of ${PUBLIC_FEATURED.name}` }).click();
    await expect.poll(() => h1(page)).toBe(PUBLIC_FEATURED.name);
    await page.getByRole('link', { name: 'Hire This Maker' }).click();
    await expectPath(page, '/auth');
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.getByRole('radio', { name: 'Client (Brand Partner)' }).isChecked()).toBe(true);
    await panel.getByLabel('Name').fill('Nora Newclient');
    await panel.getByLabel('Email').fill(`nora-${Date.now()}@example.com`);
    await panel.getByLabel('Password').fill('a good long password');
    await panel.locator('button[type=submit]').click();

    // Sign-up still lands on onboarding (the product's rule); finishing it continues to the hire instead of the bare
    // dashboard.
    await expectPath(page, '/onboard-client');
    await page.getByLabel('Company name').fill('Newclient Cider');
    await page.getByLabel('Industry').fill('Drinks');
    await page.getByLabel('Budget range').fill('$1,000 – $5,000');
    await page.getByRole('checkbox', { name: 'Logo design' }).click();
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).click();
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await expectPath(page, '/dashboard-client');
    await expectProjectDialogFor(page, PUBLIC_FEATURED.name);
    await context.close();
  });

  it('answers Creator Not Found with 404 for an unknown studio, and the server describes real studios to link previews', async () => {
    // Without JavaScript the server's page is the whole answer: the status and the friendly page.
    const bare = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const barePage = await bare.newPage();
    for (const path of ['/studio/no-such-creator', '/studio/no-such-creator.bak']) {
      const response = await barePage.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await h1(barePage), path).toBe('Creator Not Found');
    }
    await bare.close();

    const { context, page } = await newPage(browser);
    const response = await page.goto('/studio/no-such-creator');
    expect(response?.status()).toBe(404);
    await expect.poll(() => h1(page)).toBe('Creator Not Found');
    await page.getByRole('link', { name: 'Back to the Marketplace' }).click();
    await expectPath(page, '/marketplace');

    const listing = (await (await fetch(`${baseURL()}/api/marketplace/creators?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`)).json()) as {
      creators: Array<{ id: string }>;
    };
    const html = await (await fetch(`${baseURL()}/studio/${listing.creators[0]?.id}`)).text();
    expect(html).toContain(`<title>${PUBLIC_FEATURED.name} · Humanmade</title>`);
    expect(html).toContain(`<meta property="og:title" content="${PUBLIC_FEATURED.name} · Humanmade">`);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\/files\/profile-images\//);
    const sitemap = await (await fetch(`${baseURL()}/sitemap.xml`)).text();
    expect(sitemap).toContain(`/studio/${listing.creators[0]?.id}</loc>`);
    expect(await (await fetch(`${baseURL()}/robots.txt`)).text()).toContain('Sitemap:');
    await context.close();
  });
});

describe('pages arrive rendered (decision 084)', () => {
  it('shows every public page without scripts, and the app takes each over without a mismatch or an error', async () => {
    const listing = (await (await fetch(`${baseURL()}/api/marketplace/creators?q=${encodeURIComponent(PUBLIC_FEATURED.name)}`)).json()) as {
      creators: Array<{ id: string }>;
    };
    const studioPath = `/studio/${listing.creators[0]?.id}`;
    const paths = ['/', '/about', '/how-it-works', '/for-makers', '/for-minds', '/contact', '/marketplace', '/auth?type=maker', studioPath];

    // Without JavaScript: what the server sent.
    const bare = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const serverHeadings = new Map<string, string | null>();
    for (const path of paths) {
      const page = await bare.newPage();
      await page.goto(path);
      serverHeadings.set(path, await h1(page));
      expect(serverHeadings.get(path), path).toBeTruthy();
      await page.close();
    }
    expect(serverHeadings.get(studioPath)).toBe(PUBLIC_FEATURED.name);
    // The directory's first page and the studio's work are in the page itself, and a form can be sent before the
    // app runs: it posts to the server (decision 105).
    const directory = await bare.newPage();
    await directory.goto(`/marketplace?q=${encodeURIComponent(PUBLIC_SURNAME)}`);
    expect(await cards(directory).count()).toBe(12);
    const studio = await bare.newPage();
    await studio.goto(studioPath);
    expect(await studio.getByRole('link', { name: PUBLIC_FEATURED.firstPiece }).isVisible()).toBe(true);
    const contact = await bare.newPage();
    await contact.goto('/contact');
    expect(await contact.getByLabel('Name').isVisible()).toBe(true);
    expect(await contact.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    await bare.close();

    // With JavaScript: the same pages, taken over by the app.
    const { context, page } = await newPage(browser);
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    const dataFetches: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(studio|marketplace\/creators)/.test(request.url())) dataFetches.push(request.url());
    });
    for (const path of paths) {
      await page.goto(path);
      expect(await h1(page), path).toBe(serverHeadings.get(path));
    }
    expect(await page.getByRole('link', { name: PUBLIC_FEATURED.firstPiece }).isVisible()).toBe(true);
    // The directory and the studio came with their pages: the browser did not ask for them again.
    expect(dataFetches).toEqual([]);
    await page.goto('/contact');
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});
