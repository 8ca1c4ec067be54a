import { Link } from 'react-router';
import { ArrowRight, Hourglass } from 'lucide-react';
import type { ApplicationStatus } from '../../../domain/constants';
import { onboardPath } from '../../../domain/routes';
import { Button } from '../../components/ui/button';
import { RejectionNotice } from '../profile/rejection-notice';

interface ApplicationBannerProps {
  role: 'maker' | 'mind';
  status: ApplicationStatus;
  rejectionReason: string | null;
}

/** Where the creator's application stands, and what to do about it; nothing once approved. */
export function ApplicationBanner({ role, status, rejectionReason }: ApplicationBannerProps) {
  if (status === 'approved') return null;
  if (status === 'rejected') {
    return (
      <div className="mt-8">
        <RejectionNotice reason={rejectionReason} />
      </div>
    );
  }
  if (status === 'pending') {
    return (
      <div role="note" className="mt-8 flex gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-5">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
        <p className="text-ink">
          Your application is in review. We will email you as soon as a member of our team has looked at it.
        </p>
      </div>
    );
  }
  return (
    <div role="note" className="mt-8 flex flex-col gap-4 rounded-2xl border border-accent/30 bg-surface p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div>
        <p className="font-medium text-ink">Finish your application</p>
        <p className="mt-1 text-muted-foreground">Complete your profile and submit it for review. Clients can find you once you are approved.</p>
      </div>
      <Button asChild size="sm">
        <Link to={onboardPath(role)}>
          Complete your profile
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}
