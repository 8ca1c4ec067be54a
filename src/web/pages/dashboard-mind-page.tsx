import { CreatorDashboard } from '../features/creator-dashboard/creator-dashboard';
import { EarningsTab } from '../features/creator-dashboard/earnings-tab';
import { MindProfileTab } from '../features/creator-dashboard/profile-tab';
import { PortfolioTab } from '../features/portfolio/portfolio-tab';
import { CreatorProjectsTab } from '../features/projects/creator-projects-tab';
import { usePageTitle } from '../lib/use-page-title';

const TABS = [
  { value: 'profile', label: 'Profile', content: <MindProfileTab /> },
  { value: 'portfolio', label: 'Portfolio', content: <PortfolioTab /> },
  { value: 'projects', label: 'Projects', content: <CreatorProjectsTab role="mind" /> },
  { value: 'earnings', label: 'Earnings', content: <EarningsTab /> },
] as const;

export function DashboardMindPage() {
  usePageTitle('Mind Studio');
  return <CreatorDashboard role="mind" title="Mind Studio" subtitle="Your profile, your thinking and your engagements, in one place." tabs={TABS} />;
}
