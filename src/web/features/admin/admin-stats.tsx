import { FolderKanban, Inbox, Stamp, Users } from 'lucide-react';
import type { AdminStats as Stats } from '../../../domain/admin-schemas';
import { StatCard, StatGrid } from '../../components/stat-card';
import { adminKeys, useAdminQuery } from './admin-data';

export function AdminStats() {
  const { data, isPending, isError } = useAdminQuery<{ stats: Stats }>(adminKeys.overview, '/api/admin/overview');
  const value = (pick: (stats: Stats) => number) => (data ? pick(data.stats).toLocaleString('en-US') : isError ? '—' : '');
  return (
    <StatGrid>
      <StatCard label="Total Users" value={value((s) => s.totalUsers)} icon={<Users className="size-4" />} isLoading={isPending} />
      <StatCard label="Pending Applications" value={value((s) => s.pendingApplications)} icon={<Inbox className="size-4" />} isLoading={isPending} />
      <StatCard label="Total Projects" value={value((s) => s.totalProjects)} icon={<FolderKanban className="size-4" />} isLoading={isPending} />
      <StatCard label="Seal Eligible" value={value((s) => s.sealEligible)} icon={<Stamp className="size-4" />} isLoading={isPending} />
    </StatGrid>
  );
}
