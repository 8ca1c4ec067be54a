import { describe, expect, it } from 'vitest';
import type { SessionUser } from './api-types';
import type { UserRole } from './constants';
import { guardForPath, PAGE_GUARDS, resolveGuardRedirect } from './page-guards';
import { safeRedirectPath } from './routes';

const user = (role: UserRole): SessionUser => ({ id: 'u', name: 'U', email: 'u@example.com', emailVerified: true, image: null, role });

describe('resolveGuardRedirect', () => {
  it('sends anonymous visitors to /auth with the page (and its query) as redirect', () => {
    expect(resolveGuardRedirect({ kind: 'onboard', role: 'mind' }, null, '/onboard-mind')).toBe('/auth?redirect=/onboard-mind');
    expect(resolveGuardRedirect({ kind: 'dashboard', role: 'client' }, null, '/dashboard-client?hire=a&b=c')).toBe(
      '/auth?redirect=/dashboard-client%3Fhire%3Da%26b%3Dc',
    );
  });

  it('sends a user on someone else\'s onboarding to their own, and admins to their dashboard', () => {
    expect(resolveGuardRedirect({ kind: 'onboard', role: 'maker' }, user('client'), '/onboard-maker')).toBe('/onboard-client');
    expect(resolveGuardRedirect({ kind: 'onboard', role: 'maker' }, user('admin'), '/onboard-maker')).toBe('/dashboard-admin');
    expect(resolveGuardRedirect({ kind: 'onboard', role: 'maker' }, user('maker'), '/onboard-maker')).toBeNull();
  });

  it('sends non-makers from the maker dashboard home, and wrong roles elsewhere to /auth', () => {
    expect(resolveGuardRedirect({ kind: 'maker-dashboard' }, user('mind'), '/dashboard-maker')).toBe('/');
    expect(resolveGuardRedirect({ kind: 'maker-dashboard' }, user('maker'), '/dashboard-maker')).toBeNull();
    expect(resolveGuardRedirect({ kind: 'dashboard', role: 'admin' }, user('client'), '/dashboard-admin')).toBe('/auth?redirect=/dashboard-admin');
    expect(resolveGuardRedirect({ kind: 'dashboard', role: 'mind' }, user('mind'), '/dashboard-mind')).toBeNull();
  });
});

describe('the email settings page (decision 205)', () => {
  const rule = PAGE_GUARDS['/settings/notifications'];

  it("is clients' and creators'; an admin, emailed none of its kinds, goes to their dashboard", () => {
    for (const role of ['client', 'maker', 'mind'] as const) expect(resolveGuardRedirect(rule, user(role), '/settings/notifications'), role).toBeNull();
    expect(resolveGuardRedirect(rule, user('admin'), '/settings/notifications')).toBe('/dashboard-admin');
    expect(resolveGuardRedirect(rule, null, '/settings/notifications')).toBe('/auth?redirect=/settings/notifications');
  });
});

describe('/auth for someone signed in (decision 176)', () => {
  const rule = PAGE_GUARDS['/auth'];

  it('is guarded, case-sensitively as every path', () => {
    expect(guardForPath('/auth')).toEqual({ kind: 'signed-out' });
    expect(guardForPath('/auth/')).toEqual({ kind: 'signed-out' });
    expect(guardForPath('/AUTH')).toBeNull();
    expect(guardForPath('/Dashboard-admin')).toBeNull();
  });

  it('lets a signed-out visitor stay, whatever the query', () => {
    for (const address of ['/auth', '/auth?tab=signup&type=mind', '/auth?reset=1', '/auth?redirect=/dashboard-client']) {
      expect(resolveGuardRedirect(rule, null, address), address).toBeNull();
    }
  });

  it('sends each role to its dashboard, whichever tab or role link they opened', () => {
    expect(resolveGuardRedirect(rule, user('maker'), '/auth')).toBe('/dashboard-maker');
    expect(resolveGuardRedirect(rule, user('mind'), '/auth?tab=signup')).toBe('/dashboard-mind');
    expect(resolveGuardRedirect(rule, user('client'), '/auth?type=maker')).toBe('/dashboard-client');
    expect(resolveGuardRedirect(rule, user('admin'), '/auth?reset=1')).toBe('/dashboard-admin');
  });

  it("keeps someone whom another role's dashboard sent there on the log-in form, so they never bounce", () => {
    expect(resolveGuardRedirect(rule, user('client'), '/auth?redirect=/dashboard-admin')).toBeNull();
    expect(resolveGuardRedirect(rule, user('maker'), '/auth?redirect=/dashboard-client')).toBeNull();
    expect(resolveGuardRedirect(rule, user('client'), '/auth?redirect=/dashboard-client')).toBe('/dashboard-client');
    // The maker dashboard sends other roles home, not here: they go on, and on home from there.
    expect(resolveGuardRedirect(rule, user('mind'), '/auth?redirect=/dashboard-maker')).toBe('/dashboard-maker');
  });

  it('goes on to a safe ?redirect= with its query, as signing in there would', () => {
    expect(resolveGuardRedirect(rule, user('client'), '/auth?type=client&redirect=%2Fstudio%2Fm-1%3Fhire%3D1')).toBe('/studio/m-1?hire=1');
    expect(resolveGuardRedirect(rule, user('maker'), '/auth?redirect=/inbox')).toBe('/inbox');
  });

  it('ignores a redirect off the site or back to /auth, so nothing leaves or bounces', () => {
    const away = ['https://evil.example/', '//evil.example', '/\\evil.example', '/\t/evil.example'];
    const back = ['/auth', '/auth/', '/auth?tab=signup', '/./auth', '/x/../auth'];
    for (const redirect of [...away, ...back]) {
      expect(resolveGuardRedirect(rule, user('mind'), `/auth?redirect=${encodeURIComponent(redirect)}`), redirect).toBe('/dashboard-mind');
    }
  });
});

describe('safeRedirectPath', () => {
  it('keeps paths on this site and refuses anything a browser would read as another site', () => {
    expect(safeRedirectPath('/studio/m-1?hire=1')).toBe('/studio/m-1?hire=1');
    for (const value of ['https://evil.example', '//evil.example', '/\\evil.example', '/\t/evil.example', '/\n/evil.example', '/\t\\evil', 'dashboard']) {
      expect(safeRedirectPath(value), JSON.stringify(value)).toBeNull();
    }
  });
});
