import { CircleAlert } from 'lucide-react';

/** A rejected application's reason, shown to the applicant above the form they can resubmit. */
export function RejectionNotice({ reason }: { reason: string | null }) {
  return (
    <div role="note" className="flex gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div>
        <p className="font-medium text-ink">Your application was not approved this time.</p>
        {reason ? (
          <p className="mt-1 text-ink">
            <span className="text-muted-foreground">Reviewer's note: </span>
            {reason}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-muted-foreground">Update your profile and submit it again; we will review it afresh.</p>
      </div>
    </div>
  );
}
