import type { UserRole } from '../../../domain/constants';
import { ProjectList } from './project-list';

/**
 * The Projects tab of the maker and mind dashboards: every project the creator is assigned to, with the
 * actions the lifecycle allows them (accept or decline a draft, process docs and the deliverable while active).
 */
export function CreatorProjectsTab({ role }: { role: Extract<UserRole, 'maker' | 'mind'> }) {
  return (
    <section aria-labelledby={`${role}-projects-heading`} className="grid gap-5">
      <div>
        <h2 id={`${role}-projects-heading`} className="font-serif text-2xl">
          Projects
        </h2>
        <p className="mt-1 text-muted-foreground">
          Briefs from clients who chose you. Accept a draft to start, document your process, then submit your deliverable for review.
        </p>
      </div>
      <ProjectList
        perspective="creator"
        empty={{
          title: 'No projects yet',
          description:
            role === 'maker'
              ? 'When a client hires you from your studio, their brief appears here for you to accept, answer with an offer, or decline.'
              : 'When a client chooses to work with you, their brief appears here for you to accept, answer with an offer, or decline.',
        }}
      />
    </section>
  );
}
