import { ROLE_LABELS, type UserRole } from '../../domain/constants';
import { Badge, type BadgeProps } from './ui/badge';

const ROLE_VARIANTS: Record<UserRole, BadgeProps['variant']> = {
  maker: 'accent',
  mind: 'accent',
  client: 'outline',
  admin: 'solid',
};

export function RoleBadge({ role, className }: { role: UserRole; className?: string }) {
  return (
    <Badge variant={ROLE_VARIANTS[role]} className={className}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
