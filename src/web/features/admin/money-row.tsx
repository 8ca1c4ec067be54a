import type { ReactNode } from 'react';
import { formatMoneyCents } from '../payments/payments-api';
import { RowCard } from './admin-bits';

/** A row of money waiting for the admin: the amount, what it is for, and the action on it. */
export function MoneyRow({ amountCents, lines, details, action }: { amountCents: number; lines: ReactNode[]; details?: ReactNode; action: ReactNode }) {
  return (
    <RowCard className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="font-serif text-lg tabular-nums text-ink">{formatMoneyCents(amountCents)}</p>
        {lines.map((line, index) => (
          <p key={index} className="wrap-anywhere text-sm text-muted-foreground">
            {line}
          </p>
        ))}
        {details}
      </div>
      {action}
    </RowCard>
  );
}
