// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { currentUrl, makeUser, renderApp, signedInAs, stubFetch, type FetchRoutes } from '../../../../test/web/render-app';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

// The inbox is a lazily loaded chunk: the first render can take longer than Testing Library's default second.
const slow = { timeout: 15000 };
const MISSING = '00000000-0000-0000-0000-000000000000';
const client = signedInAs(makeUser({ id: 'client-1', role: 'client', name: 'Cleo Client' }));
const person = (id: string, name: string, role: string) => ({ id, name, avatarUrl: null, role });
const textMessage = (seq: number, senderId: string, body: string) => ({
  id: `msg-${seq}`,
  conversationId: MISSING,
  seq,
  senderId,
  kind: 'text',
  body,
  clientMessageId: null,
  projectId: null,
  projectEvent: null,
  attachments: [],
  removed: false,
  createdAt: `2026-03-0${seq}T10:00:00.000Z`,
});
/** The thread of client-1 and maker-1 as the API answers it to the client, with what a test changes. */
const threadBody = (changes: Record<string, unknown> = {}) => ({
  id: MISSING,
  client: person('client-1', 'Cleo Client', 'client'),
  creator: person('maker-1', 'Mara Maker', 'maker'),
  viewerSide: 'client',
  messages: [],
  hasEarlier: false,
  lastReadSeq: 0,
  projects: [],
  blocked: false,
  blockedByMe: false,
  ...changes,
});


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

