import type { FailedStripeJobs, StripeJobView } from '../../../domain/payment-schemas';
import { Button } from '../../components/ui/button';
import { formatMoneyCents } from '../payments/payments-api';
import { QueryList, SectionHeading } from './admin-bits';
import { ADMIN_KEY, useAdminAction, useAdminQuery } from './admin-data';
import { MoneyRow } from './money-row';

export const FAILED_JOBS_COPY = {
  title: 'Failed transfers and refunds',
  retry: 'Retry',
  retryDone: 'It will be tried again in a moment',
  retryFailed: 'Error retrying it',
} as const;

const KIND_WORDS: Record<StripeJobView['kind'], string> = { transfer: 'Transfer', refund: 'Refund' };

const attemptsOf = (job: StripeJobView) => `${job.attempts} ${job.attempts === 1 ? 'attempt' : 'attempts'}`;

/** Stripe transfers and refunds whose attempts ran out (decision 171): what each was for, why, and a retry. */
export function FailedStripeJobsSection() {
  const query = useAdminQuery<FailedStripeJobs>([...ADMIN_KEY, 'stripe-jobs'], '/api/admin/payments/stripe-jobs');
  const retry = useAdminAction<string>({
    request: (id) => ({ path: `/api/admin/payments/stripe-jobs/${encodeURIComponent(id)}/retry`, init: { method: 'POST' } }),
    success: FAILED_JOBS_COPY.retryDone,
    failure: FAILED_JOBS_COPY.retryFailed,
  });
  return (
    <section aria-labelledby="payments-failed-heading">
      <SectionHeading
        id="payments-failed-heading"
        title={FAILED_JOBS_COPY.title}
        description="Stripe refused these on every attempt. Once the cause is fixed (often the platform's Stripe balance), retry: each is still made only once."
      />
      <QueryList
        query={query}
        rows={query.data?.jobs}
        label={FAILED_JOBS_COPY.title}
        empty={{ title: 'No failed transfers or refunds', description: 'When Stripe refuses a transfer to a creator or a refund to a client on every attempt, it waits here to be retried.' }}
        renderRow={(job) => (
          <MoneyRow
            key={job.id}
            amountCents={job.amountCents}
            lines={[
              `${KIND_WORDS[job.kind]} to ${job.recipient.name}${job.recipient.email ? ` (${job.recipient.email})` : ''}, the ${job.recipient.role}`,
              [job.projectTitle, job.milestoneTitle, job.invoiceNumber ? `invoice ${job.invoiceNumber}` : null].filter(Boolean).join(' · '),
              `${attemptsOf(job)}. Last error: ${job.lastError ?? 'none recorded'}`,
            ]}
            action={
              <Button
                size="sm"
                className="w-fit"
                disabled={retry.isPending && retry.variables === job.id}
                onClick={() => retry.mutate(job.id)}
                aria-label={`${FAILED_JOBS_COPY.retry} the ${job.kind} of ${formatMoneyCents(job.amountCents)} to ${job.recipient.name}`}
              >
                {FAILED_JOBS_COPY.retry}
              </Button>
            }
          />
        )}
      />
    </section>
  );
}
