import type { Browser, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { PROJECTS_FX } from './fixtures/projects';
import { baseURL, expectAccessible, expectPath, launchBrowser, newPage, chooseAuthTab } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pngFile = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer(),
});

const logIn = async (page: Page, email: string, landing: string) => {
  await page.goto('/auth');
  await chooseAuthTab(page, 'Login');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(PROJECTS_FX.password);
  await panel.locator('button[type=submit]').click();
  await expectPath(page, landing);
};

const seeText = (page: Page, text: string) => expect.poll(() => page.getByText(text, { exact: true }).first().isVisible(), { timeout: 10000 }).toBe(true);
const projectCard = (page: Page, title: string): Locator => page.locator('li', { has: page.getByRole('heading', { name: title, exact: true }) });

/** The creator's side of a project, acted out in their dashboard's Projects tab as a person would. */
interface CreatorSide {
  accept: (title: string) => Promise<void>;
  decline: (title: string) => Promise<void>;
  uploadProcessDoc: (title: string, description: string) => Promise<void>;
  submitDeliverable: (title: string) => Promise<void>;
}

const creatorSide = async (page: Page, role: 'maker' | 'mind'): Promise<CreatorSide> => {
  const projectsTab = page.getByRole('tab', { name: 'Projects', exact: true });
  await expect.poll(() => projectsTab.isVisible(), { timeout: 10000, message: `the ${role} dashboard has a Projects tab` }).toBe(true);
  await projectsTab.click();
  const card = (title: string) => projectCard(page, title);
  return {
    accept: async (title) => {
      await card(title).getByRole('button', { name: 'Accept Project' }).click();
      await seeText(page, 'Project accepted!');
    },
    decline: async (title) => {
      await card(title).getByRole('button', { name: 'Decline Project' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Decline Project' }).click();
      await seeText(page, 'Project declined');
    },
    uploadProcessDoc: async (title, description) => {
      await card(title).getByRole('button', { name: 'Add Process Doc' }).click();
      const dialog = page.getByRole('dialog');
      await seeText(page, 'Add 3 to 4 screenshots of your process: sketches, drafts, work in progress.');
      await dialog.getByLabel('Process screenshot').setInputFiles(await pngFile('sketch.png', '#d8cbb5'));
      await dialog.getByLabel('What does it show? (optional)').fill(description);
      await dialog.getByRole('button', { name: 'Upload Process Doc' }).click();
      await seeText(page, 'Process doc uploaded!');
    },
    submitDeliverable: async (title) => {
      await card(title).getByRole('button', { name: 'Submit Deliverable' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Deliverable file').setInputFiles(await pngFile('final.png', '#2f4a3a'));
      await dialog.getByRole('button', { name: 'Submit for Review' }).click();
      await seeText(page, 'Deliverable submitted for review!');
    },
  };
};

/** The client funds the project's first milestone in the browser; the admin records the bank transfer as received. */
const fundAndConfirm = async (page: Page, title: string) => {
  await page.reload();
  await page.getByRole('tab', { name: 'Projects', exact: true }).click();
  await projectCard(page, title).getByRole('button', { name: /^Fund milestone 1/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Fund milestone \(/ }).click();
  await expect.poll(() => dialog.getByText('Waiting for the payment to be confirmed').first().isVisible(), { timeout: 10000 }).toBe(true);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const admin = await newPage(browser);
  const signIn = await admin.page.request.post('/api/account/sign-in', { data: { email: inject('adminEmail'), password: inject('adminPassword') }, headers: { origin: baseURL() } });
  expect(signIn.status()).toBe(200);
  const { toConfirm } = (await (await admin.page.request.get('/api/admin/payments')).json()) as { toConfirm: Array<{ id: string; projectTitle: string }> };
  const payment = toConfirm.find((row) => row.projectTitle === title);
  expect(payment).toBeDefined();
  const received = await admin.page.request.post(`/api/admin/payments/${payment!.id}/received`, { data: { reference: 'E2E-TRANSFER' }, headers: { origin: baseURL() } });
  expect(received.status()).toBe(200);
  await admin.context.close();
};

const earnings = async (page: Page) => (await (await page.request.get('/api/projects/summary')).json()).earningsTotal as number;

describe('a client hires a maker and the work goes from draft to completed', () => {
  it('hire from ?hire=, accept, process doc, PNG deliverable, approval, earnings', async () => {
    const title = `Wordmark for the new shop ${Date.now().toString(36)}`;
    const client = await newPage(browser);
    await logIn(client.page, PROJECTS_FX.client.email, '/dashboard-client');
    await seeText(client.page, 'Find verified creators and manage your projects');
    const creators = await (await client.page.request.get(`/api/client/creators?search=${encodeURIComponent(PROJECTS_FX.maker.name)}`)).json();
    const makerId = creators.creators[0].id as string;

    // The studio page's hire button for a signed-in client leads here (`hireDestination` in src/domain/marketplace.ts).
    await client.page.goto(`/dashboard-client?hire=${makerId}`);
    const dialog = client.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: 'Start a project' }).isVisible()).toBe(true);
    await expectPath(client.page, '/dashboard-client', '');
    await expect.poll(() => dialog.getByLabel('Creator (optional)').textContent()).toContain(PROJECTS_FX.maker.name);
    await dialog.getByLabel('Title').fill(title);
    await dialog.getByLabel('Description').fill('A hand-lettered wordmark for our second bakery, warm and a little wonky.');
    await dialog.getByLabel('Deliverable type').click();
    await client.page.getByRole('option', { name: 'logo design' }).click();
    await dialog.getByLabel('Budget (USD)').fill('850');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await seeText(client.page, 'Project created successfully!');
    const card = projectCard(client.page, title);
    await expect.poll(() => card.getByText('Draft', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => card.getByText(`Creator: ${PROJECTS_FX.maker.name} (Maker)`).isVisible()).toBe(true);

    const maker = await newPage(browser);
    await logIn(maker.page, PROJECTS_FX.maker.email, '/dashboard-maker');
    const before = await earnings(maker.page);
    const side = await creatorSide(maker.page, 'maker');
    await side.accept(title);
    // Money moves with the work (decision 170): the client funds the milestone, and the admin confirms the transfer.
    await fundAndConfirm(client.page, title);
    await side.uploadProcessDoc(title, 'Thumbnail sketches');
    await side.submitDeliverable(title);

    await client.page.reload();
    await client.page.getByRole('tab', { name: 'Projects', exact: true }).click();
    await expect.poll(() => card.getByText('In review', { exact: true }).isVisible()).toBe(true);
    const deliverableHref = await card.getByRole('link', { name: 'View deliverable' }).getAttribute('href');
    expect((await client.page.request.get(deliverableHref!)).headers()['content-type']).toBe('image/png');
    await expect.poll(() => card.getByRole('img', { name: 'Thumbnail sketches' }).isVisible()).toBe(true);
    // Nobody outside the project can download its files.
    const stranger = await newPage(browser);
    expect((await stranger.page.request.get(deliverableHref!)).status()).toBe(404);
    await stranger.context.close();

    await card.getByRole('button', { name: 'Approve Work' }).click();
    await client.page.getByRole('dialog').getByRole('button', { name: 'Approve Work' }).click();
    await seeText(client.page, 'Project completed!');
    await expect.poll(() => card.getByText('Completed', { exact: true }).isVisible()).toBe(true);
    // The lifecycle is over: no approve or flag any more, and the review form has taken their place.
    await expect.poll(() => card.getByRole('button', { name: /Approve Work|Flag Work|Ask for a Revision/ }).count()).toBe(0);
    await expect.poll(() => card.getByRole('button', { name: 'Save review' }).isVisible()).toBe(true);

    // Earnings are what the ledger released to the maker: the funded $850 less the 10% platform fee.
    expect(await earnings(maker.page)).toBe(before + 765);
    await client.context.close();
    await maker.context.close();
  });
});

describe('flagging work and declining a draft', () => {
  it('the client flags work in review; the mind declines another draft', async () => {
    const client = await newPage(browser);
    await logIn(client.page, PROJECTS_FX.client.email, '/dashboard-client');
    await client.page.getByRole('tab', { name: 'Projects', exact: true }).click();
    const review = projectCard(client.page, PROJECTS_FX.reviewProjectTitle);
    await expect.poll(() => review.getByRole('img', { name: 'Pencil roughs' }).isVisible()).toBe(true);
    await review.getByRole('button', { name: 'Flag Work' }).click();
    await client.page.getByRole('dialog').getByRole('button', { name: 'Flag Work' }).click();
    await seeText(client.page, 'Work flagged for admin review');
    await expect.poll(() => review.getByText('Flagged', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => review.getByText('In review', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => review.getByText('Flag reason: Client flagged for review').isVisible()).toBe(true);
    await expect.poll(() => review.getByRole('button', { name: 'Approve Work' }).count()).toBe(0);

    const mind = await newPage(browser);
    await logIn(mind.page, PROJECTS_FX.mind.email, '/dashboard-mind');
    const side = await creatorSide(mind.page, 'mind');
    await side.decline(PROJECTS_FX.declineProjectTitle);

    await client.page.reload();
    await client.page.getByRole('tab', { name: 'Projects', exact: true }).click();
    const declined = projectCard(client.page, PROJECTS_FX.declineProjectTitle);
    await expect.poll(() => declined.getByText('Cancelled', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => declined.getByText('No creator assigned yet').isVisible()).toBe(true);
    await client.context.close();
    await mind.context.close();
  });
});

describe('browsing creators and White Glove', () => {
  it('filters on the server, shows the empty state, and hires from curated matches', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, PROJECTS_FX.client.email, '/dashboard-client');
    await seeText(page, 'Verified Creators');
    expect(await page.getByRole('link', { name: 'View Full Marketplace' }).getAttribute('href')).toBe('/marketplace');
    await expect.poll(() => page.getByText('Juniper Bakery').first().isVisible()).toBe(true);
    await expectAccessible(page);

    await page.getByLabel('Creators', { exact: true }).click();
    await page.getByRole('option', { name: 'Seal Only' }).click();
    await expect.poll(() => page.getByRole('heading', { name: PROJECTS_FX.maker.name }).count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { name: PROJECTS_FX.sealMaker.name }).isVisible()).toBe(true);
    await page.getByLabel('Search creators').fill('nobody-by-this-name');
    await seeText(page, 'No creators found matching your filters');

    await page.getByRole('tab', { name: 'White Glove' }).click();
    await page.getByRole('button', { name: 'Request White Glove Matching' }).click();
    await seeText(page, 'Please describe what you need');
    await page.getByLabel('What do you need?').fill('Packaging for our holiday biscuit tins.');
    await page.getByLabel('Deliverable type').click();
    await page.getByRole('option', { name: 'branding packages' }).click();
    await page.getByLabel('Budget (USD)').fill('3000');
    await page.getByRole('button', { name: 'Request White Glove Matching' }).click();
    await seeText(page, "White Glove request submitted! We'll curate 3 perfect matches within 24-48 hours.");
    await seeText(page, 'Your Requests');
    await expect.poll(() => page.getByText('Packaging for our holiday biscuit tins.').isVisible()).toBe(true);
    await expect.poll(() => page.getByText('$3,000').first().isVisible()).toBe(true);

    await seeText(page, 'Curated Matches:');
    await expect.poll(() => page.getByText('3 creators selected for you').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'View Matches' }).click();
    const matches = page.getByRole('dialog');
    await expect.poll(() => matches.getByRole('heading', { name: PROJECTS_FX.mind.name }).isVisible()).toBe(true);
    await matches.getByRole('button', { name: `Hire Creator: ${PROJECTS_FX.mind.name}` }).click();
    const projectDialog = page.getByRole('dialog');
    await expect.poll(() => projectDialog.getByRole('heading', { name: 'Start a project' }).isVisible()).toBe(true);
    await expect.poll(() => projectDialog.getByLabel('Creator (optional)').textContent()).toContain(PROJECTS_FX.mind.name);
    await expectAccessible(page);
    await context.close();
  });
});

// Last in the file: it renames the fixture client's company, which the journeys above read.
describe("the client's company profile", () => {
  it('edits Company Name, Industry and Desired Categories, and uploads a PNG logo', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, PROJECTS_FX.client.email, '/dashboard-client');
    await page.getByRole('tab', { name: 'Profile', exact: true }).click();
    const panel = page.getByRole('tabpanel');
    await expect.poll(() => panel.getByRole('heading', { name: 'Company Profile' }).isVisible()).toBe(true);
    await expect.poll(() => panel.getByText('Food & Hospitality', { exact: true }).isVisible()).toBe(true);
    expect(await panel.getByRole('img', { name: /logo$/ }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Edit Profile' }).click();
    const form = page.getByRole('form', { name: 'Company profile' });
    await form.getByLabel('Company name').fill('Juniper Bakery & Café');
    await form.getByLabel('Industry').fill('Artisan Baking');
    // The logo: a real PNG, stored by the server as soon as it is chosen and previewed in the form.
    await form.getByLabel('Company logo').setInputFiles(await pngFile('logo.png', '#7a3b2e'));
    await seeText(page, 'File uploaded successfully');
    await expect.poll(() => form.getByRole('img', { name: 'Current company logo' }).isVisible(), { timeout: 10000 }).toBe(true);
    const branding = form.getByRole('checkbox', { name: 'Branding packages' });
    expect(await branding.getAttribute('aria-checked')).toBe('true');
    await branding.click();
    await form.getByRole('checkbox', { name: 'Web design' }).click();
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Save changes' }).click();
    await seeText(page, 'Profile updated successfully');
    await expect.poll(() => form.count()).toBe(0);

    // Saved on the server: after a reload the profile, its logo and the Company card show the new values.
    await page.reload();
    await page.getByRole('tab', { name: 'Profile', exact: true }).click();
    const saved = page.getByRole('tabpanel');
    await expect.poll(() => saved.getByText('Artisan Baking', { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => saved.getByText('Juniper Bakery & Café', { exact: true }).isVisible()).toBe(true);
    expect(await saved.getByText('Food & Hospitality', { exact: true }).count()).toBe(0);
    const categories = saved.getByRole('definition').filter({ hasText: 'logo design' });
    await expect.poll(() => categories.getByText('web design', { exact: true }).isVisible()).toBe(true);
    expect(await categories.getByText('branding packages', { exact: true }).count()).toBe(0);
    const logo = saved.getByRole('img', { name: 'Juniper Bakery & Café logo' });
    await expect.poll(() => logo.isVisible()).toBe(true);
    const logoResponse = await page.request.get((await logo.getAttribute('src'))!);
    expect(logoResponse.status()).toBe(200);
    expect(logoResponse.headers()['content-type']).toBe('image/png');
    await expect.poll(() => page.getByTitle('Juniper Bakery & Café').isVisible()).toBe(true);
    await context.close();
  });
});

describe('text that people type', () => {
  it('wraps a title and a brief of one long word inside the card, on a phone and on a desktop', async () => {
    const { context, page } = await newPage(browser, { width: 390, height: 844 });
    await logIn(page, PROJECTS_FX.client.email, '/dashboard-client');
    const title = `Long${'o'.repeat(140)}word`;
    const created = await page.request.post('/api/projects', {
      data: { title, description: `Brief${'e'.repeat(400)}`, deliverableType: 'logo_design', budget: 100 },
      headers: { origin: baseURL() },
    });
    expect(created.status()).toBe(201);
    await page.goto('/dashboard-client?tab=projects');
    const card = projectCard(page, title);
    await expect.poll(() => card.isVisible()).toBe(true);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `page width at ${width}` }).toBe(width);
      const box = await card.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    }
    await context.close();
  });
});
