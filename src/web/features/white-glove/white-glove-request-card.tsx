import { useState } from 'react';
import { Clock, Users } from 'lucide-react';
import { formatBudget, formatDeliverableType } from '../../../domain/project-schemas';
import { curatedMatchesLabel, type WhiteGloveRequestView } from '../../../domain/white-glove-schemas';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { CuratedMatchesDialog } from './curated-matches-dialog';
import { formatDateTime } from '../../../domain/dates';


export function WhiteGloveRequestCard({ request, onHire }: { request: WhiteGloveRequestView; onHire: (creatorId: string) => void }) {
  const [isViewing, setIsViewing] = useState(false);
  const hasMatches = request.status === 'completed' && request.curatedCreatorIds.length > 0;
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg capitalize">{formatDeliverableType(request.deliverableType)}</h3>
          <p className="mt-0.5 font-medium text-ink">{formatBudget(request.budget)}</p>
        </div>
        <Badge variant={request.status === 'completed' ? 'accent' : 'muted'}>{request.status === 'completed' ? 'Completed' : 'Pending'}</Badge>
      </div>
      <p className="mt-3 whitespace-pre-line wrap-anywhere text-[0.9375rem] leading-relaxed text-ink/90">{request.description}</p>
      <p className="mt-3 flex items-start gap-1.5 text-sm text-muted-foreground">
        <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          Requested {formatDateTime(request.createdAt)} · Matches due by{' '}
          <time dateTime={request.dueAt} className="font-medium text-ink">
            {formatDateTime(request.dueAt)}
          </time>
        </span>
      </p>
      {hasMatches ? (
        <div className="mt-5 flex flex-col gap-3 rounded-xl bg-accent-soft/60 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <Users aria-hidden="true" className="size-5 text-accent-strong" />
            <p className="text-sm">
              <span className="font-semibold text-ink">Curated Matches:</span> {curatedMatchesLabel(request.curatedCreatorIds.length)}
            </p>
          </div>
          <Button size="sm" onClick={() => setIsViewing(true)}>
            View Matches
          </Button>
          <CuratedMatchesDialog
            requestId={request.id}
            open={isViewing}
            onOpenChange={setIsViewing}
            onHire={(creatorId) => {
              setIsViewing(false);
              onHire(creatorId);
            }}
          />
        </div>
      ) : null}
    </Card>
  );
}
