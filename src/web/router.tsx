import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { RootLayout } from './components/layout/root-layout';
import { RouteErrorBoundary } from './components/layout/route-error-boundary';
import { PageSpinner } from './components/ui/spinner';
import { RedirectSignedIn } from './features/auth/redirect-signed-in';
import { RequireRole } from './features/auth/require-role';
import { PAGE_GUARDS, type GuardRule } from '../domain/page-guards';

// The declarative router (<Routes>) rather than the data router: it is about 16 KB gzipped lighter on every page,
// and the app uses no loaders or actions (decision 082). Every page is its own chunk, so public pages never
// download dashboard code. Routes that fetch with the query library sit under a lazy layout that provides it
// (decision 081). The Seal's tooltip is our own and needs no provider (decision 189).
type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => void };
const page = <T extends Record<string, unknown>>(load: () => Promise<T>, name: keyof T): LazyPage =>
  Object.assign(
    lazy(() => load().then((module) => ({ default: module[name] as ComponentType }))),
    { preload: () => void load().catch(() => undefined) },
  );

const HomePage = page(() => import('./pages/home-page'), 'HomePage');
const AboutPage = page(() => import('./pages/about-page'), 'AboutPage');
const HowItWorksPage = page(() => import('./pages/how-it-works-page'), 'HowItWorksPage');
const ContactPage = page(() => import('./pages/contact-page'), 'ContactPage');
const ForMakersPage = page(() => import('./pages/for-makers-page'), 'ForMakersPage');
const ForMindsPage = page(() => import('./pages/for-minds-page'), 'ForMindsPage');
const ResetPasswordPage = page(() => import('./pages/reset-password-page'), 'ResetPasswordPage');
const QueryLayout = page(() => import('./components/layout/query-layout'), 'QueryLayout');
const AuthPage = page(() => import('./pages/auth-page'), 'AuthPage');
const AiPolicyPage = page(() => import('./pages/ai-policy-page'), 'AiPolicyPage');
const VerifyPage = page(() => import('./pages/verify-page'), 'VerifyPage');
const MarketplacePage = page(() => import('./pages/marketplace-page'), 'MarketplacePage');
const StudioPage = page(() => import('./pages/studio-page'), 'StudioPage');
const OnboardMakerPage = page(() => import('./pages/onboard-maker-page'), 'OnboardMakerPage');
const OnboardMindPage = page(() => import('./pages/onboard-mind-page'), 'OnboardMindPage');
const OnboardClientPage = page(() => import('./pages/onboard-client-page'), 'OnboardClientPage');
const DashboardMakerPage = page(() => import('./pages/dashboard-maker-page'), 'DashboardMakerPage');
const DashboardMindPage = page(() => import('./pages/dashboard-mind-page'), 'DashboardMindPage');
const DashboardClientPage = page(() => import('./pages/dashboard-client-page'), 'DashboardClientPage');
const DashboardAdminPage = page(() => import('./pages/dashboard-admin-page'), 'DashboardAdminPage');
const InboxPage = page(() => import('./pages/inbox-page'), 'InboxPage');
const NotificationSettingsPage = page(() => import('./pages/notification-settings-page'), 'NotificationSettingsPage');
const UnsubscribePage = page(() => import('./pages/unsubscribe-page'), 'UnsubscribePage');
const NotFoundPage = page(() => import('./pages/not-found-page'), 'NotFoundPage');

/**
 * The chunks a path renders, by its first segment. Nested lazy layouts would otherwise load one after another
 * (layout, then the layout inside it, then the page); asking for all of them at once saves those round trips.
 */
const CHAINS: Record<string, LazyPage[]> = {
  auth: [QueryLayout, AuthPage],
  'ai-policy': [QueryLayout, AiPolicyPage],
  verify: [QueryLayout, VerifyPage],
  marketplace: [QueryLayout, MarketplacePage],
  studio: [QueryLayout, StudioPage],
  'onboard-maker': [QueryLayout, OnboardMakerPage],
  'onboard-mind': [QueryLayout, OnboardMindPage],
  'onboard-client': [QueryLayout, OnboardClientPage],
  'dashboard-maker': [QueryLayout, DashboardMakerPage],
  'dashboard-mind': [QueryLayout, DashboardMindPage],
  'dashboard-client': [QueryLayout, DashboardClientPage],
  'dashboard-admin': [QueryLayout, DashboardAdminPage],
  inbox: [QueryLayout, InboxPage],
  settings: [QueryLayout, NotificationSettingsPage],
  unsubscribe: [UnsubscribePage],
};

