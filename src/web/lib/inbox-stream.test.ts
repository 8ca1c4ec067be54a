import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** An EventSource the test drives: it records each one opened, and the test plays the browser's part. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private readonly handlers = new Map<string, Array<(event: Event) => void>>();

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, handler: (event: Event) => void) {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  private dispatch(type: string, event: Event) {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }

  /** The server answered 200: the stream is up. */
  accept() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatch('open', new Event('open'));
  }

  send(type: string, data: unknown, lastEventId = '') {
    this.dispatch(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }

  /** A dropped connection the browser retries by itself (readyState CONNECTING), or gives up on (CLOSED). */
  fail(readyState: number) {
    this.readyState = readyState;
    this.dispatch('error', new Event('error'));
  }
}

const last = () => FakeEventSource.opened[FakeEventSource.opened.length - 1];

let fetchStatus: number | 'offline';
const fetchMock = vi.fn(async () => {
  if (fetchStatus === 'offline') throw new TypeError('Failed to fetch');
  return new Response(JSON.stringify({ unread: 0 }), { status: fetchStatus, headers: { 'content-type': 'application/json' } });
});

const loadStream = async () => {
  vi.resetModules();
  return import('./inbox-stream');
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.opened = [];
  fetchStatus = 200;
  fetchMock.mockClear();
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the inbox stream', () => {
  it('reopens a stream the browser gave up on, with a growing wait, resuming after the last event heard', async () => {
    const { REOPEN_MIN_MS, subscribeToInbox } = await loadStream();
    const heard: unknown[] = [];
    const unsubscribe = subscribeToInbox((event) => heard.push(event));
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(last().url).toBe('/api/conversations/events');
    expect(last().init).toEqual({ withCredentials: true });
    last().accept();
    last().send('message', { id: 'm1', seq: 41, body: 'Hello' }, '41');
    last().send('notifications', { unread: 2 });
    expect(heard).toEqual([
      { type: 'message', message: { id: 'm1', seq: 41, body: 'Hello' } },
      { type: 'notifications', unread: 2 },
    ]);

    // A dropped connection the browser is retrying by itself: nothing to do.
    last().fail(FakeEventSource.CONNECTING);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeEventSource.opened).toHaveLength(1);

    // A proxy's 502 during a restart: the browser closes the stream for good.
    last().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS - 1);
    expect(FakeEventSource.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledWith('/api/conversations/events', expect.objectContaining({ headers: { accept: 'application/json' } }));
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().url).toBe('/api/conversations/events?lastEventId=41');

    // Failing again waits twice as long; the server still down (a 502 to the check too) waits longer still.
    last().fail(FakeEventSource.CLOSED);
    fetchStatus = 502;
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS * 2 - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(FakeEventSource.opened).toHaveLength(3);
    last().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS * 4);
    expect(FakeEventSource.opened).toHaveLength(4);

    // Once a stream is up, the wait starts over; what it heard moves the resume point on.
    fetchStatus = 200;
    last().accept();
    last().send('message', { id: 'm2', seq: 57, body: 'Back' }, '57');
    last().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS);
    expect(FakeEventSource.opened).toHaveLength(5);
    expect(last().url).toBe('/api/conversations/events?lastEventId=57');
    unsubscribe();
    expect(last().readyState).toBe(FakeEventSource.CLOSED);
  });

  it('resumes from the position the count announced when the stream has carried no message', async () => {
    const { REOPEN_MIN_MS, subscribeToInbox } = await loadStream();
    const heard: unknown[] = [];
    const unsubscribe = subscribeToInbox((event) => heard.push(event));
    last().accept();
    // A fresh stream's first event is the count, with the newest seq the stream covers.
    last().send('unread', { unread: 0 }, '73');
    expect(heard).toEqual([{ type: 'unread', unread: 0 }]);
    last().fail(FakeEventSource.CLOSED);
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().url).toBe('/api/conversations/events?lastEventId=73');
    unsubscribe();
  });

  it('keeps trying while the network is down', async () => {
    const { REOPEN_MIN_MS, subscribeToInbox } = await loadStream();
    const unsubscribe = subscribeToInbox(() => undefined);
    last().fail(FakeEventSource.CLOSED);
    fetchStatus = 'offline';
    await vi.advanceTimersByTimeAsync(REOPEN_MIN_MS);
    expect(FakeEventSource.opened).toHaveLength(2);
    unsubscribe();
  });

  it('does not reopen once signed out (401 or 403)', async () => {
    for (const status of [401, 403]) {
      const { REOPEN_MAX_MS, subscribeToInbox } = await loadStream();
      FakeEventSource.opened = [];
      const unsubscribe = subscribeToInbox(() => undefined);
      fetchStatus = status;
      last().fail(FakeEventSource.CLOSED);
      await vi.advanceTimersByTimeAsync(REOPEN_MAX_MS * 4);
      expect(FakeEventSource.opened, String(status)).toHaveLength(1);
      expect(fetchMock).toHaveBeenCalledTimes(1);
      unsubscribe();
      fetchMock.mockClear();
      fetchStatus = 200;
    }
  });

  it('stops trying when nobody listens any more, and a later listener starts from now', async () => {
    const { REOPEN_MAX_MS, subscribeToInbox } = await loadStream();
    const unsubscribe = subscribeToInbox(() => undefined);
    last().accept();
    last().send('message', { id: 'm1', seq: 9 }, '9');
    last().fail(FakeEventSource.CLOSED);
    unsubscribe();
    await vi.advanceTimersByTimeAsync(REOPEN_MAX_MS * 4);
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(fetchMock).not.toHaveBeenCalled();

    const again = subscribeToInbox(() => undefined);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(last().url).toBe('/api/conversations/events');
    again();
  });
});
