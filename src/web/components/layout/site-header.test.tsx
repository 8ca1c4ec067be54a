// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { makeUser, renderApp, signedInAs, signedOut, stubFetch } from '../../../../test/web/render-app';

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

  it('asks for the unread counts once, though the bar and the phone menu each show them', async () => {
    const fetchMock = stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'maker' })),
      'GET /api/conversations/events': { status: 200, body: { unread: 3 } },
      'GET /api/notifications': { status: 200, body: { notifications: [], unread: 2, nextCursor: null } },
    });
    renderApp('/about');

    const header = await screen.findByRole('banner');
    await waitFor(() => expect(within(header).getAllByRole('link', { name: 'Inbox, 3 unread' })).toHaveLength(2));
    // The bell loads once someone is signed in (decision 189): both of them show its count from one request.
    await waitFor(() => expect(within(header).getAllByRole('button', { name: 'Notifications, 2 unread' })).toHaveLength(2), { timeout: 5000 });
    const asked = (path: string) => fetchMock.mock.calls.filter(([input]) => String(input) === path).length;
    expect(asked('/api/conversations/events')).toBe(1);
    expect(asked('/api/notifications')).toBe(1);
  });

  it('marks the closed phone menu when messages are unread, with the count in its name', async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'client' })),
      'GET /api/conversations/events': { status: 200, body: { unread: 4 } },
      'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, nextCursor: null } },
    });
    renderApp('/about');
    const summary = (await screen.findByText('Open menu, 4 unread messages')).closest('summary') as HTMLElement;
    expect(within(summary).getByTestId('menu-unread')).toBeTruthy();
  });

  it('shows no mark on the menu when nothing is unread, nor for an admin, who has no inbox', async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'admin' })),
      'GET /api/conversations/events': { status: 200, body: { unread: 4 } },
      'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, nextCursor: null } },
    });
    renderApp('/about');
    await within(await screen.findByRole('banner')).findAllByRole('link', { name: 'Dashboard' });
    const summary = screen.getByText('Open menu').closest('summary') as HTMLElement;
    expect(within(summary).queryByTestId('menu-unread')).toBeNull();
  });

  it('links Email settings from the bell for a creator, not for an admin, who is emailed none of its kinds', async () => {
    for (const role of ['maker', 'admin'] as const) {
      stubFetch({
        'GET /api/account/me': signedInAs(makeUser({ role })),
        'GET /api/conversations/events': { status: 200, body: { unread: 0 } },
        'GET /api/notifications': { status: 200, body: { notifications: [], unread: 0, nextCursor: null } },
      });
      renderApp('/about');
      const header = await screen.findByRole('banner');
      const [bell] = await within(header).findAllByRole('button', { name: 'Notifications' }, { timeout: 5000 });
      fireEvent.click(bell);
      const panel = (await within(header).findAllByRole('region', { name: 'Notifications', hidden: true }))[0];
      await within(panel).findByText('Nothing new. Messages and project updates will appear here.');
      expect(within(panel).queryByRole('link', { name: 'Email settings' }) !== null).toBe(role === 'maker');
      cleanup();
      vi.unstubAllGlobals();
    }
  });

  it("puts 'Show older' right after the list, and Email settings last, below it (decision 205)", async () => {
    const item = (n: number) => ({ id: `n-${n}`, kind: 'project', title: `Update ${n}`, body: '', link: '/dashboard-maker', isRead: true, updatedAt: '2026-11-20T10:00:00.000Z' });
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ role: 'maker' })),
      'GET /api/conversations/events': { status: 200, body: { unread: 0 } },
      'GET /api/notifications': { status: 200, body: { notifications: [item(1), item(2)], unread: 0, nextCursor: 'older' } },
    });
    renderApp('/about');
    const header = await screen.findByRole('banner');
    const [bell] = await within(header).findAllByRole('button', { name: 'Notifications' }, { timeout: 5000 });
    fireEvent.click(bell);
    const panel = (await within(header).findAllByRole('region', { name: 'Notifications', hidden: true }))[0];
    const older = await within(panel).findByRole('button', { name: 'Show older', hidden: true });
    const settings = within(panel).getByRole('link', { name: 'Email settings', hidden: true });
    const list = within(panel).getByRole('list', { hidden: true });
    expect(list.compareDocumentPosition(older) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(older.compareDocumentPosition(settings) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
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
