import { useSearchParams } from 'react-router';
import { ChooseNewPasswordForm, RequestResetForm } from '../features/auth/password-reset-forms';
import { usePageTitle } from '../lib/use-page-title';

export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const isInvalid = params.get('error') !== null;

  return (
    <section className="mx-auto max-w-md px-5 py-16 sm:py-24">
      <h1 className="text-4xl">{token ? 'Choose a new password' : 'Reset your password'}</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        {token
          ? 'Pick a password you do not use anywhere else.'
          : 'Enter the email you signed up with and we will send you a link to choose a new password.'}
      </p>
      {isInvalid ? (
        <p role="alert" className="mt-6 rounded-xl border border-destructive/40 p-4 text-ink">
          This reset link has expired or is invalid. Please ask for a new one.
        </p>
      ) : null}
      <div className="mt-8">{token ? <ChooseNewPasswordForm token={token} /> : <RequestResetForm />}</div>
    </section>
  );
}
