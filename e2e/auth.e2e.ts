import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, expectPath, launchBrowser, newPage, uniqueEmail, chooseAuthTab } from './support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'a good long password';

const signUp = async (page: Page, role: 'maker' | 'mind' | 'client', email: string, name = `E2E ${role}`) => {
  await page.goto(`/auth?type=${role}`);
  const labels = { maker: 'Maker (Creative Producer)', mind: 'Mind (Strategic Creative)', client: 'Client (Brand Partner)' };
  await expect.poll(() => page.getByRole('radio', { name: labels[role] }).isChecked()).toBe(true);
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Name').fill(name);
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(PASSWORD);
  await panel.locator('button[type=submit]').click();
};

const logIn = async (page: Page, email: string, password = PASSWORD, query = '') => {
  await page.goto(`/auth${query}`);
  await chooseAuthTab(page, 'Login');
  const panel = page.getByRole('tabpanel');
  await panel.getByLabel('Email').fill(email);
  await panel.getByLabel('Password').fill(password);
  await panel.locator('button[type=submit]').click();
};

const signOut = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expectPath(page, '/');
};

describe('accounts in the browser', () => {
  it.each([
    ['maker', 'Complete Your Maker Profile', 'Maker Dashboard'],
    ['mind', 'Mind Onboarding', 'Mind Studio'],
    ['client', 'Client Onboarding', 'Client Dashboard'],
  ] as const)('a new %s signs up, lands on onboarding, signs out, and logs in to the dashboard', async (role, onboardingTitle, dashboardTitle) => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail(role);
    await signUp(page, role, email);
    await expectPath(page, `/onboard-${role}`);
    await expect.poll(() => page.getByText('Account created successfully!').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(onboardingTitle);

    await signOut(page);
    // Sign-out replaces history: going back must not return to the signed-in page.
    await logIn(page, email);
    await expectPath(page, `/dashboard-${role}`);
    await expect.poll(() => page.getByText('Welcome back!').isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(dashboardTitle);
    await context.close();
  });

  it('shows per-field validation messages and refuses a short password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?type=client');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill('not-an-email');
    await panel.getByLabel('Password').fill('short');
    await panel.locator('button[type=submit]').click();
    await expect.poll(() => panel.getByText('Name is required').isVisible()).toBe(true);
    await expect.poll(() => panel.getByText('Invalid email address').isVisible()).toBe(true);
    await expect.poll(() => panel.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });

  it('ignores an invalid type and preselects maker', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth?type=admin');
    await chooseAuthTab(page, 'Sign Up');
    await expect.poll(() => page.getByRole('radio', { name: 'Maker (Creative Producer)' }).isChecked()).toBe(true);
    await expect.poll(() => page.getByRole('radio', { name: /Admin/ }).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });

  it('logs in to the redirect target when one is given', async () => {
    const { context, page } = await newPage(browser);
    const email = uniqueEmail('redirect');
    await signUp(page, 'client', email);
    await expectPath(page, '/onboard-client');
    await signOut(page);
    await logIn(page, email, PASSWORD, `?redirect=${encodeURIComponent('/marketplace')}`);
    await expectPath(page, '/marketplace');
    await context.close();
  });

  it('an admin made with create-admin logs in to the admin dashboard', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await chooseAuthTab(page, 'Login');
    const panel = page.getByRole('tabpanel');
    await panel.getByLabel('Email').fill(inject('adminEmail'));
    await panel.getByLabel('Password').fill(inject('adminPassword'));
    // Once it is busy, the button must not look ready again while the dashboard's code loads: it stays busy until the
    // page changes (the login form used to show 'Log In' again for a moment after success).
    await page.evaluate(() => {
      const button = document.querySelector<HTMLButtonElement>('form[aria-label="Log in"] button[type=submit]');
      const state = { busy: false, readyAgain: false };
      (window as unknown as { loginButton: typeof state }).loginButton = state;
      if (!button) return;
      new MutationObserver(() => {
        if (button.disabled) state.busy = true;
        else if (state.busy && button.isConnected) state.readyAgain = true;
      }).observe(button, { attributes: true, childList: true, subtree: true });
    });
    await panel.locator('button[type=submit]').click();
    await expectPath(page, '/dashboard-admin');
    expect(await page.evaluate(() => (window as unknown as { loginButton: { busy: boolean; readyAgain: boolean } }).loginButton)).toEqual({ busy: true, readyAgain: false });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Admin Dashboard');
    await expect.poll(() => page.getByText('Platform management & oversight').isVisible()).toBe(true);
    await signOut(page);
    await context.close();
  });

  it('shows a wrong password as an error and stays on /auth', async () => {
    const { context, page } = await newPage(browser);
    await logIn(page, inject('adminEmail'), 'definitely wrong');
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});

describe('forgotten password', () => {
  it('asks for a reset link from the login form, and refuses a bad link clearly', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await expectPath(page, '/reset-password');
    await page.getByLabel('Email').fill(inject('adminEmail'));
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => page.getByText('If an account exists for that email, a link to reset the password is on its way.').first().isVisible()).toBe(true);

    await page.goto('/reset-password?token=not-a-real-token');
    await page.getByLabel('New password', { exact: true }).fill('another good password');
    await page.getByLabel('Confirm new password').fill('another good password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect.poll(() => page.getByText(/invalid|expired/i).first().isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await context.close();
  });
});

describe('route guards', () => {
  it('sends anonymous visitors of every guarded page to /auth', async () => {
    const { context, page } = await newPage(browser);
    for (const path of ['/onboard-maker', '/onboard-mind', '/onboard-client', '/dashboard-maker', '/dashboard-mind', '/dashboard-client', '/dashboard-admin']) {
      await page.goto(path);
      await expectPath(page, '/auth');
    }
    await context.close();
  });

  it('sends a signed-in user of the wrong role where the spec says', async () => {
    const { context, page } = await newPage(browser);
    await signUp(page, 'client', uniqueEmail('guard-client'));
    await expectPath(page, '/onboard-client');
    await page.goto('/dashboard-maker');
    await expectPath(page, '/');
    for (const path of ['/dashboard-mind', '/dashboard-admin']) {
      await page.goto(path);
      await expectPath(page, '/auth');
    }
    await page.goto('/dashboard-client');
    await expectPath(page, '/dashboard-client');
    await context.close();

    const maker = await newPage(browser);
    await signUp(maker.page, 'maker', uniqueEmail('guard-maker'));
    await expectPath(maker.page, '/onboard-maker');
    await maker.page.goto('/dashboard-client');
    await expectPath(maker.page, '/auth');
    await maker.context.close();
  });
});

describe('shell', () => {
  it('answers an unknown path with HTTP 404 and the not-found page', async () => {
    const { context, page } = await newPage(browser);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByText('Oops! Page not found').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expectPath(page, '/');
    await context.close();
  });

  it('has the spec navigation and footer, and the home page is accessible', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    const nav = page.getByRole('navigation').first();
    for (const name of ['Marketplace', 'For Makers', 'For Minds', 'Contact Us', 'Join']) {
      await expect.poll(() => nav.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    }
    const footer = page.locator('footer');
    for (const name of ['Marketplace', 'About Us', 'How It Works', 'Contact', 'For Makers', 'For Minds', 'Join']) {
      await expect.poll(() => footer.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    }
    await expectAccessible(page);
    await context.close();
  });
});
