import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ProjectAction } from '../../../domain/project-lifecycle';
import type { SendOfferInput } from '../../../domain/milestones';
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

/** The answers that carry a note: the client's on the latest offer version or the submitted milestone, the creator's withdrawal. */
export type NoteAction = 'decline_offer' | 'request_changes' | 'request_revision' | 'withdraw';

export type ProjectMutationInput = { projectId: string } & (
  | { action: SimpleProjectAction | 'allow_extra_revision' }
  | { action: 'assign_creator'; creatorId: string }
  | { action: 'upload_process_doc' | 'submit_deliverable'; form: FormData }
  | { action: 'send_offer'; offer: SendOfferInput }
  | { action: 'accept_offer'; version: number }
  | { action: NoteAction; version?: number; note: string }
);

const NOTE_PATHS: Record<NoteAction, (version?: number) => string> = {
  decline_offer: (version) => `offers/${version}/decline`,
  request_changes: (version) => `offers/${version}/request-changes`,
  request_revision: () => 'revision',
  withdraw: () => 'withdraw',
};

const requestFor = (input: ProjectMutationInput): [string, { method: 'POST'; body?: unknown }] => {
  const base = `/api/projects/${encodeURIComponent(input.projectId)}`;
  switch (input.action) {
    case 'assign_creator':
      return [`${base}/assign`, { method: 'POST', body: { creatorId: input.creatorId } }];
    case 'upload_process_doc':
      return [`${base}/process-docs`, { method: 'POST', body: input.form }];
    case 'submit_deliverable':
      return [`${base}/deliverable`, { method: 'POST', body: input.form }];
    case 'send_offer':
      return [`${base}/offers`, { method: 'POST', body: input.offer }];
    case 'accept_offer':
      return [`${base}/offers/${input.version}/accept`, { method: 'POST' }];
    case 'decline_offer':
    case 'request_changes':
    case 'request_revision':
    case 'withdraw':
      return [`${base}/${NOTE_PATHS[input.action](input.version)}`, { method: 'POST', body: { note: input.note } }];
    case 'allow_extra_revision':
      return [`${base}/allow-extra-revision`, { method: 'POST' }];
    default:
      return [`${base}/${input.action}`, { method: 'POST' }];
  }
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
