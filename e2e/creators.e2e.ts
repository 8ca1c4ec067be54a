import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CREATORS_LAST_WORKSHOP_TITLE,
  CREATORS_MIND,
  CREATORS_PASSWORD,
  CREATORS_REJECTED_MAKER,
  CREATORS_SEALED_MAKER,
  CREATORS_WORKSHOP_TITLE,
  CREATORS_WORKSHOPS,
} from './fixtures/creators';
import { expectAccessible, expectPath, launchBrowser, newPage, uniqueEmail } from './support/browser';

const PASSWORD = 'a good long password';
let browser: Browser;
let files: { dir: string; png: string; png2: string; fake: string; huge: string };

beforeAll(async () => {
  browser = await launchBrowser();
  const dir = mkdtempSync(path.join(tmpdir(), 'hm-creators-e2e-'));
  const picture = (hue: string) => sharp({ create: { width: 640, height: 480, channels: 3, background: hue } }).png().toBuffer();
  files = { dir, png: path.join(dir, 'portrait.png'), png2: path.join(dir, 'poster.png'), fake: path.join(dir, 'not-really.png'), huge: path.join(dir, 'huge.png') };
  writeFileSync(files.png, await picture('#a5472a'));
  writeFileSync(files.png2, await picture('#3d5a4c'));
  writeFileSync(files.fake, 'This is a text file with a picture name.');
  writeFileSync(files.huge, Buffer.alloc(11 * 1024 * 1024, 1));
});
afterAll(async () => {
  await browser?.close();
  if (files) rmSync(files.dir, { recursive: true, force: true });
});

const signUp = async (page: Page, role: 'maker' | 'mind' | 'client', name: string) => {
  await page.goto(`/auth?type=${role}`);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill(uniqueEmail(`creators-${role}`));
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.locator('button[type=submit]').click();
  await expectPath(page, `/onboard-${role}`);
};

const logIn = async (page: Page, email: string) => {
  await page.goto('/auth');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(CREATORS_PASSWORD);
  await panel.locator('button[type=submit]').click();
};

const seeText = (page: Page, text: string, exact = true) =>
  expect.poll(() => page.getByText(text, { exact }).first().isVisible(), { timeout: 10000 }).toBe(true);
/** A stat card: its label's row, then the card around it. */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');
const statusCard = (page: Page) => statCard(page, 'Application Status');

const uploadAvatar = async (page: Page, label: string) => {
  const input = page.getByLabel(label, { exact: true });
  await input.setInputFiles(files.huge);
  await seeText(page, 'File size must be less than 5MB');
  await input.setInputFiles(files.fake);
  await seeText(page, 'Error uploading file');
  await seeText(page, 'Unsupported file type. Please choose a JPG, PNG, GIF or WebP image.');
  await input.setInputFiles(files.png);
  await seeText(page, 'File uploaded successfully');
  await expect.poll(() => page.getByRole('img', { name: `Current ${label.toLowerCase()}` }).isVisible()).toBe(true);
};

const addPortfolioItem = async (page: Page, title: string, image: string) => {
  const add = page.getByRole('button', { name: /^(Add item|Add your first piece)$/ });
  await add.first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Image', { exact: true }).setInputFiles(image);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Editorial design' }).click();
  await dialog.getByLabel('Description (optional)').fill('Made by hand, photographed in daylight.');
  await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
  await seeText(page, 'Portfolio item added!');
  await expect.poll(() => page.getByRole('img', { name: title }).isVisible()).toBe(true);
};

