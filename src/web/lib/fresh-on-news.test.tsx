// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NEWS_QUERY_KEYS, useFreshOnNews } from './fresh-on-news';
import type { InboxEvent } from './inbox-stream';

// The stream itself is tested in inbox-stream.test.ts; here the test plays its part, to see what the hook does with it.
const listeners = new Set<(event: InboxEvent) => void>();
const subscribe = (listener: (event: InboxEvent) => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

const send = (event: InboxEvent) => act(() => listeners.forEach((listener) => listener(event)));

const setUp = () => {
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const { unmount } = renderHook(() => useFreshOnNews(NEWS_QUERY_KEYS, subscribe), { wrapper });
  return { queryClient, unmount };
};

afterEach(() => listeners.clear());

describe('useFreshOnNews', () => {
  it('refetches the dashboard data on each notification count after the first, and not on messages', async () => {
    const { queryClient, unmount } = setUp();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    send({ type: 'notifications', unread: 2 });
    expect(invalidate).not.toHaveBeenCalled();

    send({ type: 'unread', unread: 1 });
    expect(invalidate).not.toHaveBeenCalled();

    send({ type: 'notifications', unread: 3 });
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(expect.arrayContaining([['projects'], ['reviews'], ['payments'], ['admin']]));

    // The same count again (a notification replaced, still unread) is news too.
    invalidate.mockClear();
    send({ type: 'notifications', unread: 3 });
    expect(invalidate.mock.calls.map(([filters]) => filters?.queryKey)).toContainEqual(['projects']);

    unmount();
    invalidate.mockClear();
    send({ type: 'notifications', unread: 4 });
    expect(invalidate).not.toHaveBeenCalled();
  });
});
