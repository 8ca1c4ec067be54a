// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentUrl, makeUser, renderApp, signedInAs, signedOut, stubFetch } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('guarded routes', () => {
  it('sends an anonymous visitor from a dashboard to /auth with a redirect back', async () => {
    stubFetch({ 'GET /api/account/me': signedOut });
    const { router } = renderApp('/dashboard-client');

    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/auth?redirect=/dashboard-client');
    expect(screen.queryByRole('heading', { name: 'Client Dashboard' })).toBeNull();
  });

  it('sends a signed-in non-maker away from the maker dashboard to the home page', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'client' })) });
    const { router } = renderApp('/dashboard-maker');

    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: /Work made by people/ })).toBeTruthy();
  });

  it('sends a maker on the client onboarding page to their own onboarding', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ role: 'maker' })) });
    const { router } = renderApp('/onboard-client');

    expect(await screen.findByRole('heading', { level: 1, name: 'Complete Your Maker Profile' })).toBeTruthy();
    expect(currentUrl(router)).toBe('/onboard-maker');
  });

  it('shows the dashboard to its role and signs out to the home page', async () => {
    const fetchMock = stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'admin', name: 'Root Admin' })),
      'POST /api/account/sign-out': { status: 200, body: { ok: true } },
    });
    const { router } = renderApp('/dashboard-admin');

    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeTruthy();
    expect(screen.getByText('Platform management & oversight')).toBeTruthy();
    expect(screen.getByText('Root Admin')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/'));
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/account/sign-out' && init?.method === 'POST')).toBe(true);
    const header = screen.getByRole('banner');
    expect(await within(header).findAllByRole('link', { name: 'Join' })).not.toHaveLength(0);
    expect(within(header).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });
});
