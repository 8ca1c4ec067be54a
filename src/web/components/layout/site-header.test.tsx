// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { makeUser, renderApp, signedInAs, signedOut, stubFetch } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SiteHeader', () => {
  it('replaces Join with a Dashboard link for signed-in users', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'mind' })) });
    renderApp('/about');

    const header = await screen.findByRole('banner');
    const dashboardLinks = await within(header).findAllByRole('link', { name: 'Dashboard' });
    expect(dashboardLinks[0].getAttribute('href')).toBe('/dashboard-mind');
    expect(within(header).queryByRole('link', { name: 'Join' })).toBeNull();
  });

  it('opens the mobile menu with its button and closes it with Escape', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/about');

    const menuButton = await screen.findByRole('button', { name: 'Open menu' });
    const menu = document.getElementById(menuButton.getAttribute('aria-controls') ?? '');
    expect(menu?.hidden).toBe(true);

    fireEvent.click(menuButton);
    expect(menuButton.getAttribute('aria-expanded')).toBe('true');
    expect(menu?.hidden).toBe(false);
    expect(within(menu as HTMLElement).getByRole('link', { name: 'For Minds' }).getAttribute('href')).toBe('/for-minds');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(menu?.hidden).toBe(true);
    expect(document.activeElement).toBe(menuButton);
  });
});
