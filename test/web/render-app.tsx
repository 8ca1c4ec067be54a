import { configure, render, type RenderResult } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { vi, type Mock } from 'vitest';
import type { SessionUser } from '../../src/domain/api-types';
import { AppProviders } from '../../src/web/app-providers';
import { AppRoutes } from '../../src/web/router';
import './jsdom-shims';

// Lazy route chunks load slowly on a busy 2-core CI machine; the default 1 s wait is too tight there.
configure({ asyncUtilTimeout: 8000 });

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** Maps "METHOD /path" to a response; unknown calls answer 404 so a missing stub shows up as a failure. */
export type FetchRoutes = Record<string, FakeResponse | ((init: RequestInit | undefined) => FakeResponse)>;

export function stubFetch(fetchRoutes: FetchRoutes): Mock<typeof fetch> {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url}`;
    const route = fetchRoutes[key];
    const reply = typeof route === 'function' ? route(init) : (route ?? { status: 404, body: { error: 'not_found', message: 'Not found' } });
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const signedOut: FakeResponse = { status: 200, body: { user: null } };

export const signedInAs = (user: SessionUser): FakeResponse => ({ status: 200, body: { user } });

export function makeUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    emailVerified: true,
    image: null,
    role: 'maker',
    ...overrides,
  };
}

/** What a test reads of the router: the location the app is at now. */
export interface TestRouter {
  state: { location: Pick<Location, 'pathname' | 'search'> };
}

function LocationProbe({ onChange }: { onChange: (location: Location) => void }) {
  const location = useLocation();
  useLayoutEffect(() => {
    onChange(location);
  }, [onChange, location]);
  return null;
}

export function renderApp(path: string): RenderResult & { router: TestRouter } {
  const url = new URL(path, 'http://localhost');
  const router: TestRouter = { state: { location: { pathname: url.pathname, search: url.search } } };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <LocationProbe
          onChange={(location) => {
            router.state.location = location;
          }}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...result, router };
}

export const currentUrl = (router: TestRouter): string => `${router.state.location.pathname}${router.state.location.search}`;
