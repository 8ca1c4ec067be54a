import { Briefcase, CircleDollarSign, Images, ShieldCheck } from 'lucide-react';
import type { CreatorSummary } from '../../../domain/profile-schemas';
import { inReviewHint, StatCard, StatGrid } from '../../components/stat-card';
import { formatMoneyCents, useCreatorBalance } from '../payments/payments-api';
import { ApplicationStatusBadge } from './application-status-badge';

/** The four stat cards; the maker's row starts with projects, the mind's with earnings (the product's order). */
export function CreatorStats({ role, summary, isLoading }: { role: 'maker' | 'mind'; summary: CreatorSummary | undefined; isLoading: boolean }) {
  const active = (
    <StatCard
      key="active"
      label="Active Projects"
      icon={<Briefcase className="size-4" />}
      value={summary?.activeProjects ?? '—'}
      hint={inReviewHint(summary?.inReviewProjects)}
      isLoading={isLoading}
    />
  );
  const earnings = <EarningsCard key="earnings" />;
  const portfolio = <StatCard key="portfolio" label="Portfolio Items" icon={<Images className="size-4" />} value={summary?.portfolioItems ?? '—'} isLoading={isLoading} />;
  const status = (
    <StatCard
      key="status"
      label="Application Status"
      icon={<ShieldCheck className="size-4" />}
      value={summary ? <ApplicationStatusBadge status={summary.applicationStatus} isVerified={summary.sealStatus === 'verified'} /> : '—'}
      hint={summary?.sealStatus === 'verified' ? 'Seal awarded' : undefined}
      isLoading={isLoading}
    />
  );
  return <StatGrid>{role === 'maker' ? [active, earnings, portfolio, status] : [earnings, active, portfolio, status]}</StatGrid>;
}

const BALANCE_ROWS = [
  ['Available', 'availableCents'],
  ['In escrow', 'inEscrowCents'],
  ['Paid out', 'paidOutCents'],
] as const;

/** Earned total (released to the creator, after the fee), with where the money stands beneath: all from the ledger. */
function EarningsCard() {
  const balance = useCreatorBalance();
  const data = balance.data;
  return (
    <StatCard
      label="Total Earnings"
      icon={<CircleDollarSign className="size-4" />}
      value={data ? <span className="tabular-nums">{formatMoneyCents(data.earnedCents)}</span> : '—'}
      hint={
        data ? (
          // A row whose amount does not fit beside its label (a balance of $1,000,000 on a phone) puts the amount on its
          // own line, still right-aligned, instead of running out of the card.
          <dl className="grid gap-y-0.5 text-xs tabular-nums sm:text-sm">
            {BALANCE_ROWS.map(([label, key]) => (
              <div key={key} className="flex flex-wrap justify-between gap-x-2 sm:gap-x-3">
                <dt className="whitespace-nowrap">{label}</dt>
                <dd className="ml-auto text-right text-ink">{formatMoneyCents(data[key])}</dd>
              </div>
            ))}
          </dl>
        ) : balance.isError ? (
          'Could not load your balance'
        ) : undefined
      }
      isLoading={balance.isPending}
    />
  );
}
