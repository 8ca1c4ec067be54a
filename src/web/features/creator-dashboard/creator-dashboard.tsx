import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../../lib/toast';
import { PROFILE_MESSAGES } from '../../../domain/profile-schemas';
import { DashboardHeader, DashboardShell } from '../../components/dashboard-header';
import { ErrorState } from '../../components/list-states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useSignedInUser } from '../auth/signed-in-user';
import { ApplicationBanner } from './application-banner';
import { CreatorStats } from './creator-stats';
import { useCreatorSummary } from './dashboard-api';
import { VerifyEmailBanner } from '../auth/verify-email-banner';
import { useFreshOnNews } from '../../lib/fresh-on-news';

export interface DashboardTab {
  value: string;
  label: string;
  content: ReactNode;
}

interface CreatorDashboardProps {
  role: 'maker' | 'mind';
  title: string;
  subtitle: string;
  tabs: readonly DashboardTab[];
}

/** The maker's and the mind's dashboard: header, banners, stat cards, then the tabs (kept in ?tab=). */
export function CreatorDashboard({ role, title, subtitle, tabs }: CreatorDashboardProps) {
  const user = useSignedInUser();
  const summary = useCreatorSummary();
  useFreshOnNews();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current = tabs.some((tab) => tab.value === requested) ? requested! : tabs[0].value;

  useEffect(() => {
    if (summary.isError) toast.error(PROFILE_MESSAGES.dashboardLoadFailed);
  }, [summary.isError]);

  return (
    <DashboardShell>
      <DashboardHeader title={title} subtitle={subtitle} hasSeal={summary.data?.sealStatus === 'verified'} />
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      {summary.data ? <ApplicationBanner role={role} status={summary.data.applicationStatus} rejectionReason={summary.data.rejectionReason} /> : null}
      {summary.isError ? (
        <div className="mt-8">
          <ErrorState message={PROFILE_MESSAGES.dashboardLoadFailed} onRetry={() => void summary.refetch()} />
        </div>
      ) : (
        <CreatorStats role={role} summary={summary.data} isLoading={summary.isPending} />
      )}
      <Tabs
        value={current}
        onValueChange={(value) => setParams((previous) => {
          const next = new URLSearchParams(previous);
          next.set('tab', value);
          return next;
        }, { replace: true })}
        className="mt-12"
      >
        <TabsList aria-label={`${title} sections`}>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value} className="mt-8">
            {tab.content}
          </TabsContent>
        ))}
      </Tabs>
    </DashboardShell>
  );
}
