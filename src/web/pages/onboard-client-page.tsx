import { dashboardPath } from '../../domain/routes';
import { usePageTitle } from '../lib/use-page-title';
import { useAfterOnboarding } from '../features/auth/after-onboarding';
import { OnboardingDone, OnboardingLayout, OnboardingLoadError, OnboardingLoading } from '../features/onboarding/onboarding-layout';
import { ClientProfileForm } from '../features/profile/client-profile-form';
import { useClientProfile } from '../features/profile/profile-api';

const STEPS = [
  { title: 'Complete your profile', body: 'Tell us who you are and what kind of work you commission.' },
  { title: 'Meet verified creators', body: 'Browse makers and minds whose work has been reviewed by a person.' },
  { title: 'Start a project', body: 'Invite a creator directly, or ask us for White Glove matches within 24–48 hours.' },
] as const;

export function OnboardClientPage() {
  usePageTitle('Client Onboarding');
  const afterOnboarding = useAfterOnboarding('client');
  const profile = useClientProfile();

  return (
    <OnboardingLayout
      title="Client Onboarding"
      subtitle="Tell us about your company, so we can introduce you to the right creators."
      steps={STEPS}
    >
      {profile.isPending ? (
        <OnboardingLoading />
      ) : profile.isError ? (
        <OnboardingLoadError onRetry={() => void profile.refetch()} />
      ) : profile.data.applicationStatus === 'approved' ? (
        <OnboardingDone
          title="Your profile is complete"
          body="Browse verified creators and manage your projects from your dashboard."
          dashboardPath={dashboardPath('client')}
        />
      ) : (
        <ClientProfileForm profile={profile.data} mode="onboarding" onSubmitted={afterOnboarding} />
      )}
    </OnboardingLayout>
  );
}
