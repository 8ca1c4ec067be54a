import { createBrowserRouter, type RouteObject } from 'react-router';
import { RootLayout } from './components/layout/root-layout';
import { RouteError } from './components/layout/route-error';
import { PageSpinner } from './components/ui/spinner';
import { RequireRole } from './features/auth/require-role';
import type { GuardRule } from './features/auth/guard-rules';

// Every page is its own chunk, so public pages never download dashboard code.
// Routes that can show the Seal (and its tooltip) sit under a lazy layout that provides tooltips, so the
// marketing pages never download Radix's positioning engine (decision 017).
const withTooltips = (children: RouteObject[]): RouteObject => ({
  lazy: () => import('./components/layout/tooltip-layout').then((m) => ({ Component: m.TooltipLayout })),
  children,
});
// Routes that fetch with the query library sit under a lazy layout that provides it (decision 081).
const withQueries = (children: RouteObject[]): RouteObject => ({
  lazy: () => import('./components/layout/query-layout').then((m) => ({ Component: m.QueryLayout })),
  children,
});
const guarded = (path: string, rule: GuardRule, lazy: RouteObject['lazy']): RouteObject => ({
  path,
  element: <RequireRole rule={rule} />,
  children: [{ index: true, lazy }],
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <PageSpinner />,
    children: [
      { index: true, lazy: () => import('./pages/home-page').then((m) => ({ Component: m.HomePage })) },
      { path: 'about', lazy: () => import('./pages/about-page').then((m) => ({ Component: m.AboutPage })) },
      { path: 'how-it-works', lazy: () => import('./pages/how-it-works-page').then((m) => ({ Component: m.HowItWorksPage })) },
      { path: 'contact', lazy: () => import('./pages/contact-page').then((m) => ({ Component: m.ContactPage })) },
      { path: 'for-makers', lazy: () => import('./pages/for-makers-page').then((m) => ({ Component: m.ForMakersPage })) },
      { path: 'for-minds', lazy: () => import('./pages/for-minds-page').then((m) => ({ Component: m.ForMindsPage })) },
      { path: 'reset-password', lazy: () => import('./pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })) },
      withQueries([
        { path: 'auth', lazy: () => import('./pages/auth-page').then((m) => ({ Component: m.AuthPage })) },
        withTooltips([
          { path: 'marketplace', lazy: () => import('./pages/marketplace-page').then((m) => ({ Component: m.MarketplacePage })) },
          { path: 'studio/:userId', lazy: () => import('./pages/studio-page').then((m) => ({ Component: m.StudioPage })) },
          guarded('onboard-maker', { kind: 'onboard', role: 'maker' }, () =>
            import('./pages/onboard-maker-page').then((m) => ({ Component: m.OnboardMakerPage })),
          ),
          guarded('onboard-mind', { kind: 'onboard', role: 'mind' }, () =>
            import('./pages/onboard-mind-page').then((m) => ({ Component: m.OnboardMindPage })),
          ),
          guarded('onboard-client', { kind: 'onboard', role: 'client' }, () =>
            import('./pages/onboard-client-page').then((m) => ({ Component: m.OnboardClientPage })),
          ),
          guarded('dashboard-maker', { kind: 'maker-dashboard' }, () =>
            import('./pages/dashboard-maker-page').then((m) => ({ Component: m.DashboardMakerPage })),
          ),
          guarded('dashboard-mind', { kind: 'dashboard', role: 'mind' }, () =>
            import('./pages/dashboard-mind-page').then((m) => ({ Component: m.DashboardMindPage })),
          ),
          guarded('dashboard-client', { kind: 'dashboard', role: 'client' }, () =>
            import('./pages/dashboard-client-page').then((m) => ({ Component: m.DashboardClientPage })),
          ),
          guarded('dashboard-admin', { kind: 'dashboard', role: 'admin' }, () =>
            import('./pages/dashboard-admin-page').then((m) => ({ Component: m.DashboardAdminPage })),
          ),
        ]),
      ]),
      { path: '*', lazy: () => import('./pages/not-found-page').then((m) => ({ Component: m.NotFoundPage })) },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
