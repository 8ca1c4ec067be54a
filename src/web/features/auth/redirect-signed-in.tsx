import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/session';
import { resolveGuardRedirect, type GuardRule } from '../../../domain/page-guards';

/**
 * The guard of the log-in page (decision 176): someone who opens it signed in goes on to where a safe `?redirect=`
 * points, or to their dashboard, as the server sends them before any script. While the session is being checked the
 * page shows, as the server rendered it for a visitor it found signed out. Only the session the page found counts:
 * signing in or up here leads on by itself (the forms navigate to where the visitor was going, or to onboarding),
 * and the router keeps this page on screen meanwhile, so the new session must not send them elsewhere.
 */
export function RedirectSignedIn({ rule }: { rule: GuardRule }) {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();
  // Null until the first answer about the session; then kept for as long as the page stays open.
  const [signedInOnArrival, setSignedInOnArrival] = useState<boolean | null>(isLoading ? null : user !== null);
  if (signedInOnArrival === null && !isLoading) setSignedInOnArrival(user !== null);

  const redirect = signedInOnArrival ? resolveGuardRedirect(rule, user, `${pathname}${search}`) : null;
  if (redirect) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
