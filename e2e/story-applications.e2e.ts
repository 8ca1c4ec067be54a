import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORY_FX } from './fixtures/stories';
import { expectAccessible, expectPath, launchBrowser, newPage, uniqueEmail } from './support/browser';
import { adminRow, isGone, logIn, openAdmin, seeText, statCard } from './story-steps';

/**
 * Story 1: a maker and a mind apply in the browser; the admin approves the mind and rejects the maker with a
 * reason; the maker reads it and resubmits. Only the approved mind becomes public.
 */

const PASSWORD = 'a story password';
const SURNAME = 'Quillfield';
const MAKER = { name: `Nadia ${SURNAME}`, email: uniqueEmail('story-maker') };
const MIND = { name: `Otto ${SURNAME}`, email: uniqueEmail('story-mind') };
const REASON = 'Lovely lettering. Please add your intro video and two pieces with process shots.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const signUp = async (page: Page, role: 'maker' | 'mind', person: { name: string; email: string }) => {
  await page.goto(`/auth?type=${role}`);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Name').fill(person.name);
  await panel.getByLabel('Email').fill(person.email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.locator('button[type=submit]').click();
  await expectPath(page, `/onboard-${role}`);
};

const statusIs = (page: Page, status: string) =>
  expect.poll(() => statCard(page, 'Application Status').getByText(status, { exact: true }).isVisible(), { timeout: 10000 }).toBe(true);

/** The names the public directory lists for the applicants' family name, once it has answered. */
const directoryNames = async (page: Page) => {
  await page.goto(`/marketplace?q=${SURNAME}`);
  const cards = page.getByRole('article');
  await expect
    .poll(async () => (await cards.count()) > 0 || (await page.getByText('No creators found matching your filters').isVisible()), { timeout: 10000 })
    .toBe(true);
  return cards.getByRole('heading').allTextContents();
};

describe('story 1: applications, review, resubmission and visibility', () => {
  let makerStudio = '';

  it('a maker and a mind fill in onboarding and wait as pending, invisible to the public', async () => {
    const maker = await newPage(browser);
    await signUp(maker.page, 'maker', MAKER);
    await maker.page.getByLabel('Bio').fill('I paint shop signs and letter menus by hand.');
    await maker.page.getByLabel('Years of experience').fill('3');
    await maker.page.getByRole('checkbox', { name: 'Logo design' }).click();
    await maker.page.getByRole('button', { name: 'Submit Application' }).click();
    await expectPath(maker.page, '/dashboard-maker');
    await seeText(maker.page, "Application submitted! We'll review it shortly.");
    await statusIs(maker.page, 'Pending');
    await maker.context.close();

    const mind = await newPage(browser);
    await signUp(mind.page, 'mind', MIND);
    await mind.page.getByLabel('Bio').fill('I help family businesses say what they stand for.');
    await mind.page.getByRole('checkbox', { name: 'Brand Strategy' }).click();
    await mind.page.getByRole('radio', { name: 'Premium' }).click();
    await mind.page.getByRole('checkbox', { name: /I accept the terms and conditions/ }).click();
    await mind.page.getByRole('button', { name: 'Submit Application' }).click();
    await expectPath(mind.page, '/dashboard-mind');
    await seeText(mind.page, 'Application submitted successfully! Awaiting approval.');
    await statusIs(mind.page, 'Pending');
    await mind.context.close();

    const visitor = await newPage(browser);
    expect(await directoryNames(visitor.page)).toEqual([]);
    await seeText(visitor.page, 'No creators found matching your filters');
    await visitor.context.close();
  });

  it('the admin approves the mind and rejects the maker with a reason', async () => {
    const admin = await openAdmin(browser);
    const mindCard = adminRow(admin.page, MIND.email);
    await expect.poll(() => mindCard.getByText('Premium', { exact: true }).isVisible()).toBe(true);
    await mindCard.getByRole('button', { name: 'Approve' }).click();
    await seeText(admin.page, 'Application approved!');
    await isGone(mindCard);

    const makerCard = adminRow(admin.page, MAKER.email);
    await expect.poll(() => makerCard.getByText('3 years of experience').isVisible()).toBe(true);
    makerStudio = new URL((await makerCard.getByRole('link', { name: /Studio preview/ }).getAttribute('href'))!, 'http://x').pathname;
    await makerCard.getByRole('button', { name: 'Reject' }).click();
    await admin.page.getByRole('dialog').getByLabel('Reason (optional)').fill(REASON);
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Reject application' }).click();
    await seeText(admin.page, 'Application rejected');
    await isGone(makerCard);
    await admin.context.close();
  });

  it('the rejected maker reads the reason on their dashboard, edits and resubmits: pending again', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, MAKER.email, PASSWORD, '/dashboard-maker');
    await statusIs(page, 'Rejected');
    await seeText(page, 'Your application was not approved this time.');
    await seeText(page, `Reviewer's note: ${REASON}`);
    await expectAccessible(page);

    await page.getByLabel('Intro video URL (optional)').fill('https://video.example.com/nadia-intro.mp4');
    await page.getByLabel('Bio').fill('I paint shop signs and letter menus by hand. Every job starts with pencil roughs.');
    await page.getByRole('button', { name: 'Save and resubmit application' }).click();
    await seeText(page, "Application submitted! We'll review it shortly.");
    await statusIs(page, 'Pending');
    await isGone(page.getByText(REASON));
    await context.close();

    // Back in the admin's queue, with the new video.
    const admin = await openAdmin(browser);
    const makerCard = adminRow(admin.page, MAKER.email);
    await expect.poll(() => makerCard.getByRole('link', { name: /Watch intro video/ }).getAttribute('href')).toBe('https://video.example.com/nadia-intro.mp4');
    await admin.context.close();
  });

  it('the approved mind is on the marketplace and their studio; the pending maker is on neither', async () => {
    const { context, page } = await newPage(browser);
    expect(await directoryNames(page)).toEqual([MIND.name]);
    await page.getByRole('link', { name: `View Studio of ${MIND.name}` }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(MIND.name);
    await seeText(page, 'Work With This Mind');
    await seeText(page, 'Brand Strategy');

    expect(makerStudio).toMatch(/^\/studio\/.+/);
    await page.goto(makerStudio);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Creator Not Found');
    expect(await page.getByText(MAKER.name).count()).toBe(0);
    await context.close();
  });

  it('the mind’s own dashboard says approved, and a client can find the mind but not the maker', async () => {
    const mind = await newPage(browser);
    await logIn(mind.page, MIND.email, PASSWORD, '/dashboard-mind');
    await statusIs(mind.page, 'Approved');
    expect(await mind.page.getByText('Your application is in review.', { exact: false }).count()).toBe(0);
    await mind.context.close();

    const client = await newPage(browser);
    await logIn(client.page, STORY_FX.client.email, STORY_FX.password, '/dashboard-client');
    await client.page.getByLabel('Search creators').fill(SURNAME);
    await expect.poll(() => client.page.getByRole('button', { name: `Hire Creator: ${MIND.name}` }).isVisible()).toBe(true);
    expect(await client.page.getByRole('heading', { name: MAKER.name }).count()).toBe(0);
    await client.context.close();
  });
});
