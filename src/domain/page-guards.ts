import type { SessionUser } from './api-types';
import type { SignupRole, UserRole } from './constants';
import { dashboardPath, onboardPath, safeRedirectPath } from './routes';

/**
 * Who may open a guarded page (the product's rules; a wrong role is sent where the list below says):
 * - `onboard`: any signed-in user; someone with another role goes to their own onboarding (admins to their dashboard).
 * - `maker-dashboard`: signed-in makers; anyone else signed in goes to '/'.
 * - `dashboard`: only that role; everyone else goes to /auth.
 * - `signed-in`: anyone signed in (the inbox; what each person sees there is the API's rule).
 * - `member`: clients and creators; an admin goes to their dashboard (the email settings, which have no choice for an
 *   admin: they are emailed none of its kinds, only told in the app; decisions 201 and 205).
 * - `signed-out`: the log-in page; anyone signed in goes on to where they were headed (decision 176).
 */
export type GuardRule =
  | { kind: 'onboard'; role: SignupRole }
  | { kind: 'maker-dashboard' }
  | { kind: 'dashboard'; role: Exclude<UserRole, 'maker'> }
  | { kind: 'signed-in' }
  | { kind: 'member' }
  | { kind: 'signed-out' };

/** Slashes stay readable (`/auth?redirect=/dashboard-maker`); `?`, `&` and `#` are encoded so the query survives. */
export const authPathFor = (pathname: string): string =>
  `/auth?redirect=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`;

const isAuthPage = (path: string): boolean => new URL(path, 'http://x').pathname.replace(/\/+$/, '') === '/auth';

/**
 * Where someone signed in goes from /auth (the address with its query): where a safe `?redirect=` points, as signing
 * in there would lead, else their dashboard. A `redirect` back to /auth is ignored, so the two never bounce. When the
 * page they were headed for is another role's dashboard, which sent them here (the rule above), they stay: the log-in
 * form is how they would open it, with the account it is for. Null: stay on /auth.
 */
const signedInDestination = (user: Pick<SessionUser, 'role'>, address: string): string | null => {
  const target = safeRedirectPath(new URL(address, 'http://x').searchParams.get('redirect'));
  if (!target || isAuthPage(target)) return dashboardPath(user.role);
  const rule = guardForPath(new URL(target, 'http://x').pathname);
  const onward = rule ? resolveGuardRedirect(rule, user, target) : null;
  return onward && isAuthPage(onward) ? null : target;
};

/** Where to send the visitor instead, or null when they may stay. `pathname` is the address, with its query. */
export function resolveGuardRedirect(rule: GuardRule, user: Pick<SessionUser, 'role'> | null, pathname: string): string | null {
  if (rule.kind === 'signed-out') return user ? signedInDestination(user, pathname) : null;
  if (!user) return authPathFor(pathname);
  switch (rule.kind) {
    case 'onboard':
      if (user.role === rule.role) return null;
      return user.role === 'admin' ? '/dashboard-admin' : onboardPath(user.role);
    case 'maker-dashboard':
      return user.role === 'maker' ? null : '/';
    case 'dashboard':
      return user.role === rule.role ? null : authPathFor(new URL(pathname, 'http://x').pathname);
    case 'signed-in':
      return null;
    case 'member':
      return user.role === 'admin' ? dashboardPath('admin') : null;
  }
}

/**
 * The guarded pages and their rules, read by the web router and by the server, which applies the same redirect before
 * any script runs: without JavaScript a guarded page would otherwise show its loading state for ever, and /auth its
 * log-in form to someone already signed in.
 */
export const PAGE_GUARDS = {
  '/auth': { kind: 'signed-out' },
  '/inbox': { kind: 'signed-in' },
  '/settings/notifications': { kind: 'member' },
  '/onboard-maker': { kind: 'onboard', role: 'maker' },
  '/onboard-mind': { kind: 'onboard', role: 'mind' },
  '/onboard-client': { kind: 'onboard', role: 'client' },
  '/dashboard-maker': { kind: 'maker-dashboard' },
  '/dashboard-mind': { kind: 'dashboard', role: 'mind' },
  '/dashboard-client': { kind: 'dashboard', role: 'client' },
  '/dashboard-admin': { kind: 'dashboard', role: 'admin' },
} as const satisfies Record<string, GuardRule>;

/**
 * The rule of a guarded page (a conversation under /inbox/… is the inbox's), or null for a public page. Paths are
 * case-sensitive, as the router's (decision 176): '/Auth' is no page, and no guard.
 */
export const guardForPath = (pathname: string): GuardRule | null => {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const page = normalized.startsWith('/inbox/') ? '/inbox' : normalized;
  return (PAGE_GUARDS as Record<string, GuardRule>)[page] ?? null;
};
