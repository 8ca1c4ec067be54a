// Steps the cross-feature stories (e2e/story-*.e2e.ts) share: logging in, reading toasts, finding cards.
import sharp from 'sharp';
import type { Browser, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { baseURL, expectAccessible, expectPath, newPage, chooseAuthTab, type BrowserSessions } from './support/browser';

export const pngFile = async (name: string, color: string) => ({
  name,
  mimeType: 'image/png',
  buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: color } }).png().toBuffer(),
});

/** Fills the Login tab of /auth (optionally reached with a query) and submits; the caller checks where it lands. */
export const submitLogin = async (page: Page, email: string, password: string) => {
  await chooseAuthTab(page, 'Login');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.locator('button[type=submit]').click();
};

export const logIn = async (page: Page, email: string, password: string, landing: string) => {
  await page.goto('/auth');
  await submitLogin(page, email, password);
  await expectPath(page, landing);
};

/** A fresh context signed in with this password, on its landing page; closed after the file's tests. */
export const signedIn = async (sessions: BrowserSessions, email: string, password: string, landing: string, viewport?: { width: number; height: number }) => {
  const { page } = await sessions.open(viewport);
  await logIn(page, email, password, landing);
  return page;
};

/** A fresh browser context signed in as the e2e admin, on the admin dashboard. */
export const openAdmin = async (browser: Browser) => {
  const session = await newPage(browser);
  await logIn(session.page, inject('adminEmail'), inject('adminPassword'), '/dashboard-admin');
  return session;
};

export const seeText = (scope: Page | Locator, text: string, exact = true) =>
  expect.poll(() => scope.getByText(text, { exact }).first().isVisible(), { timeout: 10000, message: `"${text}" is visible` }).toBe(true);

export const isGone = (locator: Locator) => expect.poll(() => locator.count(), { timeout: 10000 }).toBe(0);

export const openTab = async (page: Page, name: string) => {
  const tab = page.getByRole('tab', { name, exact: true });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected')).toBe('true');
  // A dashboard tab's code loads the first time it opens (decision 188).
  await expect.poll(() => page.locator('[data-lazy-panel]').count()).toBe(0);
};

/** A project card in the client's or creator's Projects tab. */
export const projectCard = (page: Page, title: string): Locator => page.locator('li', { has: page.getByRole('heading', { name: title, exact: true }) });

/** A stat card: its label's row, then the card around it. */
export const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator('xpath=../..');

/** A row in one of the admin's lists (applications, projects, requests, users, messages). */
export const adminRow = (page: Page, text: string) => page.getByRole('tabpanel').getByRole('listitem').filter({ hasText: text });

/** axe reads colours as painted: let fade-ins (dialogs, toasts) finish first, or half-faded text fails contrast. */
export const expectSettledAccessible = async (page: Page) => {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  await expectAccessible(page);
};

/** The project dialog opened for a creator: their name is preselected. */
export const expectProjectDialogFor = async (page: Page, creatorName: string) => {
  const dialog = page.getByRole('dialog');
  await expect.poll(() => dialog.getByRole('heading', { name: 'Start a project' }).isVisible()).toBe(true);
  await expect.poll(() => dialog.getByLabel('Creator (optional)').textContent()).toContain(creatorName);
  return dialog;
};

export const fillProjectDialog = async (page: Page, input: { title: string; description: string; type: string; budget: number }) => {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Title').fill(input.title);
  await dialog.getByLabel('Description').fill(input.description);
  await dialog.getByLabel('Deliverable type').click();
  await page.getByRole('option', { name: input.type }).click();
  await dialog.getByLabel('Budget (USD)').fill(String(input.budget));
  await dialog.getByRole('button', { name: 'Create Project' }).click();
  await seeText(page, 'Project created successfully!');
};

/** The creator's Projects tab actions, as a maker or mind does them. */
export const creatorActions = (page: Page) => {
  const card = (title: string) => projectCard(page, title);
  return {
    accept: async (title: string) => {
      await card(title).getByRole('button', { name: 'Accept Project' }).click();
      await seeText(page, 'Project accepted!');
    },
    decline: async (title: string) => {
      await card(title).getByRole('button', { name: 'Decline Project' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Decline Project' }).click();
      await seeText(page, 'Project declined');
    },
    uploadProcessDoc: async (title: string, description: string) => {
      await card(title).getByRole('button', { name: 'Add Process Doc' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Process screenshot').setInputFiles(await pngFile('sketch.png', '#d8cbb5'));
      await dialog.getByLabel('What does it show? (optional)').fill(description);
      await dialog.getByRole('button', { name: 'Upload Process Doc' }).click();
      await seeText(page, 'Process doc uploaded!');
    },
    submitDeliverable: async (title: string) => {
      await card(title).getByRole('button', { name: 'Submit Deliverable' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Deliverable file').setInputFiles(await pngFile('final.png', '#2f4a3a'));
      await dialog.getByRole('button', { name: 'Submit for Review' }).click();
      await seeText(page, 'Deliverable submitted for review!');
    },
  };
};

/**
 * Money moves with the work (decision 170): the client funds a project's current milestone in the browser (from the
 * Projects tab), and the admin records the bank transfer as received through the API.
 */
export const fundMilestone = async (browser: Browser, client: Page, title: string, position = 1) => {
  await client.reload();
  await openTab(client, 'Projects');
  await projectCard(client, title).getByRole('button', { name: new RegExp(`^Fund milestone ${position}`) }).click();
  const dialog = client.getByRole('dialog');
  await dialog.getByRole('button', { name: /^Fund milestone \(/ }).click();
  await seeText(dialog, 'Waiting for the payment to be confirmed', false);
  await dialog.getByRole('button', { name: 'Done' }).click();
  const admin = await newPage(browser);
  try {
    const signIn = await admin.page.request.post('/api/account/sign-in', { data: { email: inject('adminEmail'), password: inject('adminPassword') }, headers: { origin: baseURL() } });
    expect(signIn.status()).toBe(200);
    const { toConfirm } = (await (await admin.page.request.get('/api/admin/payments')).json()) as { toConfirm: Array<{ id: string; projectTitle: string }> };
    const payment = toConfirm.find((row) => row.projectTitle === title);
    expect(payment, `an invoice for ${title} waits for the admin`).toBeDefined();
    const received = await admin.page.request.post(`/api/admin/payments/${payment!.id}/received`, { data: { reference: `E2E-${position}` }, headers: { origin: baseURL() } });
    expect(received.status()).toBe(200);
  } finally {
    await admin.context.close();
  }
};

/** The figure on a stat card, without its label or hint (the earnings card lists its balances beneath). */
export const statFigure = (page: Page, label: string) => statCard(page, label).locator('div').nth(1);
