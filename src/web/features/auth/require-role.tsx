import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { resolveGuardRedirect, type GuardRule } from '../../../domain/page-guards';
import { SignedInUserContext } from './signed-in-user';

export function RequireRole({ rule }: { rule: GuardRule }) {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();

  if (isLoading) return <PageSpinner />;
  const redirect = resolveGuardRedirect(rule, user, `${pathname}${search}`);
  if (redirect || !user) return <Navigate to={redirect ?? '/auth'} replace />;
  return (
    <SignedInUserContext value={user}>
      <Outlet />
    </SignedInUserContext>
  );
}
