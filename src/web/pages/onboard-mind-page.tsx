import { dashboardPath } from '../../domain/routes';
import { usePageTitle } from '../lib/use-page-title';
import { useAfterOnboarding } from '../features/auth/after-onboarding';
import { OnboardingDone, OnboardingLayout, OnboardingLoadError, OnboardingLoading } from '../features/onboarding/onboarding-layout';
import { MindProfileForm } from '../features/profile/mind-profile-form';
import { useMindProfile } from '../features/profile/profile-api';
import { RejectionNotice } from '../features/profile/rejection-notice';

const STEPS = [
  { title: 'Submit your profile', body: 'Your expertise, your plan and a short video introduction.' },
  { title: 'A person reviews it', body: 'Our team reads every application, usually within a few days.' },
  { title: 'Start consulting', body: 'Once approved, clients find you in the marketplace and bring you their projects.' },
] as const;

export function OnboardMindPage() {
  usePageTitle('Mind Onboarding');
  const afterOnboarding = useAfterOnboarding('mind');
  const profile = useMindProfile();

  return (
    <OnboardingLayout
      title="Mind Onboarding"
      subtitle="Share how you think and where you help brands most. Every application is read by a person."
      steps={STEPS}
    >
      {profile.isPending ? (
        <OnboardingLoading />
      ) : profile.isError ? (
        <OnboardingLoadError onRetry={() => void profile.refetch()} />
      ) : profile.data.applicationStatus === 'pending' || profile.data.applicationStatus === 'approved' ? (
        <OnboardingDone
          title={profile.data.applicationStatus === 'approved' ? 'You are approved' : 'Your application is in review'}
          body={
            profile.data.applicationStatus === 'approved'
              ? 'Your studio is live. Keep your profile and portfolio up to date from Mind Studio.'
              : 'We will email you once a member of our team has reviewed it. You can still edit your profile from Mind Studio.'
          }
          dashboardPath={dashboardPath('mind')}
        />
      ) : (
        <div className="grid gap-8">
          {profile.data.applicationStatus === 'rejected' ? <RejectionNotice reason={profile.data.rejectionReason} /> : null}
          <MindProfileForm profile={profile.data} mode="onboarding" onSubmitted={afterOnboarding} />
        </div>
      )}
    </OnboardingLayout>
  );
}
