import type { ApplicationStatus, DeliverableCategory } from '../../../domain/constants';
import { categoryLabel } from '../../../domain/profile-schemas';

/** "branding_packages" → "Branding packages": underscores as spaces (the product's rule), sentence case. */
export const displayCategory = (category: DeliverableCategory): string => {
  const label = categoryLabel(category);
  return label.charAt(0).toUpperCase() + label.slice(1);
};

export const APPLICATION_STATUS_LABELS: Record<ApplicationStatus, string> = {
  draft: 'Draft',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const initialsOf = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
