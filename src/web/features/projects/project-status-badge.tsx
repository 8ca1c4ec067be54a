import { Flag } from 'lucide-react';
import type { ProjectStatus } from '../../../domain/constants';
import { PROJECT_STATUS_LABELS } from '../../../domain/project-schemas';
import { Badge, type BadgeProps } from '../../components/ui/badge';

const VARIANTS: Record<ProjectStatus, BadgeProps['variant']> = {
  draft: 'muted',
  active: 'accent',
  in_review: 'outline',
  completed: 'solid',
  cancelled: 'muted',
};

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return <Badge variant={VARIANTS[status]}>{PROJECT_STATUS_LABELS[status]}</Badge>;
}

export function FlaggedBadge({ reason }: { reason: string | null }) {
  return (
    <Badge variant="destructive" title={reason ?? undefined}>
      <Flag aria-hidden="true" className="size-3" />
      Flagged
    </Badge>
  );
}
