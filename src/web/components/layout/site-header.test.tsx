// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

  it('opens the phone menu, a native disclosure, and closes it with Escape, focus back on its button', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/about');

    const summary = (await screen.findByText('Open menu')).closest('summary') as HTMLElement;
    const menu = summary.closest('details') as HTMLDetailsElement;
    const nav = document.getElementById(summary.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(menu.open).toBe(false);
    expect(menu.contains(nav)).toBe(true);

    fireEvent.click(summary);
    await waitFor(() => expect(menu.open).toBe(true));
    expect(within(nav).getByRole('link', { name: 'For Minds' }).getAttribute('href')).toBe('/for-minds');

    // The app listens for Escape once it has heard the disclosure open.
    await waitFor(() => {
      fireEvent.keyDown(document, { key: 'Escape' });
      expect(menu.open).toBe(false);
    });
    expect(document.activeElement).toBe(summary);
  });

  it('closes the phone menu when one of its links is followed', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    renderApp('/about');

    const summary = (await screen.findByText('Open menu')).closest('summary') as HTMLElement;
    const menu = summary.closest('details') as HTMLDetailsElement;
    fireEvent.click(summary);
    await waitFor(() => expect(menu.open).toBe(true));
    fireEvent.click(within(menu).getByRole('link', { name: 'Contact Us' }));
    expect(menu.open).toBe(false);
  });
});