const guarded = (path: string, rule: GuardRule, Component: ComponentType) => (
  <Route path={path} caseSensitive element={<RequireRole rule={rule} />}>
    <Route index element={<Component />} />
  </Route>
);

/**
 * The route table, the one the browser (main.tsx), the server's first paint (entry-server.tsx) and the tests render.
 * Every path is case-sensitive, as the server's are (decision 176): '/Marketplace' answers 404 there, so it must be
 * the not-found page here too, or the browser would draw the marketplace over the server's 404 once it hydrates.
 */
export const APP_ROUTES = (
  <Route element={<RootLayout />}>
    <Route index element={<HomePage />} />
    <Route path="about" caseSensitive element={<AboutPage />} />
    <Route path="how-it-works" caseSensitive element={<HowItWorksPage />} />
    <Route path="contact" caseSensitive element={<ContactPage />} />
    <Route path="for-makers" caseSensitive element={<ForMakersPage />} />
    <Route path="for-minds" caseSensitive element={<ForMindsPage />} />
    <Route path="reset-password" caseSensitive element={<ResetPasswordPage />} />
    <Route path="unsubscribe" caseSensitive element={<UnsubscribePage />} />
    <Route element={<QueryLayout />}>
      <Route path="auth" caseSensitive element={<RedirectSignedIn rule={PAGE_GUARDS['/auth']} />}>
        <Route index element={<AuthPage />} />
      </Route>
      {guarded('inbox', PAGE_GUARDS['/inbox'], InboxPage)}
      {guarded('inbox/:conversationId', PAGE_GUARDS['/inbox'], InboxPage)}
      {guarded('settings/notifications', PAGE_GUARDS['/settings/notifications'], NotificationSettingsPage)}
      <Route path="ai-policy" caseSensitive element={<AiPolicyPage />} />
      <Route path="verify" caseSensitive element={<VerifyPage />} />
      <Route path="marketplace" caseSensitive element={<MarketplacePage />} />
      <Route path="studio/:userId" caseSensitive element={<StudioPage />} />
      {guarded('onboard-maker', PAGE_GUARDS['/onboard-maker'], OnboardMakerPage)}
      {guarded('onboard-mind', PAGE_GUARDS['/onboard-mind'], OnboardMindPage)}
      {guarded('onboard-client', PAGE_GUARDS['/onboard-client'], OnboardClientPage)}
      {guarded('dashboard-maker', PAGE_GUARDS['/dashboard-maker'], DashboardMakerPage)}
      {guarded('dashboard-mind', PAGE_GUARDS['/dashboard-mind'], DashboardMindPage)}
      {guarded('dashboard-client', PAGE_GUARDS['/dashboard-client'], DashboardClientPage)}
      {guarded('dashboard-admin', PAGE_GUARDS['/dashboard-admin'], DashboardAdminPage)}
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>
);

/** Every route of the app. Rendered inside a <BrowserRouter> (main.tsx), a <StaticRouter> (entry-server.tsx) or a <MemoryRouter> (tests). */
export function AppRoutes() {
  const { pathname } = useLocation();
  for (const chunk of CHAINS[pathname.split('/')[1] ?? ''] ?? []) chunk.preload();
  return (
    <RouteErrorBoundary>
      {/* One Suspense boundary for every lazy layout and page: on the first load only the spinner shows until the
          chunks (preloaded by the server) are in, so the footer never jumps as the page arrives (layout shift);
          later navigations are transitions, which keep the current page on screen until the next is ready. */}
      <Suspense fallback={<PageSpinner />}>
        <Routes>{APP_ROUTES}</Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
