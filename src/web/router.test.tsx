import { describe, expect, it } from 'vitest';
import { createRoutesFromElements, matchRoutes, type RouteObject } from 'react-router';
import { isAppPath } from '../domain/routes';
import { renderPage } from './entry-server';
import { APP_ROUTES } from './router';

// The route table the browser hydrates with and the server renders with (decision 176).
const routes = createRoutesFromElements(APP_ROUTES);
const leafFor = (pathname: string): RouteObject | undefined => matchRoutes(routes, pathname)?.at(-1)?.route;
const rendersNotFound = (pathname: string) => leafFor(pathname)?.path === '*';

const everyRoute = (list: RouteObject[]): RouteObject[] => list.flatMap((route) => [route, ...everyRoute(route.children ?? [])]);

describe('the route table', () => {
  it('matches paths case-sensitively: /Marketplace is the not-found route, /marketplace the marketplace', () => {
    expect(leafFor('/marketplace')?.path).toBe('marketplace');
    expect(rendersNotFound('/Marketplace')).toBe(true);
    expect(leafFor('/auth')?.index).toBe(true);
    expect(matchRoutes(routes, '/auth')?.at(-2)?.route.path).toBe('auth');
    for (const pathname of ['/AUTH', '/Auth', '/About', '/MARKETPLACE', '/Studio/maker-1', '/Dashboard-admin', '/INBOX', '/Settings/notifications']) {
      expect(rendersNotFound(pathname), pathname).toBe(true);
    }
  });

  it('marks every route with a path case-sensitive, so a route added later cannot forget it', () => {
    const paths = everyRoute(routes).filter((route) => route.path !== undefined && route.path !== '*');
    expect(paths.length).toBeGreaterThan(20);
    expect(paths.filter((route) => !route.caseSensitive).map((route) => route.path)).toEqual([]);
  });

  it('agrees with the server on which addresses are pages (its 404s are the not-found route here)', () => {
    const samples = [
      '/',
      '/about',
      '/About',
      '/auth',
      '/AUTH',
      '/marketplace',
      '/Marketplace',
      '/studio/maker-1',
      '/Studio/maker-1',
      '/verify',
      '/Verify',
      '/inbox',
      '/Inbox',
      '/inbox/0f0e0d0c-0b0a-4909-8807-060504030201',
      '/INBOX/0f0e0d0c-0b0a-4909-8807-060504030201',
      '/settings/notifications',
      '/settings/Notifications',
      '/onboard-mind',
      '/Onboard-mind',
      '/dashboard-admin',
      '/DASHBOARD-ADMIN',
      '/no/such/page',
    ];
    expect(samples.filter((pathname) => isAppPath(pathname) === rendersNotFound(pathname))).toEqual([]);
  });

  it('renders the not-found page on the server for /Marketplace, as the browser does', async () => {
    const upper = await renderPage('/Marketplace');
    expect(upper.status).toBe(404);
    expect(upper.html).toContain('Oops! Page not found');
    const lower = await renderPage('/marketplace');
    expect(lower.status).toBe(200);
    expect(lower.html).not.toContain('Oops! Page not found');
  });
});
