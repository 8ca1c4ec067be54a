import { Outlet, useLocation } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated';
import { ScrollOnNavigate } from './scroll-on-navigate';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function RootLayout() {
  // The path this content was rendered for. Navigations are transitions, so the address bar changes before the
  // next page is on screen; browser tests wait for this to match instead of the URL alone.
  // It is set only once the app has taken over the server's first paint (decision 084): before that, links work
  // but buttons, tabs and forms do not answer yet.
  const { pathname } = useLocation();
  const hydrated = useHydrated();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-4 py-2 text-paper focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" data-path={hydrated ? pathname : undefined} tabIndex={-1} className="flex-1 focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollOnNavigate />
    </div>
  );
}
