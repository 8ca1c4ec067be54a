import { CreatorDashboard } from '../features/creator-dashboard/creator-dashboard';
import { MakerProfileTab } from '../features/creator-dashboard/profile-tab';
import { usePageTitle } from '../lib/use-page-title';
import { lazyPanel } from '../components/lazy-panel';

// The dashboard opens on Profile; the other tabs load when first opened (decision 188).
const PortfolioTab = lazyPanel(() => import('../features/portfolio/portfolio-tab').then((m) => m.PortfolioTab));
const CreatorProjectsTab = lazyPanel(() => import('../features/projects/creator-projects-tab').then((m) => m.CreatorProjectsTab));
const EarningsTab = lazyPanel(() => import('../features/creator-dashboard/earnings-tab').then((m) => m.EarningsTab));
const CommunityTab = lazyPanel(() => import('../features/creator-dashboard/community-tab').then((m) => m.CommunityTab));

const TABS = [
  { value: 'profile', label: 'Profile', content: <MakerProfileTab /> },
  { value: 'portfolio', label: 'Portfolio', content: <PortfolioTab /> },
  { value: 'projects', label: 'Projects', content: <CreatorProjectsTab role="maker" /> },
  { value: 'earnings', label: 'Earnings', content: <EarningsTab /> },
  { value: 'community', label: 'Community', content: <CommunityTab /> },
] as const;

export function DashboardMakerPage() {
  usePageTitle('Maker Dashboard');
  return <CreatorDashboard role="maker" title="Maker Dashboard" subtitle="Your profile, your work and your projects, in one place." tabs={TABS} />;
}
