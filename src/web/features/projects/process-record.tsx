import { useMutation, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ShieldAlert, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import {
  PROCESS_RECORD_REVIEW_LABELS,
  PROCESS_RECORD_STATUS_LABELS,
  type ProcessRecordEntryView,
  type ProcessRecordVerification,
} from '../../../domain/process-record-schemas';
import { Button } from '../../components/ui/button';
import { apiFetch, reasonToShow } from '../../lib/api';
import { cn } from '../../lib/utils';
import { ContentCredentialsMark } from '../provenance/content-credentials-mark';
import { formatDateTime } from '../../../domain/dates';

const KIND_LABEL: Record<ProcessRecordEntryView['kind'], string> = {
  process_doc: 'Process doc',
  deliverable: 'Deliverable',
  tombstone: 'Account deleted',
};

/** A tombstone is the account's, unless Provenance review appended it to remove one file. */
const kindLabelOf = (entry: ProcessRecordEntryView) => (entry.kind === 'tombstone' && entry.removesSeq ? 'Removed by provenance review' : KIND_LABEL[entry.kind]);
const SOUND_STATUSES = new Set(['ok', 'file_removed', 'file_removed_by_review']);

const shortHash = (hash: string) => `${hash.slice(0, 12)}…`;

/**
 * The project's process record: each process doc and deliverable in upload order with the hash of its bytes, chained
 * to the entry before. 'Verify' asks the server to recompute the chain and every file's hash now. Loaded only when
 * the person opens it (a native disclosure, keyboard-operable as is).
 */
export function ProcessRecord({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  const record = useQuery({
    queryKey: ['process-record', projectId],
    queryFn: () => apiFetch<{ entries: ProcessRecordEntryView[] }>(`/api/process-records/${projectId}`),
    select: (data) => data.entries,
    enabled: open,
  });
  const verify = useMutation({
    mutationFn: () => apiFetch<ProcessRecordVerification>(`/api/process-records/${projectId}/verification`),
  });
  const statusOf = (seq: number) => verify.data?.entries.find((entry) => entry.seq === seq)?.status;

  return (
    <details className="group mt-5 rounded-xl border border-border bg-paper/60" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="flex cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-4 py-3 text-sm font-medium text-ink focus-visible:outline-2 focus-visible:outline-accent [&::-webkit-details-marker]:hidden">
        <span className="inline-flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-4 text-accent-strong" />
          Process record
        </span>
        <span aria-hidden="true" className="text-muted-foreground transition-transform group-open:rotate-180">
          ▾
        </span>
      </summary>
      <div className="border-t border-border px-4 pb-4 pt-3">
        <p className="text-sm text-muted-foreground">
          Every process doc and deliverable is fingerprinted (SHA-256) when it is uploaded, and each entry seals the one before it, so a swapped file or
          a rewritten entry shows.
        </p>
        {record.isPending && open ? <p className="mt-3 text-sm text-muted-foreground">Loading the record…</p> : null}
        {record.isError ? <p className="mt-3 text-sm text-destructive">The record could not be loaded. Please try again.</p> : null}
        {record.data && record.data.length === 0 ? <p className="mt-3 text-sm text-muted-foreground">Nothing recorded yet.</p> : null}
        {record.data && record.data.length > 0 ? (
          <>
            <ol className="mt-3 space-y-2" aria-label="Process record entries">
              {record.data.map((entry) => {
                const status = statusOf(entry.seq);
                const sound = status ? SOUND_STATUSES.has(status) : false;
                return (
                  <li key={entry.seq} className="flex flex-col gap-0.5 rounded-lg bg-muted/60 px-3 py-2 text-sm sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                    <span>
                      <span className="font-medium text-ink">
                        {entry.seq}. {kindLabelOf(entry)}
                      </span>
                      <span className="text-muted-foreground">
                        {' '}
                        · {formatDateTime(entry.createdAt)}
                        {entry.uploaderName ? ` · ${entry.uploaderName}` : ''}
                      </span>
                      {entry.note ? <span className="block text-muted-foreground">{entry.note}</span> : null}
                      {entry.review ? <span className="block font-medium text-ink">{PROCESS_RECORD_REVIEW_LABELS[entry.review]}</span> : null}
                      <ContentCredentialsMark credentials={entry.contentCredentials} itemTitle={`${kindLabelOf(entry)} ${entry.seq}`} className="mt-1.5 flex w-fit" />
                    </span>
                    <span className="inline-flex items-center gap-2 font-mono text-xs text-muted-foreground">
                      <span title={entry.entryHash}>{shortHash(entry.entryHash)}</span>
                      {status ? (
                        <span className={cn('font-sans font-medium', sound ? 'text-success' : 'text-destructive')}>{PROCESS_RECORD_STATUS_LABELS[status]}</span>
                      ) : null}
                    </span>
                  </li>
                );
              })}
            </ol>
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button type="button" size="sm" variant="secondary" onClick={() => verify.mutate()} aria-busy={verify.isPending} disabled={verify.isPending}>
                Verify
              </Button>
              <VerifyResult verification={verify.data} error={verify.error} />
            </div>
          </>
        ) : null}
      </div>
    </details>
  );
}

function VerifyResult({ verification, error }: { verification: ProcessRecordVerification | undefined; error: Error | null }) {
  if (error) {
    return (
      <p role="status" className="text-sm text-destructive">
        {reasonToShow(error) ?? 'The check could not run. Please try again.'}
      </p>
    );
  }
  if (!verification) return <p role="status" className="sr-only" />;
  return verification.verified ? (
    <p role="status" className="inline-flex items-start gap-1.5 text-sm font-medium text-success">
      <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      Verified: the chain holds and every file matches its fingerprint ({verification.entryCount}{' '}
      {verification.entryCount === 1 ? 'entry' : 'entries'}).
    </p>
  ) : (
    <p role="status" className="inline-flex items-start gap-1.5 text-sm font-medium text-destructive">
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      Not verified: the record or a file changed after it was recorded.
    </p>
  );
}
