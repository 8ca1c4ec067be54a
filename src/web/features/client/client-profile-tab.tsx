import { useState } from 'react';
import { Pencil } from 'lucide-react';
import type { ClientProfileView } from '../../../domain/client-dashboard-schemas';
import { formatDeliverableType } from '../../../domain/project-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ClientLogoUpload } from './client-logo-upload';
import { ClientProfileForm } from './client-profile-form';

const NOT_SET = 'Not set yet';

/** Profile (spec section 2): Company Name, Industry and Desired Categories, editable, with the company logo. */
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
        <ClientLogoUpload logoUrl={profile.logoUrl} companyName={profile.companyName} />
        {isEditing ? (
          <ClientProfileForm profile={profile} onDone={() => setIsEditing(false)} />
        ) : (
          <dl className="grid gap-6 sm:grid-cols-2">
            <ProfileField label="Company Name" value={profile.companyName} />
            <ProfileField label="Industry" value={profile.industry} />
            <ProfileField label="Budget Range" value={profile.budgetRange} />
            <div>
              <dt className="text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">Desired Categories</dt>
              <dd className="mt-2 flex flex-wrap gap-1.5">
                {profile.desiredCategories.length > 0
                  ? profile.desiredCategories.map((category) => (
                      <Badge key={category} variant="accent" className="capitalize">
                        {formatDeliverableType(category)}
                      </Badge>
                    ))
                  : <span className="text-muted-foreground">{NOT_SET}</span>}
              </dd>
            </div>
          </dl>
        )}
      </Card>
    </section>
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
