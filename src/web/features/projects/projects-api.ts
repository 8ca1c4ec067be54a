import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectAction } from '../../../domain/project-lifecycle';
import type { CreateProjectInput, ProjectList, ProjectView } from '../../../domain/project-schemas';
import { apiFetch } from '../../lib/api';
import { SESSION_QUERY_KEY } from '../../lib/session';

export const PROJECTS_QUERY_KEY = ['projects'] as const;

export function useMyProjects() {
  return useQuery({
    queryKey: PROJECTS_QUERY_KEY,
    queryFn: () => apiFetch<ProjectList>('/api/projects'),
    select: (data) => data.projects,
  });
}

/**
 * A project change can move any figure on the page (lists, active counts, earnings), whoever owns the query;
 * refetch everything on screen except the session.
 */
export function refreshAfterProjectChange(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] });
}

export function useCreateProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateProjectInput) => apiFetch<ProjectView>('/api/projects', { method: 'POST', body: input }),
    onSuccess: () => refreshAfterProjectChange(queryClient),
  });
}

/** The actions that are a bare POST to /api/projects/:id/<path>. */
export type SimpleProjectAction = Extract<ProjectAction, 'accept' | 'decline' | 'approve' | 'flag' | 'cancel'>;

export interface ProjectMutationInput {
  projectId: string;
  action: SimpleProjectAction | 'assign_creator' | 'upload_process_doc' | 'submit_deliverable';
  creatorId?: string;
  form?: FormData;
}

const requestFor = ({ projectId, action, creatorId, form }: ProjectMutationInput): [string, { method: 'POST'; body?: unknown }] => {
  const base = `/api/projects/${encodeURIComponent(projectId)}`;
  if (action === 'assign_creator') return [`${base}/assign`, { method: 'POST', body: { creatorId } }];
  if (action === 'upload_process_doc') return [`${base}/process-docs`, { method: 'POST', body: form }];
  if (action === 'submit_deliverable') return [`${base}/deliverable`, { method: 'POST', body: form }];
  return [`${base}/${action}`, { method: 'POST' }];
};

export function useProjectMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ProjectMutationInput) => {
      const [path, init] = requestFor(input);
      return apiFetch<ProjectView>(path, init);
    },
    onSettled: () => refreshAfterProjectChange(queryClient),
  });
}
