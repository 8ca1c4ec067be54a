import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { DeleteAccountCard } from '../profile/delete-account-card';
import { MakerProfileForm } from '../profile/maker-profile-form';
import { MindProfileForm } from '../profile/mind-profile-form';
import { useMakerProfile, useMindProfile } from '../profile/profile-api';

const LOAD_ERROR = "We couldn't load your profile. Please try again.";

/** The dashboard's Profile tab, the same for both kinds of creator: their form once the profile has loaded. */
function CreatorProfileTab<T>({ profile, form }: { profile: UseQueryResult<T>; form: (data: T) => ReactNode }) {
  return (
    <div className="grid max-w-3xl gap-12">
      {profile.isPending ? (
        <ListSkeleton rows={4} />
      ) : profile.isError ? (
        <ErrorState message={LOAD_ERROR} onRetry={() => void profile.refetch()} />
      ) : (
        form(profile.data)
      )}
      <DeleteAccountCard />
    </div>
  );
}

// Re-keyed on status so that a resubmission restarts the form with the saved values.
export function MakerProfileTab() {
  const profile = useMakerProfile();
  return <CreatorProfileTab profile={profile} form={(data) => <MakerProfileForm key={data.applicationStatus} profile={data} mode="dashboard" />} />;
}

export function MindProfileTab() {
  const profile = useMindProfile();
  return <CreatorProfileTab profile={profile} form={(data) => <MindProfileForm key={data.applicationStatus} profile={data} mode="dashboard" />} />;
}
