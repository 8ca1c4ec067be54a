import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/toast';
import type { SessionUser } from '../../../domain/api-types';
import { signUpSchema, type SignUpInput } from '../../../domain/auth-schemas';
import { LIMITS, SIGNUP_ROLES, type SignupRole } from '../../../domain/constants';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { onboardPath } from '../../../domain/routes';
import { EmailField, TextField } from '../../components/text-field';
import { ServerForm } from '../../components/server-form';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { postedFieldErrors, usePostedForm } from '../../lib/posted-form';
import { setSessionUser } from '../../lib/session';
import { showSubmitError } from './api-form-errors';
import { SignupRoleField } from './signup-role-field';

const SIGN_UP_FIELDS = ['name', 'email', 'password', 'role'] as const;

/** `redirectTo` (from /auth's `redirect`) is carried through onboarding, which then leads there. */
export function SignUpForm({ initialRole, redirectTo = null }: { initialRole: SignupRole; redirectTo?: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A native post the server sent back (decision 105) starts the form with what was entered; never the password.
  const posted = usePostedForm('signup');
  const [postedErrors] = useState(() => postedFieldErrors(posted.errors));
  const postedRole = SIGNUP_ROLES.find((role) => role === posted.values.role);
  const role = postedRole ?? initialRole;
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: posted.values.name ?? '', email: posted.values.email ?? '', password: '', role },
    errors: postedErrors,
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  // Signed in, the form stays busy until the next page has loaded: the router keeps this page on screen meanwhile.
  const [leaving, setLeaving] = useState(false);
  const isSubmitting = form.formState.isSubmitting || leaving;

  const onSubmit = async (values: SignUpInput) => {
    try {
      const { user, notice } = await apiFetch<{ user: SessionUser | null; notice?: string }>('/api/account/sign-up', { method: 'POST', body: values });
      if (!user) {
        // The account exists but its session could not be made: the person logs in next, not signs up again.
        toast(notice ?? AUTH_MESSAGES.signedUpNotSignedIn);
        return;
      }
      setSessionUser(queryClient, user);
      toast.success(AUTH_MESSAGES.signUpSuccess);
      setLeaving(true);
      await navigate(onboardPath(values.role, redirectTo), { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, SIGN_UP_FIELDS, AUTH_MESSAGES.signUpFallback);
    }
  };

  return (
    <ServerForm formName="signup" message={posted.message} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Sign up">
      <SignupRoleField defaultRole={role} error={errors.role?.message} disabled={isSubmitting} {...form.register('role')} />
      <TextField id="signup-name" label="Name" autoComplete="name" error={errors.name?.message} defaultValue={posted.values.name} {...form.register('name')} />
      <EmailField
        id="signup-email"
        error={errors.email?.message}
        defaultValue={posted.values.email}
        {...form.register('email')}
      />
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters.`}
        error={errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" size="lg" className="mt-2 w-full" busy={isSubmitting}>
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </ServerForm>
  );
}
