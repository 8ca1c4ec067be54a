import type { ReactNode } from 'react';
import type { ProjectView } from '../../../domain/project-schemas';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { ProjectCard } from './project-card';
import { useMyProjects } from './projects-api';

interface ProjectListProps {
  perspective: 'client' | 'creator';
  empty: { title: string; description: string; action?: ReactNode };
  /** The client's 'Hire … again' on a completed project: opens a new brief for that creator. */
  onHireAgain?: (creatorId: string) => void;
}

/** The caller's projects as cards, with designed loading, error and empty states. */
export function ProjectList({ perspective, empty, onHireAgain }: ProjectListProps) {
  const projects = useMyProjects();
  if (projects.isPending) return <ListSkeleton rows={3} />;
  if (projects.isError) return <ErrorState message="Your projects could not be loaded." onRetry={() => void projects.refetch()} />;
  if (projects.data.length === 0) return <EmptyState title={empty.title} description={empty.description} action={empty.action} />;
  return (
    <ul className="grid gap-4">
      {projects.data.map((project: ProjectView) => (
        <li key={project.id}>
          <ProjectCard project={project} perspective={perspective} onHireAgain={onHireAgain} />
        </li>
      ))}
    </ul>
  );
}
