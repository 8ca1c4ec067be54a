import { ErrorState, ListSkeleton } from '../../components/list-states';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { HireCreatorCard } from '../client/hire-creator-card';
import { useCuratedMatches } from './white-glove-api';

interface CuratedMatchesDialogProps {
  requestId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onHire: (creatorId: string) => void;
}

export function CuratedMatchesDialog({ requestId, open, onOpenChange, onHire }: CuratedMatchesDialogProps) {
  const matches = useCuratedMatches(requestId, open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-4xl">
        <DialogHeader>
          <DialogTitle>Your curated matches</DialogTitle>
          <DialogDescription>Chosen by our team for this request. Hire one to start a project with them.</DialogDescription>
        </DialogHeader>
        {matches.isPending ? (
          <ListSkeleton rows={2} />
        ) : matches.isError ? (
          <ErrorState message="Your matches could not be loaded." onRetry={() => void matches.refetch()} />
        ) : matches.data.length === 0 ? (
          <p className="text-muted-foreground">These creators are no longer available. Please send us a new request.</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-3">
            {matches.data.map((creator) => (
              <li key={creator.id}>
                <HireCreatorCard creator={creator} onHire={onHire} />
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
