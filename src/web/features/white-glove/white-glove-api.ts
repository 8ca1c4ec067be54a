import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import type { WhiteGloveRequestInput, WhiteGloveRequestView } from '../../../domain/white-glove-schemas';
import { apiFetch } from '../../lib/api';

export const WHITE_GLOVE_QUERY_KEY = ['white-glove-requests'] as const;

export function useWhiteGloveRequests() {
  return useQuery({
    queryKey: WHITE_GLOVE_QUERY_KEY,
    queryFn: () => apiFetch<{ requests: WhiteGloveRequestView[] }>('/api/white-glove/requests'),
    select: (data) => data.requests,
  });
}

export function useCreateWhiteGloveRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WhiteGloveRequestInput) => apiFetch<WhiteGloveRequestView>('/api/white-glove/requests', { method: 'POST', body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: WHITE_GLOVE_QUERY_KEY }),
  });
}

export function useCuratedMatches(requestId: string, enabled: boolean) {
  return useQuery({
    queryKey: [...WHITE_GLOVE_QUERY_KEY, requestId, 'matches'],
    queryFn: () => apiFetch<{ creators: CreatorCard[] }>(`/api/white-glove/requests/${encodeURIComponent(requestId)}/matches`),
    select: (data) => data.creators,
    enabled,
  });
}
