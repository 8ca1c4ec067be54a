import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Building2, Pencil } from 'lucide-react';
import type { ClientProfileView } from '../../../domain/client-dashboard-schemas';
import { formatDeliverableType } from '../../../domain/project-schemas';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ClientProfileForm } from '../profile/client-profile-form';
import { useClientProfile } from '../profile/profile-api';
import { CLIENT_DASHBOARD_QUERY_KEY } from './client-api';

const NOT_SET = 'Not set yet';

/**
 * The client's Profile tab: Company Name, Industry and Desired Categories, with the company logo. Editing uses
 * the onboarding form itself (same fields, rules, messages and logo upload), in its dashboard mode.
 */
export function ClientProfileTab({ profile }: { profile: ClientProfileView }) {
  const [isEditing, setIsEditing] = useState(false);
  return (
    <section aria-labelledby="client-profile-heading" className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="client-profile-heading" className="font-serif text-2xl">
            Company Profile
          </h2>
          <p className="mt-1 text-muted-foreground">What creators see about you when you hire them.</p>
        </div>
        {!isEditing ? (
          <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
            <Pencil aria-hidden="true" />
            Edit Profile
          </Button>
        ) : null}
      </div>
      <Card className="grid gap-8 p-5 sm:p-8">
        {isEditing ? (
          <EditClientProfile onDone={() => setIsEditing(false)} />
        ) : (
          <>
            <CompanyLogo logoUrl={profile.logoUrl} companyName={profile.companyName} />
            <dl className="grid gap-6 sm:grid-cols-2">
              <ProfileField label="Company Name" value={profile.companyName} />
              <ProfileField label="Industry" value={profile.industry} />
              <ProfileField label="Budget Range" value={profile.budgetRange} />
              <div>
                <dt className="text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">Desired Categories</dt>
                <dd className="mt-2 flex flex-wrap gap-1.5">
                  {profile.desiredCategories.length > 0 ? (
                    profile.desiredCategories.map((category) => (
                      <Badge key={category} variant="accent" className="capitalize">
                        {formatDeliverableType(category)}
                      </Badge>
                    ))
                  ) : (
                    <span className="text-muted-foreground">{NOT_SET}</span>
                  )}
                </dd>
              </div>
            </dl>
          </>
        )}
      </Card>
    </section>
  );
}

/** The full profile (with the client's name for the logo's initials) comes from the profiles API the form saves to. */
function EditClientProfile({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const profile = useClientProfile();
  if (profile.isPending) return <ListSkeleton rows={4} />;
  if (profile.isError) return <ErrorState message="We couldn't load your profile. Please try again." onRetry={() => void profile.refetch()} />;
  return (
    <ClientProfileForm
      profile={profile.data}
      mode="dashboard"
      onCancel={onDone}
      onSubmitted={async () => {
        onDone();
        await queryClient.invalidateQueries({ queryKey: CLIENT_DASHBOARD_QUERY_KEY });
      }}
    />
  );
}

function CompanyLogo({ logoUrl, companyName }: { logoUrl: string | null; companyName: string | null }) {
  return logoUrl ? (
    <img src={logoUrl} alt={companyName ? `${companyName} logo` : 'Company logo'} className="size-20 rounded-2xl border border-border bg-surface object-contain p-1.5" />
  ) : (
    <span className="inline-flex size-20 items-center justify-center rounded-2xl border border-dashed border-border-strong bg-muted" aria-hidden="true">
      <Building2 className="size-8 text-muted-foreground" />
    </span>
  );
}

function ProfileField({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">{label}</dt>
      <dd className={value ? 'mt-2 text-lg text-ink' : 'mt-2 text-muted-foreground'}>{value ?? NOT_SET}</dd>
    </div>
  );
}
