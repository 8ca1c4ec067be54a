import { useSearchParams } from 'react-router';
import { DashboardHeader, DashboardShell } from '../components/dashboard-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { AdminStats } from '../features/admin/admin-stats';
import { ApplicationsTab } from '../features/admin/applications-tab';
import { AuditTab } from '../features/admin/audit-tab';
import { ContactTab } from '../features/admin/contact-tab';
import { PaymentsTab } from '../features/admin/payments-tab';
import { ProjectsTab } from '../features/admin/projects-tab';
import { ProvenanceTab } from '../features/admin/provenance-tab';
import { ReportsTab } from '../features/admin/reports-tab';
import { SealTab } from '../features/admin/seal-tab';
import { SettingsTab } from '../features/admin/settings-tab';
import { UsersTab } from '../features/admin/users-tab';
import { WhiteGloveTab } from '../features/admin/white-glove-tab';
import { WorkshopsTab } from '../features/admin/workshops-tab';
import { usePageTitle } from '../lib/use-page-title';

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
          <TabsContent key={value} value={value} className="mt-8 focus-visible:outline-none">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </DashboardShell>
  );
}
