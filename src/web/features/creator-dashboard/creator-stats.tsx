import { Briefcase, CircleDollarSign, Images, ShieldCheck } from 'lucide-react';
import type { CreatorSummary } from '../../../domain/profile-schemas';
import { StatCard, StatGrid } from '../../components/stat-card';
import { ApplicationStatusBadge } from './application-status-badge';
import { formatMoney } from './format';

/** The four stat cards; the maker's row starts with projects, the mind's with earnings (spec section 2). */
export function CreatorStats({ role, summary, isLoading }: { role: 'maker' | 'mind'; summary: CreatorSummary | undefined; isLoading: boolean }) {
  const active = <StatCard key="active" label="Active Projects" icon={<Briefcase className="size-4" />} value={summary?.activeProjects ?? '—'} isLoading={isLoading} />;
  const earnings = (
    <StatCard key="earnings" label="Total Earnings" icon={<CircleDollarSign className="size-4" />} value={summary ? formatMoney(summary.earningsTotal) : '—'} isLoading={isLoading} />
  );
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
