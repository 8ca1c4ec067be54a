import type { KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SIGNUP_ROLES } from '../../domain/constants';
import { PASSWORD_RESET_DONE_PARAM } from '../../domain/posted-form';
import { parseSignupRole, safeRedirectPath } from '../../domain/routes';
import { RESET_DONE_MESSAGE } from '../features/auth/password-reset-forms';
import { SealMark, WAX_EDGE_PATH } from '../components/seal-mark';
import { SignInForm } from '../features/auth/sign-in-form';
import { SignUpForm } from '../features/auth/sign-up-form';
import { usePageTitle } from '../lib/use-page-title';
import { cn } from '../lib/utils';

type AuthTab = 'login' | 'signup';

const isAuthTab = (value: string): value is AuthTab => value === 'login' || value === 'signup';

function AuthAside() {
  return (
    <aside className="relative hidden overflow-hidden rounded-3xl bg-ink p-10 text-paper lg:flex lg:flex-col lg:justify-between">
      <SealMark className="size-14 text-accent-light" />
      <div className="relative">
        <p className="eyebrow text-accent-light">Made by people</p>
        <p className="mt-4 font-serif text-3xl leading-snug">
          Every profile here belongs to a person, and every application is reviewed by one.
        </p>
        <p className="mt-5 text-paper-muted">
          Makers and Minds show their process, not just the result. Clients hire with the confidence that a human did the work.
        </p>
      </div>
      <svg viewBox="0 0 40 40" aria-hidden="true" className="pointer-events-none absolute -bottom-28 -right-28 size-96 text-paper/[0.04]">
        <path d={WAX_EDGE_PATH} fill="currentColor" />
      </svg>
    </aside>
  );
}

const TABS: readonly { value: AuthTab; label: string }[] = [
  { value: 'login', label: 'Login' },
  { value: 'signup', label: 'Sign Up' },
];

/** This page's address with another tab chosen, every other parameter (type, redirect) kept. */
const tabAddress = (params: URLSearchParams, tab: AuthTab): string => {
  const next = new URLSearchParams(params);
  next.set('tab', tab);
  return `/auth?${next.toString()}`;
};

/**
 * Login and Sign Up as tabs that are links (`/auth?tab=signup`): before the app's scripts run, or without them, a
 * click loads the page with that tab chosen by the server; with them, the router switches it in place
 * (decision 105). Arrow keys move between the tabs as in any tab list.
 */
function AuthTabLinks({ tab, params }: { tab: AuthTab; params: URLSearchParams }) {
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight' && event.key !== 'Home' && event.key !== 'End') return;
    event.preventDefault();
    const index = TABS.findIndex((item) => item.value === tab);
    const nextIndex = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : (index + (event.key === 'ArrowRight' ? 1 : -1) + TABS.length) % TABS.length;
    const next = TABS[nextIndex];
    if (!next) return;
    void navigate(tabAddress(params, next.value), { replace: true, preventScrollReset: true });
    document.getElementById(`auth-tab-${next.value}`)?.focus();
  };
  return (
    <div role="tablist" aria-label="Log in or sign up" className="grid w-full grid-cols-2 items-center gap-1 rounded-full bg-muted p-1">
      {TABS.map((item) => {
        const selected = item.value === tab;
        return (
          <Link
            key={item.value}
            id={`auth-tab-${item.value}`}
            role="tab"
            aria-selected={selected}
            aria-controls="auth-tabpanel"
            tabIndex={selected ? 0 : -1}
            to={tabAddress(params, item.value)}
            replace
            preventScrollReset
            onKeyDown={onKeyDown}
            className={cn(
              'inline-flex h-9 items-center justify-center whitespace-nowrap rounded-full px-4 text-sm font-medium transition-colors duration-150',
              selected ? 'bg-surface text-ink shadow-sm' : 'text-muted-foreground hover:text-ink',
            )}
          >
            {item.label}
          </Link>
        );
      })}
    </div>
  );
}

function AuthPanel({ tab, params, typeParam, redirectTo }: { tab: AuthTab; params: URLSearchParams; typeParam: string | null; redirectTo: string | null }) {
  usePageTitle(tab === 'login' ? 'Log In' : 'Sign Up');

  return (
    <div className="mx-auto w-full max-w-md lg:py-4">
      <p className="eyebrow text-accent-strong">Humanmade account</p>
      <h1 className="mt-3 text-4xl sm:text-[2.75rem]">{tab === 'login' ? 'Welcome back' : 'Join Humanmade'}</h1>
      <p className="mt-3 text-muted-foreground">
        {tab === 'login'
          ? 'Log in to manage your profile, projects and applications.'
          : 'Create your account, then tell us about your work.'}
      </p>

      {/* A password changed through the page's own form (without scripts) lands here saying so; the app uses a toast. */}
      {params.has(PASSWORD_RESET_DONE_PARAM) ? (
        <p role="status" className="mt-6 rounded-xl border border-border bg-surface px-4 py-3 text-sm text-ink">
          {RESET_DONE_MESSAGE}
        </p>
      ) : null}
      <div className="mt-8">
        <AuthTabLinks tab={tab} params={params} />
        <div id="auth-tabpanel" role="tabpanel" aria-labelledby={`auth-tab-${tab}`} className="mt-6">
          {tab === 'login' ? (
            <SignInForm redirectTo={redirectTo} />
          ) : (
            <SignUpForm initialRole={parseSignupRole(typeParam)} redirectTo={redirectTo} />
          )}
        </div>
      </div>
    </div>
  );
}

export function AuthPage() {
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  // The tab comes from the address (?tab=), so it is the server's choice too; a role link (?type=) opens Sign Up.
  const tabParam = params.get('tab') ?? '';
  const tab: AuthTab = isAuthTab(tabParam) ? tabParam : (SIGNUP_ROLES as readonly string[]).includes(typeParam ?? '') ? 'signup' : 'login';

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-8 md:py-16 lg:grid-cols-[1fr_1.05fr] lg:gap-16">
      <AuthAside />
      {/* A new ?type= link (e.g. from a For Makers page) starts the panel afresh with that role. */}
      <AuthPanel key={typeParam ?? ''} tab={tab} params={params} typeParam={typeParam} redirectTo={safeRedirectPath(params.get('redirect'))} />
    </div>
  );
}
