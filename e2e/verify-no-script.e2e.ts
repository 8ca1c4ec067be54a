import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './support/browser';

// /verify works with JavaScript disabled: its form posts to the page, which the server answers with the check in it.

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('/verify with JavaScript disabled', () => {
  it('checks a pasted credential, answers a creator without one with 404, and offers no upload it cannot read', async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: false });
    const page = await context.newPage();
    expect((await page.goto('/verify'))?.status()).toBe(200);
    // Reading a file needs the script, so the control appears only with it.
    expect(await page.getByLabel('Or upload the credential file').count()).toBe(0);
    // …and the introduction does not offer it either.
    expect(await page.getByText(/Paste it here to see who issued it/).isVisible()).toBe(true);
    expect(await page.getByText(/upload its file/).count()).toBe(0);
    await page.getByLabel('Credential', { exact: true }).fill('eyJhbGciOiJFZERTQSJ9.e30.AAAA');
    const [answer] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), page.getByRole('button', { name: 'Verify', exact: true }).click()]);
    expect(answer.status()).toBe(200);
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^(Not valid|Not a credential)/);
    // The credential stays in the form, and out of the address.
    expect(new URL(page.url()).search).toBe('');
    expect(await page.getByLabel('Credential', { exact: true }).inputValue()).toBe('eyJhbGciOiJFZERTQSJ9.e30.AAAA');

    // A paste far past what an address may hold is told it is too long, in the page (it was a bare 431 as a GET).
    await page.getByLabel('Credential', { exact: true }).fill(`{"a":"${'x'.repeat(30_000)}"}`);
    const [refused] = await Promise.all([page.waitForResponse((response) => response.request().method() === 'POST'), page.getByRole('button', { name: 'Verify', exact: true }).click()]);
    expect(refused.status()).toBe(400);
    expect(await page.getByText('This is too long to be a Humanmade credential.').isVisible()).toBe(true);

    const missing = await page.goto('/verify?maker=nobody-at-all');
    expect(missing?.status()).toBe(404);
    expect(await page.getByText('No Seal credential here').isVisible()).toBe(true);
    await context.close();
  });
});
