import type { ReactNode } from 'react';
import { Card } from './ui/card';
import { Skeleton } from './ui/skeleton';

interface StatCardProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  icon?: ReactNode;
  isLoading?: boolean;
}

/**
 * One figure on a dashboard's row of stat cards. The figure's size follows the card's width (a container query), so a
 * long amount such as $31,320.00 still fits a half-width card on a phone.
 */
/** Beneath 'Active Projects': the projects whose delivered work waits for the client, which the card's count leaves out. */
export const inReviewHint = (count: number | undefined): string | undefined => (count ? `+ ${count} in review` : undefined);

export function StatCard({ label, value, hint, icon, isLoading = false }: StatCardProps) {
  return (
    <Card className="@container min-w-0 p-5">
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        <span>{label}</span>
        {icon ? <span aria-hidden="true">{icon}</span> : null}
      </div>
      <div className="mt-3 font-serif text-[length:clamp(1.125rem,17cqi,1.875rem)] leading-none text-ink">{isLoading ? <Skeleton className="h-8 w-20" /> : value}</div>
      {hint ? <div className="mt-2 text-sm text-muted-foreground">{hint}</div> : null}
    </Card>
  );
}

export function StatGrid({ children }: { children: ReactNode }) {
  return <div className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">{children}</div>;
}
