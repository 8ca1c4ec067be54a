import type { SessionUser } from '../../../domain/api-types';
import type { SignupRole, UserRole } from '../../../domain/constants';
import { onboardPath } from '../../../domain/routes';

/**
 * Who may open a guarded page (spec section 6):
 * - `onboard`: any signed-in user; someone with another role goes to their own onboarding (admins to their dashboard).
 * - `maker-dashboard`: signed-in makers; anyone else signed in goes to '/'.
 * - `dashboard`: only that role; everyone else goes to /auth.
 * - `signed-in`: anyone signed in (the inbox; what each person sees there is the API's rule).
 */
export type GuardRule =
  | { kind: 'onboard'; role: SignupRole }
  | { kind: 'maker-dashboard' }
  | { kind: 'dashboard'; role: Exclude<UserRole, 'maker'> }
  | { kind: 'signed-in' };

/** Slashes stay readable (`/auth?redirect=/dashboard-maker`); `?`, `&` and `#` are encoded so the query survives. */
export const authPathFor = (pathname: string): string =>
  `/auth?redirect=${encodeURIComponent(pathname).replace(/%2F/gi, '/')}`;

/** Where to send the visitor instead, or null when they may stay. */
export function resolveGuardRedirect(rule: GuardRule, user: SessionUser | null, pathname: string): string | null {
  if (!user) return authPathFor(pathname);
  switch (rule.kind) {
    case 'onboard':
      if (user.role === rule.role) return null;
      return user.role === 'admin' ? '/dashboard-admin' : onboardPath(user.role);
    case 'maker-dashboard':
      return user.role === 'maker' ? null : '/';
    case 'dashboard':
      return user.role === rule.role ? null : '/auth';
    case 'signed-in':
      return null;
  }
}
