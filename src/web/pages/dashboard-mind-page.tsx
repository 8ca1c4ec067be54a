import { CreatorDashboard } from '../features/creator-dashboard/creator-dashboard';
import { MindProfileTab } from '../features/creator-dashboard/profile-tab';
import { usePageTitle } from '../lib/use-page-title';
import { lazyPanel } from '../components/lazy-panel';

// The dashboard opens on Profile; the other tabs load when first opened (decision 188).
const PortfolioTab = lazyPanel(() => import('../features/portfolio/portfolio-tab').then((m) => m.PortfolioTab));
const CreatorProjectsTab = lazyPanel(() => import('../features/projects/creator-projects-tab').then((m) => m.CreatorProjectsTab));
const EarningsTab = lazyPanel(() => import('../features/creator-dashboard/earnings-tab').then((m) => m.EarningsTab));

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
