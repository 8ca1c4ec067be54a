import { useState } from 'react';
import { MailWarning } from 'lucide-react';
import { toast } from '../../lib/toast';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch } from '../../lib/api';

/** An unverified email does not block work (the product's rule), but the dashboard keeps asking. */
export function VerifyEmailBanner({ email }: { email: string }) {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');

  const resend = async () => {
    setState('sending');
    try {
      await apiFetch<null>('/api/account/resend-verification', { method: 'POST', body: {} });
      setState('sent');
      toast.success('Verification email sent. Please check your inbox.');
    } catch (error) {
      setState('idle');
      toast.error(error instanceof ApiError && error.message ? error.message : 'We could not send the email. Please try again.');
    }
  };

  return (
    <div role="status" className="mt-8 flex flex-col gap-4 rounded-2xl border border-accent/30 bg-accent-soft/60 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex gap-3">
        <MailWarning aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-strong" />
        <p className="text-ink">
          Please verify your email address. We sent a link to <span className="font-medium break-all">{email}</span>.
        </p>
      </div>
      <Button variant="secondary" size="sm" onClick={() => void resend()} disabled={state !== 'idle'} aria-busy={state === 'sending' || undefined}>
        {state === 'sent' ? 'Email sent' : state === 'sending' ? 'Sending...' : 'Resend verification email'}
      </Button>
    </div>
  );
}
