import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import {
  RESET_PASSWORD_PATH,
  requestPasswordResetSchema,
  resetPasswordSchema,
  type RequestPasswordResetInput,
  type ResetPasswordInput,
} from '../../../domain/auth-schemas';
import { SENT_PARAM } from '../../../domain/posted-form';
import { ServerForm } from '../../components/server-form';
import { EmailField, TextField } from '../../components/text-field';
import { postedFieldErrors, usePostedForm } from '../../lib/posted-form';
import { Button } from '../../components/ui/button';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/session';
import { showSubmitError } from './api-form-errors';

export const RESET_REQUESTED_MESSAGE = 'If an account exists for that email, a link to reset the password is on its way.';
export const RESET_DONE_MESSAGE = 'Your password has been changed. Please log in.';

/** Asks for a reset link. The answer is the same whether or not the email has an account. */
export function RequestResetForm() {
  // Sent natively (decision 105), the server answers with `?sent=1`; sent by the app, the state below says so.
  const [params] = useSearchParams();
  const [isSent, setSent] = useState(params.has(SENT_PARAM));
  const posted = usePostedForm('reset-request');
  const [postedErrors] = useState(() => postedFieldErrors(posted.errors));
  const form = useForm({ resolver: zodResolver(requestPasswordResetSchema), defaultValues: { email: posted.values.email ?? '' }, errors: postedErrors });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: RequestPasswordResetInput) => {
    try {
      await apiFetch('/api/auth/request-password-reset', { method: 'POST', body: { email: values.email, redirectTo: RESET_PASSWORD_PATH } });
      setSent(true);
      toast.success(RESET_REQUESTED_MESSAGE);
    } catch (error) {
      showSubmitError(error, form.setError, ['email'] as const, 'Could not send the reset link. Please try again.');
    }
  };

  if (isSent) return <p className="rounded-xl border border-border bg-surface p-5 text-ink">{RESET_REQUESTED_MESSAGE}</p>;
  return (
    <ServerForm
      formName="reset-request"
      message={posted.message}
      noValidate
      onSubmit={form.handleSubmit(onSubmit)}
      className="grid gap-5"
      aria-label="Request a password reset link"
    >
      <EmailField
        id="reset-email"
        error={errors.email?.message}
        defaultValue={posted.values.email}
        {...form.register('email')}
      />
      <Button type="submit" size="lg" busy={isSubmitting}>
        Send reset link
      </Button>
    </ServerForm>
  );
}

export function ChooseNewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const posted = usePostedForm('reset-password');
  const [postedErrors] = useState(() => postedFieldErrors(posted.errors));
  const form = useForm({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: '', confirmPassword: '' }, errors: postedErrors });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = async (values: ResetPasswordInput) => {
    try {
      await apiFetch('/api/auth/reset-password', { method: 'POST', body: { newPassword: values.newPassword, token } });
      // The reset ended every session of the account, perhaps this browser's: asked again, /auth then shows its log-in
      // form rather than sending on a session that is gone (decision 176).
      await refreshSession();
      toast.success(RESET_DONE_MESSAGE);
      await navigate('/auth', { replace: true });
    } catch (error) {
      showSubmitError(error, form.setError, ['newPassword', 'confirmPassword'] as const, 'This reset link has expired or is invalid.');
    }
  };

  return (
    <ServerForm formName="reset-password" message={posted.message} noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-5" aria-label="Choose a new password">
      <TextField
        id="new-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={errors.newPassword?.message}
        {...form.register('newPassword')}
      />
      <TextField
        id="confirm-password"
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" size="lg" busy={isSubmitting}>
        Change password
      </Button>
      <Link to="/auth" className="text-sm text-muted-foreground underline-offset-4 hover:underline">
        Back to log in
      </Link>
    </ServerForm>
  );
}
