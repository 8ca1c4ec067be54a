import type { ApplicationStatus } from '../../../domain/constants';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { APPLICATION_STATUS_LABELS } from '../profile/labels';

/** The product's colours: approved (and verified) in the accent, pending and draft muted, rejected destructive. */
const VARIANTS: Record<ApplicationStatus, BadgeProps['variant']> = {
  approved: 'accent',
  pending: 'muted',
  draft: 'muted',
  rejected: 'destructive',
};

export function ApplicationStatusBadge({ status, isVerified = false }: { status: ApplicationStatus; isVerified?: boolean }) {
  if (isVerified) {
    return (
      <Badge variant="accent" className="px-3 py-1 font-sans text-sm">
        Verified
      </Badge>
    );
  }
  return (
    <Badge variant={VARIANTS[status]} className="px-3 py-1 font-sans text-sm">
      {APPLICATION_STATUS_LABELS[status]}
    </Badge>
  );
}
