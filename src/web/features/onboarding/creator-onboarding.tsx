import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApplicationStatus } from '../../../domain/constants';
import type { CreatorRole } from '../../../domain/marketplace';
import { dashboardPath } from '../../../domain/routes';
import { usePageTitle } from '../../lib/use-page-title';
import { useAfterOnboarding } from '../auth/after-onboarding';
import { RejectionNotice } from '../profile/rejection-notice';
import { OnboardingDone, OnboardingLayout, OnboardingLoadError, OnboardingLoading } from './onboarding-layout';

interface CreatorOnboardingProps<T> {
  role: CreatorRole;
  pageTitle: string;
  title: string;
  subtitle: string;
  steps: readonly { title: string; body: string }[];
  /** Where the creator goes on to edit their profile, as the 'done' notice names it: "your dashboard". */
  editPlace: string;
  profile: UseQueryResult<T>;
  form: (data: T, onSubmitted: () => void) => ReactNode;
}

/**
 * The onboarding page of a maker or a mind: their application form until it is sent, then where it stands.
 * Each role's page passes its own profile and form, so neither page's chunk carries the other's form.
 */
export function CreatorOnboarding<T extends { applicationStatus: ApplicationStatus; rejectionReason: string | null }>({
  role,
  pageTitle,
  title,
  subtitle,
  steps,
  editPlace,
  profile,
  form,
}: CreatorOnboardingProps<T>) {
  usePageTitle(pageTitle);
  const afterOnboarding = useAfterOnboarding(role);

  return (
    <OnboardingLayout title={title} subtitle={subtitle} steps={steps}>
      {profile.isPending ? (
        <OnboardingLoading />
      ) : profile.isError ? (
        <OnboardingLoadError onRetry={() => void profile.refetch()} />
      ) : profile.data.applicationStatus === 'pending' || profile.data.applicationStatus === 'approved' ? (
        <OnboardingDone
          title={profile.data.applicationStatus === 'approved' ? 'You are approved' : 'Your application is in review'}
          body={
            profile.data.applicationStatus === 'approved'
              ? `Your studio is live. Keep your profile and portfolio up to date from ${editPlace}.`
              : `We will email you once a member of our team has reviewed it. You can still edit your profile from ${editPlace}.`
          }
          dashboardPath={dashboardPath(role)}
        />
      ) : (
        <div className="grid gap-8">
          {profile.data.applicationStatus === 'rejected' ? <RejectionNotice reason={profile.data.rejectionReason} /> : null}
          {form(profile.data, afterOnboarding)}
        </div>
      )}
    </OnboardingLayout>
  );
}
