import { useSearchParams } from 'react-router';
import { DashboardHeader, DashboardShell } from '../components/dashboard-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { AdminStats } from '../features/admin/admin-stats';
import { ApplicationsTab } from '../features/admin/applications-tab';
import { usePageTitle } from '../lib/use-page-title';
import { useFreshOnNews } from '../lib/fresh-on-news';
import { lazyPanel } from '../components/lazy-panel';

// The dashboard opens on Applications; the other sections load when first opened (decision 188).
const AuditTab = lazyPanel(() => import('../features/admin/audit-tab').then((m) => m.AuditTab));
const ContactTab = lazyPanel(() => import('../features/admin/contact-tab').then((m) => m.ContactTab));
const PaymentsTab = lazyPanel(() => import('../features/admin/payments-tab').then((m) => m.PaymentsTab));
const ProjectsTab = lazyPanel(() => import('../features/admin/projects-tab').then((m) => m.ProjectsTab));
const ProvenanceTab = lazyPanel(() => import('../features/admin/provenance-tab').then((m) => m.ProvenanceTab));
const ReportsTab = lazyPanel(() => import('../features/admin/reports-tab').then((m) => m.ReportsTab));
const SealTab = lazyPanel(() => import('../features/admin/seal-tab').then((m) => m.SealTab));
const SettingsTab = lazyPanel(() => import('../features/admin/settings-tab').then((m) => m.SettingsTab));
const UsersTab = lazyPanel(() => import('../features/admin/users-tab').then((m) => m.UsersTab));
const WhiteGloveTab = lazyPanel(() => import('../features/admin/white-glove-tab').then((m) => m.WhiteGloveTab));
const WorkshopsTab = lazyPanel(() => import('../features/admin/workshops-tab').then((m) => m.WorkshopsTab));

const TABS = [
  { value: 'applications', label: 'Applications', Panel: ApplicationsTab },
  { value: 'seal', label: 'Seal', Panel: SealTab },
  { value: 'provenance', label: 'Provenance', Panel: ProvenanceTab },
  { value: 'users', label: 'Users', Panel: UsersTab },
  { value: 'projects', label: 'Projects', Panel: ProjectsTab },
  { value: 'payments', label: 'Payments', Panel: PaymentsTab },
  { value: 'white-glove', label: 'White Glove', Panel: WhiteGloveTab },
  { value: 'workshops', label: 'Workshops', Panel: WorkshopsTab },
  { value: 'reports', label: 'Reports', Panel: ReportsTab },
  { value: 'contact', label: 'Contact', Panel: ContactTab },
  { value: 'audit', label: 'Audit', Panel: AuditTab },
  { value: 'settings', label: 'Settings', Panel: SettingsTab },
] as const;

type TabValue = (typeof TABS)[number]['value'];
const isTab = (value: string | null): value is TabValue => TABS.some((tab) => tab.value === value);

export function DashboardAdminPage() {
  usePageTitle('Admin Dashboard');
  useFreshOnNews();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabValue = isTab(requested) ? requested : 'applications';

  // The open tab lives in the URL, so a reload or a shared link returns to the same place.
  const selectTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === 'applications') next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );

  return (
    <DashboardShell>
      <DashboardHeader title="Admin Dashboard" subtitle="Platform management & oversight" />
      <AdminStats />
      <Tabs value={tab} onValueChange={selectTab} className="mt-10">
        {/* Twelve sections on one row that scrolls sideways where it does not fit, with a fade at the hidden edge and
            the selected tab kept in view (components/ui/tabs.tsx). */}
        <TabsList aria-label="Admin sections" className="w-full justify-start sm:w-auto">
          {TABS.map(({ value, label }) => (
            <TabsTrigger key={value} value={value} className="lg:px-3">
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(({ value, Panel }) => (
          <TabsContent key={value} value={value} className="mt-8">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </DashboardShell>
  );
}
