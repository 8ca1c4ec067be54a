import { ROLE_LABELS } from '../../../domain/constants';
import { Link } from 'react-router';
import { Download, FileText, MessageCircle, RotateCcw } from 'lucide-react';
import { inboxPath } from '../../../domain/conversation-schemas';
import type { ProjectFileProvenance } from '../../../domain/content-credentials';
import { formatBudget, formatDeliverableType, PROCESS_DOC_HINT, type ProjectView } from '../../../domain/project-schemas';
import { hasOpenFlag } from '../../../domain/project-lifecycle';
import { isPreviewableImageUrl } from '../../../domain/upload-policy';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { MilestoneList } from './milestone-list';
import { OfferHistory } from './offer-history';
import { ProjectReviews } from '../reviews/project-reviews';
import { ProcessRecord } from './process-record';
import { HeldForReview, ProjectFileProvenanceMarks } from './project-file-provenance';
import { ContentCredentialsMark } from '../provenance/content-credentials-mark';
import { FlaggedBadge, ProjectStatusBadge } from './project-status-badge';
import { ProjectActions, useAllowedActions } from './project-actions';


/** The id of a project card's heading, which a link to the card (`?project=`) brings into view and focuses. */
export const projectTitleId = (projectId: string): string => `project-${projectId}-title`;

/**
 * One project, for its client (dashboard Projects tab) or its creator (maker and mind Projects tabs). Files link
 * to /files, which serves them only to the project's participants and admins.
 */
interface ProjectCardProps {
  project: ProjectView;
  perspective: 'client' | 'creator';
  /** For the client: start a new brief with the creator of a completed project. */
  onHireAgain?: (creatorId: string) => void;
}

export function ProjectCard({ project, perspective, onHireAgain }: ProjectCardProps) {
  const actions = useAllowedActions(project);
  // A flag is shown while it waits for an admin; once their decision closed the project, only its status is.
  const isFlagOpen = hasOpenFlag(project);
  const hireAgain = perspective === 'client' && project.status === 'completed' && project.creator && onHireAgain ? project.creator : null;
  const counterpart =
    perspective === 'client'
      ? project.creator
        ? `Creator: ${project.creator.name} (${ROLE_LABELS[project.creator.role]})`
        : 'No creator assigned yet'
      : `Client: ${project.client.name}${project.client.companyName ? ` · ${project.client.companyName}` : ''}`;

  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          {/* Focusable by script only: a link to this card (`?project=`) brings it into view and moves focus here. */}
          <h3 id={projectTitleId(project.id)} tabIndex={-1} className="scroll-mt-32 text-xl wrap-anywhere focus:outline-none">
            {project.title}
          </h3>
          <p className="mt-1.5 flex flex-wrap gap-x-2 text-sm text-muted-foreground">
            <span className="capitalize">{formatDeliverableType(project.deliverableType)}</span>
            <span aria-hidden="true">·</span>
            <span className="font-medium text-ink">{formatBudget(project.budget)}</span>
          </p>
          <p className="mt-0.5 text-sm text-muted-foreground">{counterpart}</p>
          {project.conversationId ? (
            <Link
              to={inboxPath(project.conversationId)}
              className="mt-2 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              Open conversation
            </Link>
          ) : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <ProjectStatusBadge status={project.status} />
          {isFlagOpen ? <FlaggedBadge reason={project.flagReason} /> : null}
        </div>
      </div>

      <p className="mt-4 whitespace-pre-line wrap-anywhere text-[0.9375rem] leading-relaxed text-ink/90">{project.description}</p>
      {isFlagOpen && project.flagReason ? (
        <p className="mt-3 text-sm text-destructive">Flag reason: {project.flagReason}</p>
      ) : null}

      {perspective === 'client' ? <DraftWaitsOn project={project} /> : null}
      <MilestoneList project={project} perspective={perspective} />
      <OfferHistory project={project} viewer={perspective} />
      {/* With several milestones each delivery is linked from its own row. */}
      {project.deliverableUrl && project.milestones.length <= 1 ? (
        <DeliverableLink url={project.deliverableUrl} provenance={project.deliverableProvenance} projectTitle={project.title} />
      ) : null}
      <ProcessDocs project={project} showHint={perspective === 'creator' && project.status === 'active'} />
      {project.status !== 'draft' ? <ProcessRecord projectId={project.id} /> : null}
      <ProjectReviews project={project} perspective={perspective} />

      {actions.length > 0 ? (
        <div className="mt-5 border-t border-border pt-5">
          <ProjectActions project={project} />
        </div>
      ) : null}
      {hireAgain ? (
        <div className="mt-5 border-t border-border pt-5">
          <Button variant="secondary" size="sm" icon={<RotateCcw />} onClick={() => onHireAgain?.(hireAgain.id)}>
            Hire {hireAgain.name} again
          </Button>
        </div>
      ) : null}
    </Card>
  );
}

