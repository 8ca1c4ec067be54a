import { describe, expect, it } from 'vitest';
import type { SessionUser } from './api-types';
import type { UserRole } from './constants';
import { resolveGuardRedirect } from './page-guards';

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
    expect(resolveGuardRedirect({ kind: 'dashboard', role: 'admin' }, user('client'), '/dashboard-admin')).toBe('/auth');
    expect(resolveGuardRedirect({ kind: 'dashboard', role: 'mind' }, user('mind'), '/dashboard-mind')).toBeNull();
  });
});
