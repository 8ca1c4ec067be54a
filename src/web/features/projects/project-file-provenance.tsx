import { ShieldAlert } from 'lucide-react';
import type { ProjectFileProvenance } from '../../../domain/content-credentials';
import { CONTENT_CREDENTIALS_MESSAGES } from '../../../domain/content-credentials-copy';
import { PROCESS_RECORD_REVIEW_LABELS } from '../../../domain/process-record-schemas';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { ContentCredentialsMark } from '../provenance/content-credentials-mark';

/** Why a held file waits, for a pointer's tooltip: the badge's words are the Process record's. */
const HELD_TITLE = `${CONTENT_CREDENTIALS_MESSAGES.aiDeclared}, so Humanmade's team is checking it.`;

/**
 * A project file held for Provenance review says so, in the words its Process record entry uses: a badge beside a
 * link, or a line that wraps under a thumbnail too narrow for one.
 */
export function HeldForReview({ provenance, asLine = false, className }: { provenance: ProjectFileProvenance | null | undefined; asLine?: boolean; className?: string }) {
  if (!provenance?.heldForReview) return null;
  if (asLine) {
    return (
      <p title={HELD_TITLE} className={cn('flex items-start gap-1 text-xs font-medium leading-snug text-ink', className)}>
        <ShieldAlert aria-hidden="true" className="mt-px size-3.5 shrink-0 text-muted-foreground" />
        {PROCESS_RECORD_REVIEW_LABELS.held}
      </p>
    );
  }
  return (
    <Badge variant="outline" title={HELD_TITLE} className={className}>
      {PROCESS_RECORD_REVIEW_LABELS.held}
    </Badge>
  );
}

/**
 * What a deliverable's link shows beside it (decision 227): the 'Content Credentials' mark when its file carried a
 * valid claim, and 'Held for provenance review' while an admin has yet to look at an AI declaration. Nothing for a
 * plain file. Beside the link, not in it: the mark is a button.
 */
export function ProjectFileProvenanceMarks({
  provenance,
  itemTitle,
  className,
}: {
  provenance: ProjectFileProvenance | null | undefined;
  itemTitle: string;
  className?: string;
}) {
  if (!provenance || (!provenance.heldForReview && !provenance.contentCredentials?.valid)) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      <ContentCredentialsMark credentials={provenance.contentCredentials} itemTitle={itemTitle} />
      <HeldForReview provenance={provenance} />
    </div>
  );
}
