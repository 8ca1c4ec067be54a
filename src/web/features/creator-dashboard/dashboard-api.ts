import { useQuery } from '@tanstack/react-query';
import type { CreatorSummary } from '../../../domain/profile-schemas';
import { apiFetch } from '../../lib/api';

export interface UpcomingWorkshop {
  id: string;
  title: string;
  description: string | null;
  date: string;
  link: string | null;
  maxParticipants: number;
}

export function useCreatorSummary() {
  return useQuery({
    queryKey: ['creator-dashboard', 'summary'],
    queryFn: async () => (await apiFetch<{ summary: CreatorSummary }>('/api/creator-dashboard/summary')).summary,
  });
}

/** The next workshops (the admin creates them; `LIMITS.workshopsUpcoming`, 5, on creator dashboards). */
export function useUpcomingWorkshops() {
  return useQuery({
    queryKey: ['workshops', 'upcoming'],
    queryFn: async () => (await apiFetch<{ workshops: UpcomingWorkshop[] }>('/api/workshops/upcoming')).workshops,
  });
}
