import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MessageCircle } from 'lucide-react';
import { inboxPath } from '../../../domain/conversation-schemas';
import type { ProjectView } from '../../../domain/project-schemas';
import { ErrorState, ListSkeleton } from '../../components/list-states';
import { apiFetch } from '../../lib/api';
import { MilestoneList, SectionLabel } from '../projects/milestone-list';
import { OfferHistory } from '../projects/offer-history';
import { ProcessRecord } from '../projects/process-record';
import { DeliverableLink, ProcessDocs } from '../projects/project-card';

/**
 * What an admin reads before deciding on a project (decision 180): the brief, the milestones with their deliveries
 * and funding, the offers, the process docs and record, and, while it is flagged, the project's conversation, which
 * the server lets an admin read only then. Loaded when the admin opens it; nothing here acts on the project.
 */
export function ProjectDetail({ projectId, id }: { projectId: string; id: string }) {
  const query = useQuery({ queryKey: ['admin', 'project', projectId], queryFn: () => apiFetch<ProjectView>(`/api/projects/${projectId}`) });
  return (
    <div id={id} className="mt-4 border-t border-border pt-4">
      {query.isPending ? (
        <ListSkeleton rows={1} />
      ) : query.isError ? (
        <ErrorState message="The project could not be loaded." onRetry={() => void query.refetch()} />
      ) : (
        <Detail project={query.data} />
      )}
    </div>
  );
}

function Detail({ project }: { project: ProjectView }) {
  return (
    <>
      <SectionLabel>Brief</SectionLabel>
      <p className="mt-2 whitespace-pre-line wrap-anywhere text-[0.9375rem] leading-relaxed text-ink/90">{project.description}</p>
      {project.flagged && project.conversationId ? (
        <Link
          to={inboxPath(project.conversationId)}
          className="mt-3 inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-accent-strong underline-offset-4 hover:underline"
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          Read the conversation
        </Link>
      ) : null}
      <MilestoneList project={project} perspective="admin" />
      <OfferHistory project={project} />
      {project.deliverableUrl && project.milestones.length <= 1 ? (
        <DeliverableLink url={project.deliverableUrl} provenance={project.deliverableProvenance} projectTitle={project.title} />
      ) : null}
      <ProcessDocs project={project} showHint={false} />
      {project.status !== 'draft' ? <ProcessRecord projectId={project.id} /> : null}
    </>
  );
}
