import { useEffect, useRef, useState } from 'react';
import { ADMIN_MESSAGES, type ApplicantRole, type MakerApplication, type MindApplication } from '../../../domain/admin-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { ApplicantCard, type Applicant } from './applicant-card';
import { ReasonDialog } from './reason-dialog';

interface Target {
  role: ApplicantRole;
  userId: string;
  name: string;
}

/** An application just decided, and where it stood in its list: focus follows on once its card is gone. */
interface Decided {
  role: ApplicantRole;
  userId: string;
  index: number;
}

export function ApplicationsTab() {
  const query = useAdminQuery<{ makers: MakerApplication[]; minds: MindApplication[] }>(adminKeys.applications, '/api/admin/applications');
  const [rejecting, setRejecting] = useState<Target | null>(null);
  const decided = useRef<Decided | null>(null);
  const listOf = (role: ApplicantRole): { userId: string }[] => (role === 'maker' ? query.data?.makers : query.data?.minds) ?? [];
  const noteDecision = (target: Target) => {
    decided.current = { role: target.role, userId: target.userId, index: listOf(target.role).findIndex(({ userId }) => userId === target.userId) };
  };
  // The decided card leaves the list when it reloads, and focus (on its button, or given back to it by the reject
  // dialog) would fall to <body>: move it to the card that took its place, the one before it if it was the last,
  // or the list's heading when none is left. Only when focus was lost: an admin who moved on keeps their place.
  const { data } = query;
  useEffect(() => {
    const pending = decided.current;
    if (!pending || !data) return;
    const list = pending.role === 'maker' ? data.makers : data.minds;
    if (list.some(({ userId }) => userId === pending.userId)) return;
    decided.current = null;
    const next = list[Math.min(Math.max(pending.index, 0), list.length - 1)];
    const targetId = next ? `applicant-${next.userId}` : `pending-${pending.role}-heading`;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const settle = (tries: number) => {
      const active = document.activeElement;
      // The reject dialog may still be handing focus back (to the removed card's button): wait for it to finish.
      if (active?.closest('[role="dialog"]') && tries > 0) {
        timer = setTimeout(() => settle(tries - 1), 50);
        return;
      }
      if (active && active !== document.body && active.isConnected) return;
      document.getElementById(targetId)?.focus();
    };
    settle(10);
    return () => clearTimeout(timer);
  }, [data]);
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
                noteDecision(target);
                approve.mutate(target, { onError: () => (decided.current = null) });
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
          noteDecision(rejecting);
          reject.mutate({ ...rejecting, reason }, { onError: () => (decided.current = null) });
        }}
      />
    </div>
  );
}
