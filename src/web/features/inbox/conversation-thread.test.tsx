// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { currentUrl, makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../test/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The inbox is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const MISSING = '00000000-0000-0000-0000-000000000000';
const client = signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' }));


const open = (thread: FetchRoutes[string]) => {
  const fetchMock = stubFetch({
    'GET /api/account/me': client,
    'GET /api/conversations': { status: 200, body: { conversations: [], unread: 0 } },
    [`GET /api/conversations/${MISSING}`]: thread,
  });
  return { fetchMock, ...renderApp(`/inbox/${MISSING}`) };
};

describe('an inbox thread that cannot be shown', () => {
  it('says the conversation was not found, with a link back to the inbox, when the API answers 404', async () => {
    const { router } = open({ status: 404, body: { error: 'not_found', message: 'Conversation not found' } });
    expect(await screen.findByRole('heading', { name: 'Conversation not found' }, slow)).toBeTruthy();
    // Not the retry error: trying again cannot find it.
    expect(screen.queryByText('This conversation could not be loaded.')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = screen.getByRole('link', { name: 'Back to your inbox' });
    expect(back.getAttribute('href')).toBe('/inbox');
    fireEvent.click(back);
    await waitFor(() => expect(currentUrl(router)).toBe('/inbox'));
  });

  it('keeps the retry error for other failures', async () => {
    const { fetchMock } = open({ status: 500, body: { error: 'internal_error', message: 'boom' } });
    expect(await screen.findByText('This conversation could not be loaded.', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Conversation not found' })).toBeNull();
    const calls = () => fetchMock.mock.calls.filter(([url]) => url === `/api/conversations/${MISSING}`).length;
    const before = calls();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(calls()).toBeGreaterThan(before));
  });
});