describe('maker onboarding and dashboard', () => {
  it('a new maker sees the validation messages, uploads an avatar, submits, and lands on a pending dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'maker', 'Nell Newmaker');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Complete Your Maker Profile');

    await page.getByLabel('Bio').fill('');
    await page.getByLabel('Website (optional)').fill('not a link');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await seeText(page, 'Please tell us a little about yourself');
    await seeText(page, 'Please enter your years of experience');
    await seeText(page, 'Please enter a full link starting with https://');
    await seeText(page, 'Please select at least one deliverable category');

    await page.getByLabel('Bio').fill('I carve wood type and print posters by hand.');
    await page.getByLabel('Years of experience').fill('6');
    await page.getByLabel('Website (optional)').fill('https://nell.example.com');
    await page.getByRole('checkbox', { name: 'Editorial design' }).click();
    await uploadAvatar(page, 'Profile image');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expectPath(page, '/dashboard-maker');
    await seeText(page, "Application submitted! We'll review it shortly.");
    await expect.poll(() => statusCard(page).getByText('Pending', { exact: true }).isVisible()).toBe(true);
    await seeText(page, 'Please verify your email address.', false);
    await context.close();
  });

  it('a maker adds and deletes portfolio items with real images, and the portfolio spec messages show', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'maker', 'Pia Portfolio');
    await page.goto('/dashboard-maker?tab=portfolio');
    await page.getByRole('button', { name: 'Add your first piece' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
    await seeText(page, 'Please upload an image');
    await seeText(page, 'Please enter a title');
    await seeText(page, 'Please select a category');
    await dialog.getByLabel('Image', { exact: true }).setInputFiles(files.huge);
    await expect.poll(() => dialog.getByText('File size must be less than 10MB').isVisible()).toBe(true);
    await dialog.getByLabel('Image', { exact: true }).setInputFiles(files.fake);
    await dialog.getByLabel('Title').fill('Fake');
    await dialog.getByLabel('Category').click();
    await page.getByRole('option', { name: 'Logo design' }).click();
    await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
    await seeText(page, 'Error uploading portfolio item');
    await page.keyboard.press('Escape');

    await addPortfolioItem(page, 'Letterpress poster', files.png);
    await addPortfolioItem(page, 'Type specimen', files.png2);
    const portfolioCard = statCard(page, 'Portfolio Items');
    await expect.poll(() => portfolioCard.textContent()).toBe('Portfolio Items2');

    await page.getByRole('button', { name: 'Delete Letterpress poster' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Portfolio item deleted');
    await expect.poll(() => page.getByRole('img', { name: 'Letterpress poster' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('img', { name: 'Type specimen' }).isVisible()).toBe(true);
    await expect.poll(() => portfolioCard.textContent()).toBe('Portfolio Items1');
    await context.close();
  });

  it('a rejected maker sees the reason and resubmits: pending again', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, CREATORS_REJECTED_MAKER.email);
    await expectPath(page, '/dashboard-maker');
    await seeText(page, CREATORS_REJECTED_MAKER.reason, false);
    await expect.poll(() => statusCard(page).getByText('Rejected', { exact: true }).isVisible()).toBe(true);
    await page.getByLabel('Intro video URL (optional)').fill('https://video.example.com/rhea');
    await page.getByRole('button', { name: 'Save and resubmit application' }).click();
    await seeText(page, "Application submitted! We'll review it shortly.");
    await expect.poll(() => statusCard(page).getByText('Pending', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByText(CREATORS_REJECTED_MAKER.reason).count()).toBe(0);
    await context.close();
  });

  it('a verified maker sees the Seal, the figures, keyboard tabs and the community workshops', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, CREATORS_SEALED_MAKER.email);
    await expectPath(page, '/dashboard-maker');
    await expect.poll(() => page.locator('header').getByRole('img', { name: 'Verified Human Creator' }).first().isVisible()).toBe(true);
    await expect.poll(() => statusCard(page).getByText('Verified', { exact: true }).isVisible()).toBe(true);
    // Earnings are read from the ledger (decision 170); this maker's seeded projects were never funded.
    await expect.poll(() => statCard(page, 'Total Earnings').textContent()).toContain('Total Earnings$0.00');
    const activeCard = statCard(page, 'Active Projects');
    await expect.poll(() => activeCard.textContent()).toBe('Active Projects2');

    await page.getByRole('tab', { name: 'Profile' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.getByRole('tab', { name: 'Portfolio' }).getAttribute('aria-selected')).toBe('true');
    await expect.poll(() => page.getByRole('img', { name: 'Bakery wordmark' }).isVisible()).toBe(true);
    await page.keyboard.press('End');
    await expect.poll(() => page.getByRole('tab', { name: 'Community' }).getAttribute('aria-selected')).toBe('true');

    // The real list from /api/workshops/upcoming: the next 5, soonest first, never the error state.
    const community = page.getByRole('tabpanel');
    const listed = community.getByRole('listitem');
    await expect.poll(() => listed.count()).toBe(5);
    expect(CREATORS_WORKSHOPS.length).toBeGreaterThan(5);
    const critique = listed.filter({ has: page.getByRole('heading', { name: CREATORS_WORKSHOP_TITLE }) });
    expect(await critique.getByText('12 max').isVisible()).toBe(true);
    expect(await critique.getByRole('link', { name: /Join link/ }).getAttribute('href')).toBe('https://meet.example.com/creators-1');
    expect(await community.getByRole('heading', { name: CREATORS_LAST_WORKSHOP_TITLE }).count()).toBe(0);
    const dates = await community.locator('time').evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
    expect(dates).toHaveLength(5);
    expect([...dates].sort()).toEqual(dates);
    expect(await page.getByText("We couldn't load the workshops right now.").count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('a maker deletes their own account after confirming', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'maker', 'Dana Departing');
    await page.goto('/dashboard-maker');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByText('Are you sure?').isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete my account' }).click();
    await expectPath(page, '/');
    await seeText(page, 'Your account has been deleted.');
    await page.goto('/dashboard-maker');
    await expectPath(page, '/auth');
    await context.close();
  });
});

describe('mind onboarding and Mind Studio', () => {
  it('a new mind sees the validation messages, submits with a plan and lands on a pending Mind Studio', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'mind', 'Milo Mind');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mind Onboarding');
    await page.getByRole('button', { name: 'Submit Application' }).click();
    await seeText(page, 'Please tell us a little about yourself');
    await seeText(page, 'Please select at least one expertise area');
    await seeText(page, 'Please accept the terms and conditions');

    await page.getByLabel('Bio').fill('I help small brands find the one thing they stand for.');
    await page.getByRole('checkbox', { name: 'Brand Strategy' }).click();
    await page.getByRole('checkbox', { name: 'Content Strategy' }).click();
    await expect.poll(() => page.getByText('Free', { exact: true }).isVisible()).toBe(true);
    await page.getByRole('radio', { name: 'Pro' }).click();
    await uploadAvatar(page, 'Profile image');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).click();
    await page.getByRole('button', { name: 'Submit Application' }).click();

    await expectPath(page, '/dashboard-mind');
    await seeText(page, 'Application submitted successfully! Awaiting approval.');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Mind Studio');
    await expect.poll(() => statusCard(page).getByText('Pending', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: 'Pro' }).isChecked()).toBe(true);

    await page.getByRole('tab', { name: 'Portfolio' }).click();
    await addPortfolioItem(page, 'Positioning map', files.png);
    await page.getByRole('button', { name: 'Delete Positioning map' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await seeText(page, 'Portfolio item deleted');
    await seeText(page, 'No portfolio items yet');
    await context.close();
  });

  it('an approved mind sees their balance read from the ledger: nothing funded and released yet', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, CREATORS_MIND.email);
    await expectPath(page, '/dashboard-mind');
    await page.getByRole('tab', { name: 'Earnings' }).click();
    // The seeded projects were never funded, so the ledger holds nothing for this mind (decision 170).
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.getByText('Earned total', { exact: true }).locator('xpath=../..').textContent()).toContain('$0.00');
    await expect.poll(() => panel.getByText('No payouts yet').isVisible()).toBe(true);
    await expect.poll(() => panel.getByRole('button', { name: 'Request payout' }).isDisabled()).toBe(true);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByLabel('Name').fill('Mira M. Mind');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await seeText(page, 'Profile updated successfully');
    await expect.poll(() => page.locator('header').getByText('Mira M. Mind').first().isVisible()).toBe(true);
    await context.close();
  });
});

describe('client onboarding', () => {
  it('a new client sees the validation messages, uploads a logo and is approved on submit', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'client', 'Cleo Client');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Client Onboarding');
    await page.getByRole('button', { name: 'Complete Profile' }).click();
    await seeText(page, 'Company name is required');
    await seeText(page, 'Industry is required');
    await seeText(page, 'Budget range is required');
    await seeText(page, 'Please select at least one deliverable category');
    await seeText(page, 'Please accept the terms and conditions');

    await page.getByLabel('Company name').fill('Paper & Co');
    await page.getByLabel('Industry').fill('Publishing');
    await page.getByLabel('Budget range').fill('$5,000 – $10,000');
    await page.getByRole('checkbox', { name: 'Editorial design' }).click();
    await uploadAvatar(page, 'Company logo');
    await page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).click();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Complete Profile' }).click();

    await expectPath(page, '/dashboard-client');
    await seeText(page, 'Profile created successfully!');
    await page.goto('/onboard-client');
    await seeText(page, 'Your profile is complete');
    await context.close();
  });
});
