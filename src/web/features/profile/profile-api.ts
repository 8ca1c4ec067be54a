import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ClientProfileView, MakerProfileView, MindProfileView } from '../../../domain/profile-schemas';
import { apiFetch } from '../../lib/api';
import { refreshSession } from '../../lib/session';

export const profileQueryKey = (role: 'maker' | 'mind' | 'client') => ['profile', role] as const;

export function useMakerProfile() {
  return useQuery({
    queryKey: profileQueryKey('maker'),
    queryFn: async () => (await apiFetch<{ profile: MakerProfileView }>('/api/profiles/maker')).profile,
  });
}

export function useMindProfile() {
  return useQuery({
    queryKey: profileQueryKey('mind'),
    queryFn: async () => (await apiFetch<{ profile: MindProfileView }>('/api/profiles/mind')).profile,
  });
}

export function useClientProfile() {
  return useQuery({
    queryKey: profileQueryKey('client'),
    queryFn: async () => (await apiFetch<{ profile: ClientProfileView }>('/api/profiles/client')).profile,
  });
}

/** After a save: the saved profile is the new truth, and the name in the header may have changed. */
export async function afterProfileSaved<T>(queryClient: QueryClient, role: 'maker' | 'mind' | 'client', profile: T): Promise<void> {
  queryClient.setQueryData(profileQueryKey(role), profile);
  await Promise.all([
    refreshSession(),
    queryClient.invalidateQueries({ queryKey: ['creator-dashboard'] }),
  ]);
}
