import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import type { CreatorCard } from '../../../domain/client-dashboard-schemas';
import { SAVED_CREATOR_MESSAGES, savedCreatorsQueryKey } from '../../../domain/saved-creators';
import { Button } from '../../components/ui/button';
import { ApiError, apiFetch, reasonToShow } from '../../lib/api';
import { toast } from '../../lib/toast';
import { cn } from '../../lib/utils';

/** The client's shortlist (decision 187), most recently saved first. */
export function useSavedCreators() {
  return useQuery({
    queryKey: savedCreatorsQueryKey,
    queryFn: () => apiFetch<{ creators: CreatorCard[] }>('/api/client/saved-creators'),
    select: (data) => data.creators,
  });
}

/**
 * A toggle that saves a creator to the shortlist or takes them off it. `aria-pressed` says which; the name says
 * whom. A removal the server no longer finds (404) is already what was asked.
 */
export function SaveCreatorButton({
  creator,
  saved,
  className,
  withLabel = false,
}: {
  creator: Pick<CreatorCard, 'id' | 'name'>;
  saved: boolean;
  className?: string;
  /** A visible 'Save' beside the heart (the studio page); the pressed state stays in `aria-pressed` and the filled heart. */
  withLabel?: boolean;
}) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: async () => {
      try {
        await apiFetch<null>(`/api/client/saved-creators/${encodeURIComponent(creator.id)}`, { method: saved ? 'DELETE' : 'PUT' });
      } catch (error) {
        if (!(saved && error instanceof ApiError && error.status === 404)) throw error;
      }
    },
    onSuccess: () => toast.success(saved ? SAVED_CREATOR_MESSAGES.removed : SAVED_CREATOR_MESSAGES.saved, { description: creator.name }),
    onError: (error) => toast.error(saved ? 'Could not remove this creator' : 'Could not save this creator', { description: reasonToShow(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedCreatorsQueryKey }),
  });
  if (withLabel) {
    return (
      <Button
        type="button"
        variant="secondary"
        size="lg"
        aria-pressed={saved}
        title={saved ? 'Saved: press to remove' : 'Save to your shortlist'}
        busy={toggle.isPending}
        onClick={() => toggle.mutate()}
        icon={<Heart aria-hidden="true" className={cn(saved && 'fill-current text-accent')} />}
        className={className}
      >
        {saved ? 'Saved' : 'Save'}
      </Button>
    );
  }
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      aria-pressed={saved}
      aria-label={`Save ${creator.name}`}
      title={saved ? 'Saved: press to remove' : 'Save to your shortlist'}
      busy={toggle.isPending}
      onClick={() => toggle.mutate()}
      icon={<Heart aria-hidden="true" className={cn(saved && 'fill-current')} />}
      className={cn('rounded-full', saved ? 'text-accent' : 'text-muted-foreground', className)}
    />
  );
}

/**
 * The shortlist toggle for pages anyone can see (the marketplace cards, the studio): the shortlist is read once and
 * shared by every toggle on the page. It renders nothing until that read answers, so a toggle never claims a state it
 * does not know. Loaded only for a signed-in client, so visitors download none of it.
 */
export function SaveCreatorToggle({ creator, withLabel, className }: { creator: Pick<CreatorCard, 'id' | 'name'>; withLabel?: boolean; className?: string }) {
  const saved = useSavedCreators();
  if (!saved.data) return null;
  return <SaveCreatorButton creator={creator} saved={saved.data.some((row) => row.id === creator.id)} withLabel={withLabel} className={className} />;
}
