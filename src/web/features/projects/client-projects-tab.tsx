import { Plus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ProjectList } from './project-list';

/** The client dashboard's Projects tab. */
export function ClientProjectsTab({ onCreateProject, onHireAgain }: { onCreateProject: () => void; onHireAgain?: (creatorId: string) => void }) {
  return (
    <section aria-labelledby="client-projects-heading" className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="client-projects-heading" className="font-serif text-2xl">
            Your Projects
          </h2>
          <p className="mt-1 text-muted-foreground">Every brief you have started, from draft to delivered work.</p>
        </div>
        <Button onClick={onCreateProject}>
          <Plus aria-hidden="true" />
          Create Project
        </Button>
      </div>
      <ProjectList
        perspective="client"
        onHireAgain={onHireAgain}
        empty={{
          title: 'No projects yet',
          description: 'Start a brief on your own, or hire a verified creator from Browse Creators.',
          action: (
            <Button variant="secondary" onClick={onCreateProject}>
              Create Your First Project
            </Button>
          ),
        }}
      />
    </section>
  );
}
