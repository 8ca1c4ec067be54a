import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import { toast } from '../../lib/toast';
import type { SessionUser } from '../../../domain/api-types';
import { signUpSchema, type SignUpInput } from '../../../domain/auth-schemas';
import { LIMITS, type SignupRole } from '../../../domain/constants';
import { AUTH_MESSAGES } from '../../../domain/messages';
import { onboardPath } from '../../../domain/routes';
import { TextField } from '../../components/text-field';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { setSessionUser } from '../../lib/session';
import { showSubmitError } from './api-form-errors';
import { SignupRoleField } from './signup-role-field';

const SIGN_UP_FIELDS = ['name', 'email', 'password', 'role'] as const;

/** `redirectTo` (from /auth's `redirect`) is carried through onboarding, which then leads there. */
export function SignUpForm({ initialRole, redirectTo = null }: { initialRole: SignupRole; redirectTo?: string | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const form = useForm({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: '', email: '', password: '', role: initialRole },
    mode: 'onTouched',
  });
  const { errors, isSubmitting } = form.formState;

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
      await navigate(onboardPath(values.role, redirectTo), { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, SIGN_UP_FIELDS, AUTH_MESSAGES.signUpFallback);
    }
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Sign up">
      <Controller
        control={form.control}
        name="role"
        render={({ field, fieldState }) => (
          <SignupRoleField value={field.value} onChange={field.onChange} error={fieldState.error?.message} disabled={isSubmitting} />
        )}
      />
      <TextField id="signup-name" label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        id="signup-email"
        label="Email"
        type="email"
        autoComplete="email"
        inputMode="email"
        error={errors.email?.message}
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
      <Button type="submit" size="lg" className="mt-2 w-full" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
        {isSubmitting ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
        {isSubmitting ? 'Creating account…' : 'Create Account'}
      </Button>
    </form>
  );
}
