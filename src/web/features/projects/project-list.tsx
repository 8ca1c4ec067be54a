import { useEffect, useRef, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { ProjectView } from '../../../domain/project-schemas';
import { PROJECT_PARAM } from '../../../domain/routes';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { cn } from '../../lib/utils';
import { ProjectCard, projectTitleId } from './project-card';
import { useMyProjects } from './projects-api';

interface ProjectListProps {
  perspective: 'client' | 'creator';
  empty: { title: string; description: string; action?: ReactNode };
  /** The client's 'Hire … again' on a completed project: opens a new brief for that creator. */
  onHireAgain?: (creatorId: string) => void;
}

/**
 * The caller's projects as cards, with designed loading, error and empty states. A link to one project
 * (`?tab=projects&project=<id>`, from a notification, an email or a conversation) brings its card into view, marks
 * it, and moves focus to its title, once the list is in.
 */
export function ProjectList({ perspective, empty, onHireAgain }: ProjectListProps) {
  const projects = useMyProjects();
  const [params] = useSearchParams();
  const linked = params.get(PROJECT_PARAM);
  const broughtIntoView = useRef<string | null>(null);
  useEffect(() => {
    if (!linked || broughtIntoView.current === linked || !projects.data) return;
    const title = document.getElementById(projectTitleId(linked));
    if (!title) return;
    broughtIntoView.current = linked;
    // At once, not smoothly: the cards above are still reading their funding and reviews and grow as they do; the
    // browser's scroll anchoring keeps a settled position in place, where it cannot follow a scroll in flight.
    title.scrollIntoView({ block: 'start' });
    title.focus({ preventScroll: true });
  }, [linked, projects.data]);
  if (projects.isPending) return <ListSkeleton rows={3} />;
  if (projects.isError) return <ErrorState message="Your projects could not be loaded." onRetry={() => void projects.refetch()} />;
  if (projects.data.length === 0) return <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <ul className="grid gap-4">
      {projects.data.map((project: ProjectView) => (
        <li key={project.id} className={cn('rounded-2xl', project.id === linked && 'ring-2 ring-accent/50 ring-offset-4 ring-offset-paper')}>
          <ProjectCard project={project} perspective={perspective} onHireAgain={onHireAgain} />
        </li>
      ))}
    </ul>
  );
}