/**
 * A client's draft with a creator, while the next move is the creator's: a bare 'Draft' badge left them wondering
 * whether anything had been sent. Once an offer waits on the client, its version says 'Waiting for your answer'.
 */
export function DraftWaitsOn({ project }: { project: ProjectView }) {
  if (project.status !== 'draft' || !project.creator) return null;
  const latest = project.offers[0];
  const text = !latest
    ? `Waiting for ${project.creator.name} to accept your brief or send an offer.`
    : latest.status === 'changes_requested'
      ? `Waiting for ${project.creator.name} to send a new version of the offer.`
      : null;
  return text ? <p className="mt-3 text-sm text-muted-foreground">{text}</p> : null;
}

// The card's parts are sections under their own headings, not landmarks: a list of projects would otherwise repeat
// 'Deliverable' and 'Milestones' as landmarks once per card.
/**
 * The project's delivery, with its 'Content Credentials' mark and 'Held for provenance review' beside it when they
 * apply (decision 227).
 */
export function DeliverableLink({ url, provenance, projectTitle }: { url: string; provenance?: ProjectFileProvenance | null; projectTitle: string }) {
  const isImage = isPreviewableImageUrl(url);
  return (
    <section className="mt-5">
      <h4 className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">Deliverable</h4>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <a
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-3 rounded-xl border border-border bg-paper p-2 pr-4 text-sm font-medium text-accent-strong hover:border-accent"
        >
          {isImage ? (
            <img src={url} alt="" className="size-14 rounded-lg object-cover" loading="lazy" />
          ) : (
            <span className="inline-flex size-14 items-center justify-center rounded-lg bg-muted">
              <FileText aria-hidden="true" className="size-6 text-muted-foreground" />
            </span>
          )}
          <span className="inline-flex items-center gap-1.5">
            <Download aria-hidden="true" className="size-4" />
            {isImage ? 'View deliverable' : 'Download deliverable (PDF)'}
          </span>
        </a>
        <ProjectFileProvenanceMarks provenance={provenance} itemTitle={`Deliverable of ${projectTitle}`} />
      </div>
    </section>
  );
}

export function ProcessDocs({ project, showHint }: { project: ProjectView; showHint: boolean }) {
  const docs = project.processDocs;
  if (docs.length === 0 && !showHint) return null;
  return (
    <section className="mt-5">
      <h4 className="font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground">
        Process docs {docs.length > 0 ? `(${docs.length})` : ''}
      </h4>
      {showHint ? <p className="mt-1 text-sm text-muted-foreground">{PROCESS_DOC_HINT}</p> : null}
      {docs.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-6">
          {docs.map((doc, index) => (
            <li key={doc.id} className="relative">
              {/* The image carries the doc's name; its caption shows the same words, so it is not read twice. */}
              <a href={doc.fileUrl} target="_blank" rel="noopener noreferrer" className="group block">
                <img
                  src={doc.fileUrl}
                  alt={doc.description ?? `Process doc ${index + 1}`}
                  className="aspect-square w-full rounded-lg border border-border object-cover transition-opacity group-hover:opacity-85"
                  loading="lazy"
                />
                {doc.description ? (
                  <span aria-hidden="true" className="mt-1 line-clamp-2 block text-xs text-muted-foreground">
                    {doc.description}
                  </span>
                ) : null}
              </a>
              {/* Beside the link, not in it (the mark is a button): on the picture, as a studio's pieces carry it. */}
              <ContentCredentialsMark
                credentials={doc.provenance?.contentCredentials}
                itemTitle={doc.description ?? `Process doc ${index + 1} of ${project.title}`}
                className="absolute left-1.5 top-1.5"
                compact
              />
              <HeldForReview provenance={doc.provenance} asLine className="mt-1.5" />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
