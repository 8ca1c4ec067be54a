import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { SessionUser } from '../../../domain/api-types';
import { signInSchema, type SignInInput } from '../../../domain/auth-schemas';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { dashboardPath } from '../../../domain/routes';
import { EmailField, TextField } from '../../components/text-field';
import { ServerForm } from '../../components/server-form';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { postedFieldErrors, usePostedForm } from '../../lib/posted-form';
import { setSessionUser } from '../../lib/session';
import { showSubmitError } from './api-form-errors';

const SIGN_IN_FIELDS = ['email', 'password'] as const;

export function SignInForm({ redirectTo }: { redirectTo: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A native post the server sent back (decision 105) starts the form with its email and messages; never a password.
  const posted = usePostedForm('login');
  const [postedErrors] = useState(() => postedFieldErrors(posted.errors));
  const form = useForm({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: posted.values.email ?? '', password: '' },
    errors: postedErrors,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  // Signed in, the form stays busy until the next page has loaded: the router keeps this page on screen meanwhile.
  const [leaving, setLeaving] = useState(false);
  const isSubmitting = form.formState.isSubmitting || leaving;

  const onSubmit = async (values: SignInInput) => {
    try {
      const { user } = await apiFetch<{ user: SessionUser }>('/api/account/sign-in', { method: 'POST', body: values });
      setSessionUser(queryClient, user);
      toast.success(AUTH_MESSAGES.loginSuccess);
      setLeaving(true);
      await navigate(redirectTo ?? dashboardPath(user.role), { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, SIGN_IN_FIELDS, AUTH_MESSAGES.loginFallback);
    }
  };

  return (
    <ServerForm formName="login" message={posted.message} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Log in">
      <EmailField
        id="signin-email"
        error={errors.email?.message}
        defaultValue={posted.values.email}
        {...form.register('email')}
      />
      <TextField
        id="signin-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" busy={isSubmitting}>
        {isSubmitting ? 'Logging in…' : 'Log In'}
      </Button>
      <Link to="/reset-password" className="justify-self-center text-sm text-muted-foreground underline-offset-4 hover:text-ink hover:underline">
        Forgot your password?
      </Link>
    </ServerForm>
  );
}
