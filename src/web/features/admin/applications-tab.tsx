import { useState } from 'react';
import { ADMIN_MESSAGES, type ApplicantRole, type MakerApplication, type MindApplication } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { ApplicantCard, type Applicant } from './applicant-card';
import { ReasonDialog } from './reason-dialog';
import { useFocusAfterDecision } from './use-focus-after-decision';

interface Target {
  role: ApplicantRole;
  userId: string;
  name: string;
}

const applicantKey = ({ userId }: { userId: string }) => userId;
const applicantHeadingId = (userId: string) => `applicant-${userId}`;

export function ApplicationsTab() {
  const query = useAdminQuery<{ makers: MakerApplication[]; minds: MindApplication[] }>(adminKeys.applications, '/api/admin/applications');
  const [rejecting, setRejecting] = useState<Target | null>(null);
  // A decided card leaves its list when it reloads; focus follows on to the next card, or the list's heading.
  const focusAfter = {
    maker: useFocusAfterDecision(query.data?.makers, applicantKey, applicantHeadingId, 'pending-maker-heading'),
    mind: useFocusAfterDecision(query.data?.minds, applicantKey, applicantHeadingId, 'pending-mind-heading'),
  };
  const approve = useAdminAction<Target>({
    request: (target) => ({ path: `/api/admin/applications/${target.role}/${target.userId}/approve`, init: { method: 'POST' } }),
    success: ADMIN_MESSAGES.approved,
    failure: ADMIN_MESSAGES.approveFailed,
  });
  const reject = useAdminAction<Target & { reason?: string }>({
    request: ({ role, userId, reason }) => ({ path: `/api/admin/applications/${role}/${userId}/reject`, init: { method: 'POST', body: { reason } } }),
    success: ADMIN_MESSAGES.rejected,
    failure: ADMIN_MESSAGES.rejectFailed,
    onSuccess: () => setRejecting(null),
  });
  const busyId = approve.isPending ? approve.variables?.userId : reject.isPending ? reject.variables?.userId : undefined;

  const section = (role: ApplicantRole, title: string, empty: string, applicants: Applicant[] | undefined) => (
    <section aria-labelledby={`pending-${role}-heading`}>
      <h3 id={`pending-${role}-heading`} tabIndex={-1} className="mb-4 text-xl sm:text-2xl">
        {title}
        {applicants && applicants.length > 0 ? <span className="ml-2 font-sans text-base text-muted-foreground">{` (${applicants.length})`}</span> : null}
      </h3>
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
      ) : applicants && applicants.length > 0 ? (
        <ul className="space-y-3">
          {applicants.map((applicant) => (
            <ApplicantCard
              key={applicant.userId}
              applicant={applicant}
              isBusy={busyId === applicant.userId}
              onApprove={() => {
                const target = { role, userId: applicant.userId, name: applicant.name };
                focusAfter[role].note(target.userId);
                approve.mutate(target, { onError: focusAfter[role].forget });
              }}
              onReject={() => setRejecting({ role, userId: applicant.userId, name: applicant.name })}
            />
          ))}
        </ul>
      ) : (
        <EmptyState title={empty} description="New applications appear here as soon as a creator submits their profile." />
      )}
    </section>
  );

  return (
    <div>
      <SectionHeading id="applications-heading" title="Applications" description="Every creator is reviewed by a person before they appear on the marketplace." />
      <div className="space-y-10">
        {section('maker', 'Pending Maker Applications', 'No pending maker applications', query.data?.makers.map((maker) => ({ ...maker, kind: 'maker' as const })))}
        {section('mind', 'Pending Mind Applications', 'No pending mind applications', query.data?.minds.map((mind) => ({ ...mind, kind: 'mind' as const })))}
      </div>
      <ReasonDialog
        open={rejecting !== null}
        onOpenChange={(open) => !open && setRejecting(null)}
        title={`Reject ${rejecting?.name ?? 'application'}?`}
        description="They will be emailed, and can update their profile and apply again."
        reasonLabel="Reason (optional)"
        reasonHint="Shown to the applicant. Say what would make the application succeed."
        confirmLabel="Reject application"
        confirmVariant="destructive"
        isPending={reject.isPending}
        onConfirm={(reason) => {
          if (!rejecting) return;
          const { role } = rejecting;
          focusAfter[role].note(rejecting.userId);
          reject.mutate({ ...rejecting, reason }, { onError: focusAfter[role].forget });
        }}
      />
    </div>
  );
}