describe('a flagged project’s thread read by an admin', () => {
  it('names both sides and each message’s sender, offers no composer, and takes no message from the live stream', async () => {
    const admin = signedInAs(makeUser({ id: 'admin-1', role: 'admin', name: 'Ada Admin' }));
    const streams: string[] = [];
    const pushMessage: Array<(event: { data: string }) => void> = [];
    vi.stubGlobal(
      'EventSource',
      class {
        static CLOSED = 2;
        readyState = 0;
        constructor(url: string) {
          streams.push(url);
        }
        addEventListener(type: string, listener: (event: { data: string }) => void) {
          if (type === 'message') pushMessage.push(listener);
        }
        close() {}
      },
    );
    stubFetch({
      'GET /api/account/me': admin,
      [`GET /api/conversations/${MISSING}`]: {
        status: 200,
        body: threadBody({
          viewerSide: null,
          messages: [textMessage(1, 'client-1', 'Is the label ready?'), textMessage(2, 'maker-1', 'Sent this morning.')],
          projects: [{ id: 'p-1', title: 'Cider label', status: 'in_review' }],
        }),
      },
    });
    renderApp(`/inbox/${MISSING}`);
    expect(await screen.findByRole('heading', { name: 'Cleo Client and Mara Maker' }, slow)).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Messages between Cleo Client and Mara Maker' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0].textContent).toContain('Cleo Client (client)');
    expect(items[0].textContent).toContain('Is the label ready?');
    expect(items[1].textContent).toContain('Mara Maker (creator)');
    expect(screen.getByText('You are reading this conversation because a project in it was flagged.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Report/ })).toBeNull();
    // The header's bell holds the one stream (an admin's carries only the notification count); the thread does not
    // listen to it, so a message event, were one ever sent, would not enter this view.
    expect(streams).toEqual(['/api/conversations/events']);
    act(() => {
      for (const push of pushMessage) push({ data: JSON.stringify(textMessage(3, 'maker-1', 'Pushed to the stream')) });
    });
    expect(screen.queryByText('Pushed to the stream')).toBeNull();
  });
});

describe('the thread’s header leads to the work', () => {
  const threadFor = (viewerSide: 'client' | 'creator', projects: Array<{ id: string; title: string; status: string }>) => ({
    status: 200,
    body: threadBody({ viewerSide, projects }),
  });

  it('offers the client a way to start a project with the creator when the thread has none yet', async () => {
    open(threadFor('client', []));
    const start = await screen.findByRole('link', { name: 'Start a project' }, slow);
    expect(start.getAttribute('href')).toBe('/dashboard-client?hire=maker-1');
  });

  it('links each of the client’s projects to its card on their Projects tab, and still offers a new one', async () => {
    open(threadFor('client', [{ id: 'p-1', title: 'Cider label', status: 'draft' }, { id: 'p-2', title: 'Shop sign', status: 'completed' }]));
    const project = await screen.findByRole('link', { name: 'Cider label' }, slow);
    expect(project.getAttribute('href')).toBe('/dashboard-client?tab=projects&project=p-1');
    expect(screen.getByRole('link', { name: 'Shop sign' }).getAttribute('href')).toBe('/dashboard-client?tab=projects&project=p-2');
    expect(screen.getByRole('link', { name: 'New project' }).getAttribute('href')).toBe('/dashboard-client?hire=maker-1');
  });

  it('links the creator’s project to their own dashboard, and offers them no hire link', async () => {
    const maker = signedInAs(makeUser({ id: 'maker-1', role: 'maker', name: 'Mara Maker' }));
    stubFetch({
      'GET /api/account/me': maker,
      'GET /api/conversations': { status: 200, body: { conversations: [], unread: 0 } },
      [`GET /api/conversations/${MISSING}`]: threadFor('creator', [{ id: 'p-1', title: 'Cider label', status: 'draft' }]),
    });
    renderApp(`/inbox/${MISSING}`);
    const project = await screen.findByRole('link', { name: 'Cider label' }, slow);
    expect(project.getAttribute('href')).toBe('/dashboard-maker?tab=projects&project=p-1');
    expect(screen.queryByRole('link', { name: /project/i })).toBeNull();
  });

  /** Shown on a phone: not inside anything the small screen hides (`hidden`, shown again only from `md:`). */
  const onPhone = (element: Element) => !element.parentElement?.closest('.hidden') && !element.classList.contains('hidden');

  it('keeps a first-level heading on a phone, where the list and its heading are hidden (decision 205)', async () => {
    open(threadFor('client', []));
    const title = await screen.findByRole('heading', { level: 2, name: 'Mara Maker' }, slow);
    expect(onPhone(title)).toBe(true);
    const pageHeadings = screen.getAllByRole('heading', { level: 1, name: 'Inbox' });
    expect(pageHeadings.filter(onPhone)).toHaveLength(1);
    // On a wide screen the list's own heading shows and the phone's is gone: one there too.
    expect(pageHeadings.filter((heading) => !heading.classList.contains('md:hidden'))).toHaveLength(1);
  });
});

describe('marking a thread read', () => {
  let visibility: DocumentVisibilityState = 'visible';
  afterEach(() => {
    // The stub is the document's own property; removing it leaves jsdom's again.
    delete (document as { visibilityState?: DocumentVisibilityState }).visibilityState;
    visibility = 'visible';
  });
  const showTab = (state: DocumentVisibilityState) => {
    visibility = state;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
  };
  it('waits while the tab is hidden, and marks what arrived read when the tab is shown again', async () => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    visibility = 'hidden';
    const reads: unknown[] = [];
    stubFetch({
      'GET /api/account/me': client,
      'GET /api/conversations': { status: 200, body: { conversations: [], unread: 1 } },
      [`GET /api/conversations/${MISSING}`]: {
        status: 200,
        body: threadBody({ messages: [textMessage(1, 'maker-1', 'Hello'), textMessage(2, 'maker-1', 'Arrived while you were away')], lastReadSeq: 1 }),
      },
      [`POST /api/conversations/${MISSING}/read`]: (init) => {
        reads.push(JSON.parse(String(init?.body)));
        return { status: 204 };
      },
    });
    renderApp(`/inbox/${MISSING}`);
    expect(await screen.findByText('Arrived while you were away', {}, slow)).toBeTruthy();
    // Hidden: nobody has seen it yet.
    expect(reads).toEqual([]);
    showTab('hidden');
    expect(reads).toEqual([]);
    showTab('visible');
    await waitFor(() => expect(reads).toEqual([{ seq: 2 }]));
  });
});

describe('a thread the other person blocked', () => {
  it('says whose block it is and that only they can lift it, with no Block and no Unblock', async () => {
    open({ status: 200, body: threadBody({ blocked: true, blockedByMe: false }) });
    const note = await screen.findByText('The other person blocked this conversation. Only they can unblock it.', {}, slow);
    expect(note.closest('[role="status"]')?.textContent).toContain('You can no longer message this person');
    expect(screen.queryByRole('button', { name: 'Block' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Unblock/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('a message an admin removes while the thread is open (decision 229)', () => {
  /** The page's one EventSource, stubbed: `push` sends a `message` event as the server's stream would. */
  const stubStream = () => {
    const listeners: Array<(event: { data: string; lastEventId: string }) => void> = [];
    vi.stubGlobal(
      'EventSource',
      class {
        static CLOSED = 2;
        readyState = 1;
        addEventListener(type: string, listener: (event: { data: string; lastEventId: string }) => void) {
          if (type === 'message') listeners.push(listener);
        }
        close() {}
      },
    );
    return (message: object) =>
      act(() => {
        for (const listener of listeners) listener({ data: JSON.stringify(message), lastEventId: '9' });
      });
  };
  /** The message as the stream sends it again once removed: what a reload reads. */
  const removedCopy = (message: object) => ({ ...message, body: 'Message removed by Humanmade', removed: true, attachments: [] });

  it('replaces its words with the removal notice, as a reload shows it, without announcing a new message', async () => {
    const push = stubStream();
    const rude = { ...textMessage(2, 'maker-1', 'You are hopeless'), attachments: [{ id: 'f-1', name: 'insult.pdf', mime: 'application/pdf', size: 10, url: '/a/f-1', isImage: false }] };
    open({ status: 200, body: threadBody({ messages: [textMessage(1, 'client-1', 'Any news?'), rude, textMessage(3, 'maker-1', 'Soon.')], lastReadSeq: 3 }) });
    const list = await screen.findByRole('list', { name: 'Messages with Mara Maker' }, slow);
    expect(within(list).getByText('You are hopeless')).toBeTruthy();
    expect(within(list).getAllByRole('button', { name: /^Report/ })).toHaveLength(2);

    push(removedCopy(rude));
    await waitFor(() => expect(within(list).queryByText('You are hopeless')).toBeNull());
    const notice = within(list).getByText('Message removed by Humanmade');
    expect(notice.className).toContain('italic');
    // In its place, between the same neighbours, without its file or a Report button.
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent?.includes('Message removed by Humanmade'))).toEqual([false, true, false]);
    expect(within(list).queryByRole('link', { name: 'insult.pdf' })).toBeNull();
    expect(within(list).getAllByRole('button', { name: /^Report/ })).toHaveLength(1);
    expect(screen.queryByText(/New message from/)).toBeNull();

    // Sent again (another tab's stream, a reconnect): nothing changes; a removed message never comes back.
    push(removedCopy(rude));
    push(rude);
    expect(within(list).getAllByText('Message removed by Humanmade')).toHaveLength(1);
    expect(within(list).queryByText('You are hopeless')).toBeNull();
  });

  it('replaces it on an earlier page too, and adds no removed message from a page not loaded', async () => {
    const push = stubStream();
    const older = textMessage(2, 'maker-1', 'An old insult');
    stubFetch({
      'GET /api/account/me': client,
      'GET /api/conversations': { status: 200, body: { conversations: [], unread: 0 } },
      [`GET /api/conversations/${MISSING}`]: { status: 200, body: threadBody({ messages: [textMessage(4, 'maker-1', 'Newest')], hasEarlier: true, lastReadSeq: 4 }) },
      [`GET /api/conversations/${MISSING}?before=4`]: { status: 200, body: threadBody({ messages: [older, textMessage(3, 'client-1', 'Please stop')], hasEarlier: true, lastReadSeq: 4 }) },
    });
    renderApp(`/inbox/${MISSING}`);
    const list = await screen.findByRole('list', { name: 'Messages with Mara Maker' }, slow);
    // A message removed on a page that is not loaded: not shown out of its place.
    push(removedCopy(textMessage(1, 'maker-1', 'Never loaded')));
    expect(within(list).queryByText('Message removed by Humanmade')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await within(list).findByText('An old insult')).toBeTruthy();
    push(removedCopy(older));
    await waitFor(() => expect(within(list).queryByText('An old insult')).toBeNull());
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Message removed by Humanmade'),
      expect.stringContaining('Please stop'),
      expect.stringContaining('Newest'),
    ]);
  });
});
