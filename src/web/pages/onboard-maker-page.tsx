import { dashboardPath } from '../../domain/routes';
import { usePageTitle } from '../lib/use-page-title';
import { useAfterOnboarding } from '../features/auth/after-onboarding';
import { OnboardingDone, OnboardingLayout, OnboardingLoadError, OnboardingLoading } from '../features/onboarding/onboarding-layout';
import { MakerProfileForm } from '../features/profile/maker-profile-form';
import { useMakerProfile } from '../features/profile/profile-api';
import { RejectionNotice } from '../features/profile/rejection-notice';

const STEPS = [
  { title: 'Submit your profile', body: 'Your bio, your categories and, ideally, a short intro video.' },
  { title: 'A person reviews it', body: 'Our team looks at your work and your process, usually within a few days.' },
  { title: 'Your studio goes live', body: 'Once approved, clients find you in the marketplace and can hire you.' },
  { title: 'Earn the Seal', body: 'After 3 completed projects with documented process work.' },
] as const;

export function OnboardMakerPage() {
  usePageTitle('Maker Onboarding');
  const afterOnboarding = useAfterOnboarding('maker');
  const profile = useMakerProfile();

  return (
    <OnboardingLayout
      title="Complete Your Maker Profile"
      subtitle="Tell us about your craft and your process. Our team reviews every application personally."
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
              ? 'Your studio is live. Keep your profile and portfolio up to date from your dashboard.'
              : 'We will email you once a member of our team has reviewed it. You can still edit your profile from your dashboard.'
          }
          dashboardPath={dashboardPath('maker')}
        />
      ) : (
        <div className="grid gap-8">
          {profile.data.applicationStatus === 'rejected' ? <RejectionNotice reason={profile.data.rejectionReason} /> : null}
          <MakerProfileForm profile={profile.data} mode="onboarding" onSubmitted={afterOnboarding} />
        </div>
      )}
    </OnboardingLayout>
  );
}
