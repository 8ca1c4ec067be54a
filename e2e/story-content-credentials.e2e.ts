import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderPortfolioPiece } from '../scripts/seed-demo/artwork';
import { aiDeclaredImage, cameraClaimImage } from '../test/support/c2pa';
import { CREDENTIALS_FX } from './fixtures/content-credentials';
import { expectAccessible, setUpBrowserSessions } from './support/browser';
import { logIn, openAdmin, seeText } from './story-steps';

/**
 * Content Credentials (decision 146), in Chromium: a maker uploads a photograph whose C2PA manifest names a
 * camera, and a picture whose manifest declares generative AI. The photograph shows on the studio with its
 * 'Content Credentials' mark; the AI-declared picture waits until an admin clears it in Provenance review.
 */

const AI_TITLE = 'Dreamt harbour';
const CAMERA_TITLE = 'Harbour at dawn';
const sessions = setUpBrowserSessions();
let images: { ai: Buffer; camera: Buffer };

beforeAll(async () => {
  images = {
    ai: await aiDeclaredImage('png', await renderPortfolioPiece('editorial_design', 71, 'Dreamt')),
    camera: await cameraClaimImage('png', await renderPortfolioPiece('editorial_design', 72, 'Harbour')),
  };
}, 60_000);

const addPortfolioItem = async (page: Page, title: string, image: Buffer) => {
  await page.getByRole('button', { name: /^(Add item|Add your first piece)$/ }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Image', { exact: true }).setInputFiles({ name: `${title}.png`, mimeType: 'image/png', buffer: image });
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Category').click();
  await page.getByRole('option', { name: 'Editorial design' }).click();
  await dialog.getByRole('button', { name: 'Add to portfolio' }).click();
  await seeText(page, 'Portfolio item added!');
  await expect.poll(() => page.getByRole('img', { name: title }).isVisible()).toBe(true);
};

const studioPieces = async (page: Page, studioPath: string) => {
  await page.goto(studioPath);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(CREDENTIALS_FX.maker.name);
  await expect.poll(() => page.getByRole('link', { name: CAMERA_TITLE }).isVisible()).toBe(true);
  return page.getByRole('list').filter({ has: page.getByRole('link', { name: CAMERA_TITLE }) }).getByRole('link').allTextContents();
};

describe('content credentials on uploads', () => {
  it('holds an AI-declared upload for review, shows the camera claim with its mark, and shows the AI piece once an admin clears it', async () => {
    const maker = await sessions.open();
    await logIn(maker.page, CREDENTIALS_FX.maker.email, CREDENTIALS_FX.password, '/dashboard-maker');
    await maker.page.goto('/dashboard-maker?tab=portfolio');
    await addPortfolioItem(maker.page, CAMERA_TITLE, images.camera);
    await addPortfolioItem(maker.page, AI_TITLE, images.ai);
    // The maker sees why their piece waits.
    await seeText(maker.page, "Hidden from your studio until our team has checked it: the file's Content Credentials declare generative AI.");

    // The public studio shows the photograph, not the AI-declared picture.
    const visitor = await sessions.open();
    await visitor.page.goto(`/marketplace?q=${encodeURIComponent(CREDENTIALS_FX.maker.name)}`);
    await visitor.page.getByRole('link', { name: `View Studio of ${CREDENTIALS_FX.maker.name}` }).click();
    await expect.poll(() => visitor.page.getByRole('heading', { level: 1 }).textContent()).toBe(CREDENTIALS_FX.maker.name);
    const studioPath = new URL(visitor.page.url()).pathname;
    const before = await studioPieces(visitor.page, studioPath);
    expect(before.join(' ')).toContain(CAMERA_TITLE);
    expect(before.join(' ')).not.toContain(AI_TITLE);

    // The photograph's mark opens, from the keyboard, a dialog with the tool and the date.
    const mark = visitor.page.getByRole('button', { name: `Content Credentials of ${CAMERA_TITLE}` });
    await mark.focus();
    await visitor.page.keyboard.press('Enter');
    const dialog = visitor.page.getByRole('dialog');
    await expect.poll(() => dialog.getByRole('heading', { name: CAMERA_TITLE }).isVisible()).toBe(true);
    for (const text of ['Fieldmark M2', 'Fieldmark Camera', 'Test Camera Co, certified by Humanmade Test CA', 'created, color adjustments']) {
      await expect.poll(() => dialog.getByText(text, { exact: true }).isVisible(), { message: text }).toBe(true);
    }
    const year = String(new Date().getUTCFullYear());
    expect(await dialog.getByText(year, { exact: false }).first().isVisible()).toBe(true);
    await visitor.page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await expectAccessible(visitor.page);
    await visitor.page.screenshot({ path: '/tmp/c2pa-dialog-1280.png' });
    await visitor.page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await expect.poll(() => mark.evaluate((element) => element === document.activeElement)).toBe(true);
    await visitor.page.screenshot({ path: '/tmp/c2pa-mark-1280.png' });

    // The admin sees why it waits, and clears it.
    const admin = sessions.keep(await openAdmin(sessions.browser));
    await admin.page.getByRole('tab', { name: 'Provenance', exact: true }).click();
    const held = admin.page.getByRole('list', { name: 'Images held for review' }).getByRole('listitem').filter({ hasText: AI_TITLE });
    await expect.poll(() => held.getByText("The file's Content Credentials declare generative AI", { exact: true }).isVisible()).toBe(true);
    for (const text of ['Imagine Studio', 'Imagine Diffusion 4', 'trainedAlgorithmicMedia']) {
      expect(await held.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await expectAccessible(admin.page);
    await held.screenshot({ path: '/tmp/c2pa-review-1280.png' });
    // A process doc that declares generative AI is listed too, to be approved (or removed).
    const file = admin.page.getByRole('list', { name: 'Project files held for review' }).getByRole('listitem').filter({ hasText: CREDENTIALS_FX.projectTitle });
    await expect.poll(() => file.getByText("The file's Content Credentials declare generative AI", { exact: true }).isVisible()).toBe(true);
    expect(await file.getByText('Imagine Diffusion 4, recorded by Imagine Studio', { exact: true }).isVisible()).toBe(true);
    await file.getByRole('button', { name: /^Approve/ }).click();
    await seeText(admin.page, 'File approved');
    await expect.poll(() => file.count(), { timeout: 10000 }).toBe(0);

    await held.getByRole('button', { name: /Clear image/ }).click();
    await seeText(admin.page, 'Image cleared');
    await expect.poll(() => held.count(), { timeout: 10000 }).toBe(0);

    // Now the public sees it.
    await expect.poll(async () => (await studioPieces(visitor.page, studioPath)).join(' '), { timeout: 10000 }).toContain(AI_TITLE);

    // At phone width the mark still sits on its picture, and its dialog fits.
    const phone = await sessions.open({ width: 375, height: 812 });
    await studioPieces(phone.page, studioPath);
    const phoneMark = phone.page.getByRole('button', { name: `Content Credentials of ${CAMERA_TITLE}` });
    await phoneMark.scrollIntoViewIfNeeded();
    await phone.page.screenshot({ path: '/tmp/c2pa-mark-375.png' });
    await phoneMark.click();
    await expect.poll(() => phone.page.getByRole('dialog').getByText('Fieldmark M2', { exact: true }).isVisible()).toBe(true);
    await phone.page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    await phone.page.screenshot({ path: '/tmp/c2pa-dialog-375.png' });
  });
});
