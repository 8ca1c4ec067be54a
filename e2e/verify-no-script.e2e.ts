import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, launchBrowser } from './support/browser';

// /verify works with JavaScript disabled: its form is a GET the server answers in the page itself.

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
    await page.getByLabel('Credential', { exact: true }).fill('eyJhbGciOiJFZERTQSJ9.e30.AAAA');
    await Promise.all([page.waitForURL(/\/verify\?credential=/), page.getByRole('button', { name: 'Verify', exact: true }).click()]);
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/^(Not valid|Not a credential)/);

    const missing = await page.goto('/verify?maker=nobody-at-all');
    expect(missing?.status()).toBe(404);
    expect(await page.getByText('No Seal credential here').isVisible()).toBe(true);
    await context.close();
  });
});
