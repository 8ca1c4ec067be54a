import { CommunityTab } from '../features/creator-dashboard/community-tab';
import { EarningsTab } from '../features/creator-dashboard/earnings-tab';
import { CreatorDashboard } from '../features/creator-dashboard/creator-dashboard';
import { MakerProfileTab } from '../features/creator-dashboard/profile-tab';
import { PortfolioTab } from '../features/portfolio/portfolio-tab';
import { CreatorProjectsTab } from '../features/projects/creator-projects-tab';
import { usePageTitle } from '../lib/use-page-title';

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
