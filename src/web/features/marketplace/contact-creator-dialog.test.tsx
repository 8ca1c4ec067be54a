// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CreatorCardData } from '../../../domain/marketplace-schemas';
import { currentUrl, makeUser, renderApp, signedInAs, signedOut, stubFetch, type FakeResponse } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const slow = { timeout: 15000 };
const CONVERSATION_ID = '11111111-2222-4333-8444-555555555555';

const creator: CreatorCardData = {
  id: 'maker-7',
  role: 'maker',
  name: 'Mara Maker',
  bio: 'Hand-lettered wordmarks.',
  avatarUrl: null,
  sealStatus: 'none',
  categories: ['logo_design'],
  portfolio: [],
};

/** The marketplace with one creator on it, for whoever `me` is; answers what the tests post. */
const openMarketplace = (me: FakeResponse) => {
  const posted: Array<{ url: string; body: unknown }> = [];
  const fetchMock = stubFetch({
    'GET /api/account/me': me,
    'GET /api/marketplace/creators': { status: 200, body: { creators: [creator], nextCursor: null, total: 1 } },
    'POST /api/conversations': (init) => {
      posted.push({ url: '/api/conversations', body: JSON.parse(String(init?.body)) });
      return {
        status: 201,
        body: {
          conversationId: CONVERSATION_ID,
          message: {
            id: 'message-1',
            seq: 1,
            conversationId: CONVERSATION_ID,
            senderId: 'client-1',
            kind: 'text',
            body: 'Are you free in May?',
            removed: false,
            clientMessageId: null,
            projectId: null,
            projectEvent: null,
            createdAt: '2026-11-20T10:00:00.000Z',
            attachments: [],
          },
        },
      };
    },
  });
  return { fetchMock, posted, ...renderApp('/marketplace') };
};

const openContact = async () => {
  fireEvent.click(await screen.findByRole('link', { name: 'Contact Mara Maker' }, slow));
  return screen.findByRole('dialog', {}, slow);
};

describe("the marketplace card's Contact action", () => {
  it('opens a conversation with the creator for a signed-in client, and takes them to it', async () => {
    const { posted, fetchMock, router } = openMarketplace(signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' })));
    const dialog = await openContact();
    expect(within(dialog).getByRole('heading', { name: 'Message Mara Maker' })).toBeTruthy();
    // Not the platform's contact form: no name or email to give, only the message.
    expect(within(dialog).queryByLabelText(/email/i)).toBeNull();

    // An empty message is refused in place, before anything is sent.
    within(dialog).getByRole('button', { name: 'Send message' }).focus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Please write a message.');
    expect(posted).toEqual([]);
    // The focus goes back to the message, so what a keyboard user types next lands in it.
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Your message'));

    fireEvent.change(within(dialog).getByLabelText('Your message'), { target: { value: 'Are you free in May?' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/inbox/${CONVERSATION_ID}`), slow);
    expect(posted).toEqual([{ url: '/api/conversations', body: { creatorId: 'maker-7', body: 'Are you free in May?', clientMessageId: expect.stringMatching(/^[0-9a-f-]{36}$/) } }]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/contact/'))).toBe(false);
  });

  it("shows the server's refusal (a blocked pair) in the dialog, and stays", async () => {
    stubFetch({
      'GET /api/account/me': signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' })),
      'GET /api/marketplace/creators': { status: 200, body: { creators: [creator], nextCursor: null, total: 1 } },
      'POST /api/conversations': { status: 403, body: { error: 'forbidden', message: 'You can no longer message this person' } },
    });
    const { router } = renderApp('/marketplace');
    const dialog = await openContact();
    fireEvent.change(within(dialog).getByLabelText('Your message'), { target: { value: 'Hello again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send message' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('You can no longer message this person');
    expect(currentUrl(router)).toBe('/marketplace');
  });

  for (const [who, me] of [
    ['an anonymous visitor', signedOut],
    ['a signed-in maker', signedInAs(makeUser({ id: 'maker-1', role: 'maker', name: 'Milo Maker' }))],
  ] as const) {
    it(`keeps the platform's contact form for ${who}`, async () => {
      const { posted } = openMarketplace(me);
      const dialog = await openContact();
      expect(within(dialog).getByRole('heading', { name: 'Contact Mara Maker' })).toBeTruthy();
      expect(within(dialog).getByText(/puts you in touch with Mara Maker/)).toBeTruthy();
      expect(within(dialog).getByLabelText(/email/i)).toBeTruthy();
      expect(within(dialog).queryByLabelText('Your message')).toBeNull();
      expect(posted).toEqual([]);
    });
  }
});
