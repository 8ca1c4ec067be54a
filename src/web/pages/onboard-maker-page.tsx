import { CreatorOnboarding } from '../features/onboarding/creator-onboarding';
import { MakerProfileForm } from '../features/profile/maker-profile-form';
import { useMakerProfile } from '../features/profile/profile-api';

const STEPS = [
  { title: 'Submit your profile', body: 'Your bio, your categories and, ideally, a short intro video.' },
  { title: 'A person reviews it', body: 'Our team looks at your work and your process, usually within a few days.' },
  { title: 'Your studio goes live', body: 'Once approved, clients find you in the marketplace and can hire you.' },
  { title: 'Earn the Seal', body: 'After 3 completed projects with documented process work.' },
] as const;

export function OnboardMakerPage() {
  return (
    <CreatorOnboarding
      role="maker"
      pageTitle="Maker Onboarding"
      title="Complete Your Maker Profile"
      subtitle="Tell us about your craft and your process. Our team reviews every application personally."
      steps={STEPS}
      editPlace="your dashboard"
      profile={useMakerProfile()}
      form={(data, onSubmitted) => <MakerProfileForm profile={data} mode="onboarding" onSubmitted={onSubmitted} />}
    />
  );
}
