import type { ReactNode } from 'react';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { DeleteAccountCard } from '../profile/delete-account-card';
import { MakerProfileForm } from '../profile/maker-profile-form';
import { MindProfileForm } from '../profile/mind-profile-form';
import { useMakerProfile, useMindProfile } from '../profile/profile-api';

function TabFrame({ children }: { children: ReactNode }) {
  return <div className="grid max-w-3xl gap-12">{children}</div>;
}

const LOAD_ERROR = "We couldn't load your profile. Please try again.";

export function MakerProfileTab() {
  const profile = useMakerProfile();
  return (
    <TabFrame>
      {profile.isPending ? (
        <ListSkeleton rows={4} />
      ) : profile.isError ? (
        <ErrorState message={LOAD_ERROR} onRetry={() => void profile.refetch()} />
      ) : (
        // Re-keyed on status so that a resubmission restarts the form with the saved values.
        <MakerProfileForm key={profile.data.applicationStatus} profile={profile.data} mode="dashboard" />
      )}
      <DeleteAccountCard />
    </TabFrame>
  );
}

export function MindProfileTab() {
  const profile = useMindProfile();
  return (
    <TabFrame>
      {profile.isPending ? (
        <ListSkeleton rows={4} />
      ) : profile.isError ? (
        <ErrorState message={LOAD_ERROR} onRetry={() => void profile.refetch()} />
      ) : (
        <MindProfileForm key={profile.data.applicationStatus} profile={profile.data} mode="dashboard" />
      )}
      <DeleteAccountCard />
    </TabFrame>
  );
}
