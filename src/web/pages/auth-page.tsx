import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SIGNUP_ROLES } from '../../domain/constants';
import { parseSignupRole, safeRedirectPath } from '../../domain/routes';
import { SealMark, WAX_EDGE_PATH } from '../components/seal-mark';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { SignInForm } from '../features/auth/sign-in-form';
import { SignUpForm } from '../features/auth/sign-up-form';
import { usePageTitle } from '../lib/use-page-title';

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

function AuthPanel({ typeParam, redirectTo }: { typeParam: string | null; redirectTo: string | null }) {
  const hasValidType = (SIGNUP_ROLES as readonly string[]).includes(typeParam ?? '');
  const [tab, setTab] = useState<AuthTab>(hasValidType ? 'signup' : 'login');

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

      <Tabs value={tab} onValueChange={(value) => isAuthTab(value) && setTab(value)} className="mt-8">
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="login">Login</TabsTrigger>
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <SignInForm redirectTo={redirectTo} />
        </TabsContent>
        <TabsContent value="signup">
          <SignUpForm initialRole={parseSignupRole(typeParam)} redirectTo={redirectTo} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

export function AuthPage() {
  const [params] = useSearchParams();
  const typeParam = params.get('type');

  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-5 py-12 sm:px-8 md:py-16 lg:grid-cols-[1fr_1.05fr] lg:gap-16">
      <AuthAside />
      {/* A new ?type= link (e.g. from a For Makers page) starts the panel afresh with that role. */}
      <AuthPanel key={typeParam ?? ''} typeParam={typeParam} redirectTo={safeRedirectPath(params.get('redirect'))} />
    </div>
  );
}
