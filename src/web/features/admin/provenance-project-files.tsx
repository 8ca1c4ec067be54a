import { useState } from 'react';
import { PROVENANCE_MESSAGES, type ProjectFileReviewItem } from '../../../domain/admin-schemas';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { RowCard } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { formatDate } from './format';
import { ReasonDialog } from './reason-dialog';
import { useFocusAfterDecision } from './use-focus-after-decision';

const KIND_LABEL: Record<ProjectFileReviewItem['kind'], string> = { process_doc: 'Process doc', deliverable: 'Deliverable' };

/** A held file's title line, where focus lands when the card above it is approved or removed. */
const fileTitleId = (entryId: string) => `provenance-file-${entryId}`;
const entryKey = ({ entryId }: { entryId: string }) => entryId;

/**
 * Process docs and deliverables whose Content Credentials declare generative AI. They are never public; the admin
 * approves each (it then counts like any other) or removes it (its bytes go, a tombstone joins the project's
 * append-only record, the project's people are told). Both are audited.
 */
export function ProvenanceProjectFiles() {
  const query = useAdminQuery<{ items: ProjectFileReviewItem[] }>([...adminKeys.provenance, 'project-files'], '/api/admin/provenance/project-files');
  const [removing, setRemoving] = useState<ProjectFileReviewItem | null>(null);
  const focusAfter = useFocusAfterDecision(query.data?.items, entryKey, fileTitleId, 'provenance-files-heading');
  const clear = useAdminAction<string>({
    request: (entryId) => ({ path: `/api/admin/provenance/project-files/${entryId}/clear`, init: { method: 'POST' } }),
    success: PROVENANCE_MESSAGES.fileCleared,
    failure: 'Could not approve the file',
  });
  const remove = useAdminAction<{ entryId: string; reason?: string }>({
    request: ({ entryId, reason }) => ({ path: `/api/admin/provenance/project-files/${entryId}/remove`, init: { method: 'POST', body: { reason } } }),
    success: PROVENANCE_MESSAGES.fileRemoved,
    failure: 'Could not remove the file',
    onSuccess: () => setRemoving(null),
  });

  return (
    <section aria-labelledby="provenance-files-heading" className="mt-10">
      <h3 id="provenance-files-heading" tabIndex={-1} className="font-serif text-xl text-ink">
        Project files
      </h3>
      <p className="mt-1 text-sm text-muted-foreground">Process docs and deliverables whose Content Credentials declare generative AI. Only the project's people see them.</p>
      <div className="mt-4">
        {query.isPending ? (
          <ListSkeleton rows={1} />
        ) : query.isError ? (
          <ErrorState message="Could not load the project files." onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <EmptyState title="No project files waiting" description="Process docs and deliverables that declare generative AI appear here." />
        ) : (
          <ul className="space-y-3" aria-label="Project files held for review">
            {query.data.items.map((item) => (
              <RowCard key={item.entryId} className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0 text-sm">
                  <p id={fileTitleId(item.entryId)} tabIndex={-1} className="font-medium text-ink">
                    {KIND_LABEL[item.kind]} · {item.projectTitle}
                  </p>
                  <p className="text-muted-foreground">
                    {item.uploader.name} · {formatDate(item.createdAt)}
                  </p>
                  <p className="mt-1 text-ink">{CONTENT_CREDENTIALS_MESSAGES.aiDeclared}</p>
                  {item.contentCredentials ? (
                    <p className="text-muted-foreground">
                      {item.contentCredentials.tool ? `${item.contentCredentials.tool}, recorded by ` : ''}
                      {item.contentCredentials.generator}
                    </p>
                  ) : null}
                  {item.fileUrl ? (
                    <a href={item.fileUrl} target="_blank" rel="noopener noreferrer" className="mt-1 inline-block underline underline-offset-4">
                      Open the file<span className="sr-only"> ({KIND_LABEL[item.kind]} of {item.projectTitle}, opens in a new tab)</span>
                    </a>
                  ) : null}
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" variant="secondary" onClick={() => {
                      focusAfter.note(item.entryId);
                      clear.mutate(item.entryId, { onError: focusAfter.forget });
                    }} disabled={clear.isPending && clear.variables === item.entryId}>
                    Approve<span className="sr-only"> ({KIND_LABEL[item.kind]} of {item.projectTitle})</span>
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRemoving(item)}>
                    Remove<span className="sr-only"> ({KIND_LABEL[item.kind]} of {item.projectTitle})</span>
                  </Button>
                </div>
              </RowCard>
            ))}
          </ul>
        )}
      </div>
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove this ${removing ? KIND_LABEL[removing.kind].toLowerCase() : 'file'} from “${removing?.projectTitle ?? 'the project'}”?`}
        description={
          removing?.kind === 'deliverable'
            ? "The file is deleted and the project's record shows it removed by review. A deliverable under review goes back to the creator to submit their own work. The client and the creator are told; the decision is kept in the audit log."
            : "The file is deleted and the project's record shows it removed by review. The client and the creator are told; the decision is kept in the audit log."
        }
        reasonLabel="Reason (optional)"
        reasonHint="Kept in the audit log."
        confirmLabel="Remove file"
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={(reason) => {
          if (!removing) return;
          focusAfter.note(removing.entryId);
          remove.mutate({ entryId: removing.entryId, reason }, { onError: focusAfter.forget });
        }}
      />
    </section>
  );
}
