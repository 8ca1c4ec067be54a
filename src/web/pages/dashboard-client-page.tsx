import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowRight, Briefcase, Building2, Wallet } from 'lucide-react';
import { DashboardHeader, DashboardShell } from '../components/dashboard-header';
import { inReviewHint, StatCard } from '../components/stat-card';
import { Button } from '../components/ui/button';
import { PageSpinner } from '../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs';
import { useSignedInUser } from '../features/auth/signed-in-user';
import { VerifyEmailBanner } from '../features/auth/verify-email-banner';
import { BrowseCreatorsTab } from '../features/client/browse-creators-tab';
import { useClientDashboard } from '../features/client/client-api';
import { usePageTitle } from '../lib/use-page-title';
import { useFreshOnNews } from '../lib/fresh-on-news';
import { onboardPath } from '../../domain/routes';
import { lazyPanel } from '../components/lazy-panel';

// Browse Creators is the tab the dashboard opens on; the others load when first opened (decision 188).
const ClientProjectsTab = lazyPanel(() => import('../features/projects/client-projects-tab').then((m) => m.ClientProjectsTab));
const InvoicesTab = lazyPanel(() => import('../features/payments/invoices-tab').then((m) => m.InvoicesTab));
const WhiteGloveTab = lazyPanel(() => import('../features/white-glove/white-glove-tab').then((m) => m.WhiteGloveTab));
const ClientProfileTab = lazyPanel(() => import('../features/client/client-profile-tab').then((m) => m.ClientProfileTab));
const CreateProjectDialog = lazyPanel(() => import('../features/projects/create-project-dialog').then((m) => m.CreateProjectDialog), { quiet: true });

type ClientTab = 'browse' | 'projects' | 'invoices' | 'white-glove' | 'profile';
const CLIENT_TABS: ReadonlyArray<{ value: ClientTab; label: string }> = [
  { value: 'browse', label: 'Browse Creators' },
  { value: 'projects', label: 'Projects' },
  { value: 'invoices', label: 'Invoices' },
  { value: 'white-glove', label: 'White Glove' },
  { value: 'profile', label: 'Profile' },
];
const isClientTab = (value: string): value is ClientTab => CLIENT_TABS.some((tab) => tab.value === value);

interface ProjectDialogState {
  open: boolean;
  creatorId: string | null;
}

export function DashboardClientPage() {
  usePageTitle('Client Dashboard');
  useFreshOnNews();
  const user = useSignedInUser();
  const dashboard = useClientDashboard();
  const [searchParams, setSearchParams] = useSearchParams();
  const hireParam = searchParams.get('hire');
  // The tab is in the address (?tab=), read on every render: a notification's link opens its tab even when the
  // dashboard is already open, and Back returns to the tab before.
  const requestedTab = searchParams.get('tab');
  const tab: ClientTab = requestedTab && isClientTab(requestedTab) ? requestedTab : 'browse';
  const setTab = (next: ClientTab) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );
  const [projectDialog, setProjectDialog] = useState<ProjectDialogState>({ open: false, creatorId: null });
  const [handledHire, setHandledHire] = useState<string | null>(null);
  // The project dialog's code loads when it first opens, and it stays mounted after, so it can animate closed.
  const [projectDialogUsed, setProjectDialogUsed] = useState(false);
  if (projectDialog.open && !projectDialogUsed) setProjectDialogUsed(true);

  // ?hire=<creatorId> (from a studio's hire button) opens the project dialog with that creator, once per visit.
  if (hireParam && hireParam !== handledHire) {
    setHandledHire(hireParam);
    setProjectDialog({ open: true, creatorId: hireParam });
  }
  useEffect(() => {
    if (!hireParam) return;
    setSearchParams(
      (params) => {
        params.delete('hire');
        return params;
      },
      { replace: true },
    );
  }, [hireParam, setSearchParams]);

  const openProjectDialog = (creatorId: string | null) => setProjectDialog({ open: true, creatorId });

  if (dashboard.isError) console.error('Client dashboard failed to load', dashboard.error);
  const profile = dashboard.data?.profile;

  return (
    <DashboardShell>
      <DashboardHeader title="Client Dashboard" subtitle="Find verified creators and manage your projects" />
      {/* The product's rule: an unverified email shows a banner on the dashboard; it does not block work. */}
      {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
      {dashboard.isPending ? (
        <PageSpinner />
      ) : (
        <>
          {profile && !profile.companyName ? <FinishProfileBanner /> : null}
          {/* Three cards, two of them free text: one column on phones so company names are not cut short. */}
          <div className="mt-8 grid gap-3 sm:grid-cols-3 sm:gap-4">
            <StatCard
              label="Active Projects"
              icon={<Briefcase className="size-4" />}
              value={dashboard.data?.activeProjects ?? '—'}
              hint={inReviewHint(dashboard.data?.inReviewProjects)}
            />
            <StatCard label="Company" icon={<Building2 className="size-4" />} value={<StatText value={profile?.companyName} />} />
            <StatCard label="Budget Range" icon={<Wallet className="size-4" />} value={<StatText value={profile?.budgetRange} />} />
          </div>

          <Tabs value={tab} onValueChange={(value) => isClientTab(value) && setTab(value)} className="mt-10">
            <TabsList aria-label="Client dashboard sections">
              {CLIENT_TABS.map((item) => (
                <TabsTrigger key={item.value} value={item.value}>
                  {item.label}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="browse">
              <BrowseCreatorsTab onHire={openProjectDialog} />
            </TabsContent>
            <TabsContent value="projects">
              <ClientProjectsTab onCreateProject={() => openProjectDialog(null)} onHireAgain={openProjectDialog} />
            </TabsContent>
            <TabsContent value="invoices">
              <InvoicesTab />
            </TabsContent>
            <TabsContent value="white-glove">
              <WhiteGloveTab onHire={openProjectDialog} />
            </TabsContent>
            <TabsContent value="profile">
              {profile ? <ClientProfileTab profile={profile} /> : <p className="text-muted-foreground">Your profile could not be loaded.</p>}
            </TabsContent>
          </Tabs>
        </>
      )}

      {projectDialogUsed ? (
        <CreateProjectDialog
          open={projectDialog.open}
          preselectedCreatorId={projectDialog.creatorId}
          onOpenChange={(open) => setProjectDialog((current) => ({ ...current, open }))}
          onCreated={() => setTab('projects')}
        />
      ) : null}
    </DashboardShell>
  );
}

/**
 * A client who left onboarding before submitting it (signing in later lands here, not there) is told what is missing
 * and led back: without it creators see a brief from a name with no company, and White Glove has nothing to match on.
 * Onboarding requires the company name, so its absence is the sign.
 */
function FinishProfileBanner() {
  return (
    <div role="note" className="mt-8 flex flex-col gap-4 rounded-2xl border border-accent/30 bg-surface p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div>
        <p className="font-medium text-ink">Finish your company profile</p>
        <p className="mt-1 text-muted-foreground">Creators see your company and what you are looking for when you send them a brief.</p>
      </div>
      <Button asChild size="sm">
        <Link to={onboardPath('client')}>
          Complete your profile
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    </div>
  );
}

/** Free-text values (company, budget range) in a stat card: smaller than a figure, and never overflowing. */
function StatText({ value }: { value: string | null | undefined }) {
  if (!value) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="block truncate text-2xl" title={value}>
      {value}
    </span>
  );
}
