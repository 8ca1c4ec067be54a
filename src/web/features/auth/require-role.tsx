import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useSession } from '../../lib/session';
import { resolveGuardRedirect, type GuardRule } from '../../../domain/page-guards';
import { SignedInUserContext } from './signed-in-user';

export const NEEDS_JAVASCRIPT = {
  dashboard: 'Your dashboard needs JavaScript',
  page: 'This page needs JavaScript',
  hint: 'Please turn JavaScript on in your browser, then reload this page. The public pages, such as the marketplace, work without it.',
} as const;

/**
 * The signed-in pages are apps: their first paint (rendered by the server, the same for everyone) is the spinner
 * until the session is known, which without JavaScript never happens. So that first paint also says, to a browser
 * without scripts only, what the page needs, and the spinner is not shown there.
 */
function SignedInPageLoading({ pathname }: { pathname: string }) {
  return (
    <>
      <div className="noscript:hidden">
        <PageSpinner />
      </div>
      <noscript>
        <div className="mx-auto max-w-xl px-5 py-20 text-center sm:px-8">
          <h1 className="font-serif text-3xl text-ink">{pathname.startsWith('/dashboard-') ? NEEDS_JAVASCRIPT.dashboard : NEEDS_JAVASCRIPT.page}</h1>
          <p className="mt-4 text-muted-foreground">{NEEDS_JAVASCRIPT.hint}</p>
        </div>
      </noscript>
    </>
  );
}

export function RequireRole({ rule }: { rule: GuardRule }) {
  const { user, isLoading } = useSession();
  const { pathname, search } = useLocation();

  if (isLoading) return <SignedInPageLoading pathname={pathname} />;
  const redirect = resolveGuardRedirect(rule, user, `${pathname}${search}`);
  if (redirect || !user) return <Navigate to={redirect ?? '/auth'} replace />;
  return (
    <SignedInUserContext value={user}>
      <Outlet />
    </SignedInUserContext>
  );
}
