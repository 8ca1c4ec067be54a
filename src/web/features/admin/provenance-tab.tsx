import { useState } from 'react';
import { PROVENANCE_MESSAGES, type ProvenanceReviewItem } from '../../../domain/admin-schemas';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/utils';
import { RowCard, SectionHeading } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';
import { formatDate } from './format';
import { ProvenanceProjectFiles } from './provenance-project-files';
import { ReasonDialog } from './reason-dialog';
import { useFocusAfterDecision } from './use-focus-after-decision';

/** The held image's title, where focus lands when the card above it is cleared or removed. */
const heldTitleId = (itemId: string) => `provenance-item-${itemId}`;
const itemKey = ({ id }: { id: string }) => id;

function Figure({ label, image, titleId }: { label: string; image: NonNullable<ProvenanceReviewItem['match']>; titleId?: string }) {
  return (
    <figure className="min-w-0">
      <a href={image.imageUrl} target="_blank" rel="noopener noreferrer" className="block overflow-hidden rounded-xl border border-border bg-muted">
        <img src={image.imageUrl} alt={`${label}: ${image.title} by ${image.maker.name}`} className="aspect-[4/3] w-full object-cover" loading="lazy" />
      </a>
      <figcaption className="mt-2 text-sm">
        <span className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">{label}</span>
        <span id={titleId} tabIndex={titleId ? -1 : undefined} className="block truncate font-medium text-ink">
          {image.title}
        </span>
        <span className="block text-muted-foreground">
          {image.maker.name} · {formatDate(image.createdAt)}
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * Why an AI-declared image waits: the reason, and the app and tool its Content Credentials name. An image that is
 * also a near copy of another creator's says that too (its lookalike is shown beside it).
 */
function AiDeclaration({ item, className }: { item: ProvenanceReviewItem; className?: string }) {
  const credentials = item.contentCredentials;
  return (
    <div className={cn('self-center rounded-xl border border-border bg-muted/40 p-4 text-sm', className)}>
      <p className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">{item.match ? 'Why it waits: two reasons' : 'Why it waits'}</p>
      {item.match ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 font-medium text-ink">
          <li>{CONTENT_CREDENTIALS_MESSAGES.aiDeclared}</li>
          <li>{CONTENT_CREDENTIALS_MESSAGES.nearCopy}</li>
        </ul>
      ) : (
        <p className="mt-1 font-medium text-ink">{CONTENT_CREDENTIALS_MESSAGES.aiDeclared}</p>
      )}
      {credentials ? (
        <dl className="mt-3 space-y-1 text-muted-foreground">
          <div>
            <dt className="inline">App: </dt>
            <dd className="inline text-ink">{credentials.generator}</dd>
          </div>
          {credentials.tool ? (
            <div>
              <dt className="inline">Tool: </dt>
              <dd className="inline text-ink">{credentials.tool}</dd>
            </div>
          ) : null}
          {credentials.digitalSourceType ? (
            <div>
              <dt className="inline">Source type: </dt>
              <dd className="inline text-ink">{credentials.digitalSourceType.split('/').pop()}</dd>
            </div>
          ) : null}
        </dl>
      ) : null}
      {credentials && !credentials.valid ? <p className="mt-2 text-muted-foreground">The credentials’ signature did not verify; the declaration is shown as written.</p> : null}
    </div>
  );
}

/** Names the image to a screen reader, after a button's visible verb ("Clear image"). */
function ImageName({ item }: { item: ProvenanceReviewItem }) {
  return (
    <span className="sr-only">
      {' '}
      {item.title} by {item.maker.name}
    </span>
  );
}

/**
 * Portfolio images held because they closely resemble another creator's (a perceptual hash within a few bits), shown
 * beside the earlier image, or because their Content Credentials declare generative AI, shown with what they name.
 * Held images are hidden from the public until cleared.
 */
export function ProvenanceTab() {
  const query = useAdminQuery<{ items: ProvenanceReviewItem[] }>(adminKeys.provenance, '/api/admin/provenance');
  const [removing, setRemoving] = useState<ProvenanceReviewItem | null>(null);
  const focusAfter = useFocusAfterDecision(query.data?.items, itemKey, heldTitleId, 'provenance-heading');
  const approve = useAdminAction<string>({
    request: (itemId) => ({ path: `/api/admin/provenance/${itemId}/approve`, init: { method: 'POST' } }),
    success: PROVENANCE_MESSAGES.approved,
    failure: 'Could not clear the image',
  });
  const remove = useAdminAction<{ itemId: string; reason?: string }>({
    request: ({ itemId, reason }) => ({ path: `/api/admin/provenance/${itemId}/remove`, init: { method: 'POST', body: { reason } } }),
    success: PROVENANCE_MESSAGES.removed,
    failure: 'Could not remove the image',
    onSuccess: () => setRemoving(null),
  });

  return (
    <section aria-labelledby="provenance-heading">
      <SectionHeading
        id="provenance-heading"
        title="Provenance review"
        description="New portfolio images that closely resemble another creator's work, or whose Content Credentials declare generative AI. They stay hidden from the public until you clear them."
      />
      {query.isPending ? (
        <ListSkeleton rows={2} />
      ) : query.isError ? (
        <ErrorState message="Could not load the provenance review." onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState title="Nothing waiting for review" description="Images that look like another creator's work, or declare generative AI, appear here." />
      ) : (
        <ul className="space-y-4" aria-label="Images held for review">
          {query.data.items.map((item) => (
            <RowCard key={item.id} className="space-y-5">
                <div className="grid gap-5 sm:grid-cols-2">
                  <Figure label="New upload" image={item} titleId={heldTitleId(item.id)} />
                  {/* An AI-declared image that is also a near copy shows its lookalike too: both reasons stand. */}
                  {item.match ? (
                    <Figure label="Resembles" image={item.match} />
                  ) : item.reason === 'ai_declared' ? (
                    <AiDeclaration item={item} />
                  ) : (
                    <p className="self-center text-sm text-muted-foreground">The image it resembled has since been deleted.</p>
                  )}
                  {item.reason === 'ai_declared' && item.match ? <AiDeclaration item={item} className="sm:col-span-2" /> : null}
                </div>
                <div className="flex flex-wrap gap-3">
                  <Button
                    size="sm"
                    onClick={() => {
                      focusAfter.note(item.id);
                      approve.mutate(item.id, { onError: focusAfter.forget });
                    }}
                    disabled={approve.isPending && approve.variables === item.id}>
                    Clear image
                    <ImageName item={item} />
                  </Button>
                  <Button size="sm" variant="secondary" onClick={() => setRemoving(item)}>
                    Remove image
                    <ImageName item={item} />
                  </Button>
                </div>
            </RowCard>
          ))}
        </ul>
      )}
      <ReasonDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        title={`Remove “${removing?.title ?? 'this image'}”?`}
        description="The image and its portfolio item are deleted. The decision is kept in the audit log."
        reasonLabel="Reason (optional)"
        reasonHint="Kept in the audit log."
        confirmLabel="Remove image"
        confirmVariant="destructive"
        isPending={remove.isPending}
        onConfirm={(reason) => {
          if (!removing) return;
          focusAfter.note(removing.id);
          remove.mutate({ itemId: removing.id, reason }, { onError: focusAfter.forget });
        }}
      />
      <ProvenanceProjectFiles />
    </section>
  );
}
