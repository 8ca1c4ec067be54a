import { CreatorOnboarding } from '../features/onboarding/creator-onboarding';
import { MindProfileForm } from '../features/profile/mind-profile-form';
import { useMindProfile } from '../features/profile/profile-api';

const STEPS = [
  { title: 'Submit your profile', body: 'Your expertise, your plan and a short video introduction.' },
  { title: 'A person reviews it', body: 'Our team reads every application, usually within a few days.' },
  { title: 'Start consulting', body: 'Once approved, clients find you in the marketplace and bring you their projects.' },
] as const;

export function OnboardMindPage() {
  return (
    <CreatorOnboarding
      role="mind"
      pageTitle="Mind Onboarding"
      title="Mind Onboarding"
      subtitle="Share how you think and where you help brands most. Every application is read by a person."
      steps={STEPS}
      editPlace="Mind Studio"
      profile={useMindProfile()}
      form={(data, onSubmitted) => <MindProfileForm profile={data} mode="onboarding" onSubmitted={onSubmitted} />}
    />
  );
}
