import { PROVENANCE_MESSAGES, type ProjectFileReviewItem } from '../../../domain/admin-schemas';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { RowCard } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { formatDate } from './format';

const KIND_LABEL: Record<ProjectFileReviewItem['kind'], string> = { process_doc: 'Process doc', deliverable: 'Deliverable' };

/**
 * Process docs and deliverables whose Content Credentials declare generative AI. They are never public, and the
 * project's record is append-only, so the admin looks and marks each reviewed (audited); a file that should not
 * stand is taken up with the project.
 */
export function ProvenanceProjectFiles() {
  const query = useAdminQuery<{ items: ProjectFileReviewItem[] }>([...adminKeys.provenance, 'project-files'], '/api/admin/provenance/project-files');
  const clear = useAdminAction<string>({
    request: (entryId) => ({ path: `/api/admin/provenance/project-files/${entryId}/clear`, init: { method: 'POST' } }),
    success: PROVENANCE_MESSAGES.fileCleared,
    failure: 'Could not mark the file as reviewed',
  });

  return (
    <section aria-labelledby="provenance-files-heading" className="mt-10">
      <h3 id="provenance-files-heading" className="font-serif text-xl text-ink">
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
                  <p className="font-medium text-ink">
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
                <Button size="sm" variant="secondary" onClick={() => clear.mutate(item.entryId)} disabled={clear.isPending && clear.variables === item.entryId}>
                  Mark reviewed<span className="sr-only"> ({KIND_LABEL[item.kind]} of {item.projectTitle})</span>
                </Button>
              </RowCard>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
