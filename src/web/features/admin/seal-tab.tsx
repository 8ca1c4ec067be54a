import type { ReactNode } from 'react';
import { useState } from 'react';
import { ADMIN_MESSAGES, type SealMaker } from '../../../domain/admin-schemas';
import { SealBadge } from '../../components/seal-badge';
import { Button } from '../../components/ui/button';
import { PersonAvatar, QueryList, RowCard, SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { ReasonDialog } from './reason-dialog';

const projectCount = (count: number) => `${count} completed ${count === 1 ? 'project' : 'projects'} with process docs`;

function MakerRow({ maker, action }: { maker: SealMaker; action: ReactNode }) {
  return (
    <RowCard className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-4">
        <PersonAvatar name={maker.name} url={maker.avatarUrl} />
        <div className="min-w-0">
          <p className="flex items-center gap-2 font-serif text-lg text-ink">
            <span className="truncate">{maker.name}</span>
            {maker.sealStatus === 'verified' ? <SealBadge size="sm" /> : null}
          </p>
          <p className="text-sm text-muted-foreground">{projectCount(maker.qualifyingProjects)}</p>
        </div>
      </div>
      {action}
    </RowCard>
  );
}

export function SealTab() {
  const query = useAdminQuery<{ eligible: SealMaker[]; verified: SealMaker[] }>(adminKeys.seal, '/api/admin/seal');
  const [revoking, setRevoking] = useState<SealMaker | null>(null);
  const assign = useAdminAction<string>({
    request: (userId) => ({ path: `/api/admin/seal/${userId}/assign`, init: { method: 'POST' } }),
    success: ADMIN_MESSAGES.sealAssigned,
    failure: ADMIN_MESSAGES.sealAssignFailed,
  });
  const revoke = useAdminAction<{ userId: string; reason?: string }>({
    request: ({ userId, reason }) => ({ path: `/api/admin/seal/${userId}/revoke`, init: { method: 'POST', body: { reason } } }),
    success: ADMIN_MESSAGES.sealRevoked,
    failure: ADMIN_MESSAGES.sealRevokeFailed,
    onSuccess: () => setRevoking(null),
  });

  return (
    <div className="space-y-10">
      <section aria-labelledby="seal-heading">
        <SectionHeading id="seal-heading" title="Seal Assignment" description="Makers with 3+ completed projects eligible for verification" />
        <QueryList
          query={query}
          rows={query.data?.eligible}
          label="Eligible makers"
          empty={{ title: 'No makers currently eligible for Seal', description: 'A maker qualifies once three of their completed projects each carry process documentation.' }}
          renderRow={(maker) => (
            <MakerRow
              key={maker.userId}
              maker={maker}
              action={
                <Button size="sm" onClick={() => assign.mutate(maker.userId)} disabled={assign.isPending && assign.variables === maker.userId}>
                  Assign Seal
                  <span className="sr-only"> to {maker.name}</span>
                </Button>
              }
            />
          )}
        />
      </section>

      <section aria-labelledby="seal-holders-heading">
        <h3 id="seal-holders-heading" className="mb-4 text-xl sm:text-2xl">
          Seal holders
        </h3>
        <QueryList
          query={query}
          rows={query.data?.verified}
          label="Verified makers"
          empty={{ title: 'No makers hold the Seal yet' }}
          renderRow={(maker) => (
            <MakerRow
              key={maker.userId}
              maker={maker}
              action={
                <Button size="sm" variant="secondary" onClick={() => setRevoking(maker)}>
                  Revoke Seal
                  <span className="sr-only"> from {maker.name}</span>
                </Button>
              }
            />
          )}
        />
      </section>

      <ReasonDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={`Revoke ${revoking?.name ?? 'this maker'}’s Seal?`}
        description="The Seal disappears from their studio, cards and dashboard at once, and its credential reads as revoked to anyone who checks it. They are emailed, and the decision is kept in the audit log."
        reasonLabel="Reason (optional)"
        reasonHint="Included in the email to the maker."
        confirmLabel="Revoke Seal"
        confirmVariant="destructive"
        isPending={revoke.isPending}
        onConfirm={(reason) => revoking && revoke.mutate({ userId: revoking.userId, reason })}
      />
    </div>
  );
}
