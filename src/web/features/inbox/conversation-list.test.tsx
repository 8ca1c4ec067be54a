// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ConversationSummary } from '../../../domain/conversation-schemas';
import { makeUser, renderApp, signedInAs, stubFetch } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The inbox is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };

const summary = (n: number): ConversationSummary => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  other: { id: `maker-${n}`, name: `Maker ${n}`, avatarUrl: null, role: 'maker' },
  lastMessage: { body: `Hello ${n}`, kind: 'text', senderId: `maker-${n}`, createdAt: '2026-11-20T10:00:00.000Z' },
  unread: 0,
  lastMessageAt: '2026-11-20T10:00:00.000Z',
});

const CURSOR = '1795000000000000_00000000-0000-4000-8000-000000000002';

describe('the inbox list', () => {
  it("reads older conversations a page at a time with 'Show older conversations', until there are none", async () => {
    const fetchMock = stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' })),
      'GET /api/conversations': { status: 200, body: { conversations: [summary(1), summary(2)], unread: 0, nextCursor: CURSOR } },
      // The newest of the older page moved to the first page meanwhile (a new message): it is shown once.
      [`GET /api/conversations?cursor=${encodeURIComponent(CURSOR)}`]: { status: 200, body: { conversations: [summary(2), summary(3)], unread: 0, nextCursor: null } },
    });
    renderApp('/inbox');
    const list = (await screen.findByText('Maker 1', {}, slow)).closest('ul') as HTMLElement;
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual([expect.stringContaining('Maker 1'), expect.stringContaining('Maker 2')]);

    fireEvent.click(screen.getByRole('button', { name: 'Show older conversations' }));
    await screen.findByText('Maker 3');
    expect(within(list).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([summary(1), summary(2), summary(3)].map((c) => `/inbox/${c.id}`));
    expect(fetchMock.mock.calls.some(([url]) => url === `/api/conversations?cursor=${encodeURIComponent(CURSOR)}`)).toBe(true);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show older conversations' })).toBeNull());
  });

  it('says so when an older page cannot be read, and keeps the button to try again', async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' })),
      'GET /api/conversations': { status: 200, body: { conversations: [summary(1)], unread: 0, nextCursor: CURSOR } },
      [`GET /api/conversations?cursor=${encodeURIComponent(CURSOR)}`]: { status: 500, body: { error: 'internal_error', message: 'boom' } },
    });
    renderApp('/inbox');
    fireEvent.click(await screen.findByRole('button', { name: 'Show older conversations' }, slow));
    expect((await screen.findByRole('alert')).textContent).toBe('Older conversations could not be loaded. Please try again.');
    expect(screen.getByText('Maker 1')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show older conversations' })).toBeTruthy();
  });
});

describe('an empty inbox', () => {
  const empty = { status: 200, body: { conversations: [], unread: 0, nextCursor: null } };

  it('tells a client how to start a conversation, with the way to the marketplace', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' })), 'GET /api/conversations': empty });
    renderApp('/inbox');
    expect(await screen.findByText('No conversations yet', {}, slow)).toBeTruthy();
    expect(screen.getByText(/Message a creator from their studio or their card in the marketplace/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the marketplace' }).getAttribute('href')).toBe('/marketplace');
  });

  it('tells a creator that clients write first, and offers no way to message a creator', async () => {
    stubFetch({ 'GET /api/account/me': signedInAs(makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' })), 'GET /api/conversations': empty });
    renderApp('/inbox');
    expect(await screen.findByText('No conversations yet', {}, slow)).toBeTruthy();
    expect(screen.getByText(/When a client writes to you, the conversation appears here, and you can reply/)).toBeTruthy();
    expect(screen.queryByText(/When you message a creator/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Browse the marketplace' })).toBeNull();
  });
});
