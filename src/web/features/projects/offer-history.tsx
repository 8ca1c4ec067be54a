import { formatCents, OFFER_STATUS_LABELS, type OfferStatus, type OfferView } from '../../../domain/milestones';
import type { ProjectView } from '../../../domain/project-schemas';
import { Badge, type BadgeProps } from '../../components/ui/badge';
import { cn } from '../../lib/utils';
import { formatDay, formatInstantDay, SectionLabel } from './milestone-list';

const STATUS_VARIANT: Record<OfferStatus, BadgeProps['variant']> = {
  pending: 'outline',
  accepted: 'accent',
  declined: 'destructive',
  changes_requested: 'neutral',
  superseded: 'muted',
};

const RESPONSE_LABEL: Partial<Record<OfferStatus, string>> = {
  declined: 'Reason for declining',
  changes_requested: 'Changes asked for',
};

const roundsText = (rounds: number) => (rounds === 0 ? 'No revision rounds' : `${rounds} revision ${rounds === 1 ? 'round' : 'rounds'}`);

/** Every version of the creator's offer, newest first, with the client's answer to each: both sides see the same. */
export function OfferHistory({ project, viewer = 'admin' }: { project: ProjectView; viewer?: 'client' | 'creator' | 'admin' }) {
  if (project.offers.length === 0) return null;
  const title = project.offers.length === 1 ? 'Offer' : `Offer history (${project.offers.length} versions)`;
  const versions = (
    <ol className="mt-3 grid gap-3">
      {project.offers.map((offer, index) => (
        <OfferVersion key={offer.id} offer={offer} isLatest={index === 0} viewer={viewer} />
      ))}
    </ol>
  );
  // Once the work is under way the milestones lead; the agreed offer stays one click away.
  if (project.status !== 'draft') {
    return (
      <details className="group mt-5">
        <summary className="w-fit cursor-pointer rounded-sm font-sans text-xs font-semibold uppercase tracking-[0.12em] text-muted-foreground hover:text-ink">
          {title}
        </summary>
        {versions}
      </details>
    );
  }
  return (
    <section className="mt-5">
      <SectionLabel>{title}</SectionLabel>
      {versions}
    </section>
  );
}

/** A pending offer waits on the client: the client reads that it waits for them, everyone else that it waits for the client. */
const statusLabel = (status: OfferStatus, viewer: 'client' | 'creator' | 'admin'): string =>
  status === 'pending' && viewer === 'client' ? 'Waiting for your answer' : OFFER_STATUS_LABELS[status];

function OfferVersion({ offer, isLatest, viewer }: { offer: OfferView; isLatest: boolean; viewer: 'client' | 'creator' | 'admin' }) {
  const isOld = !isLatest;
  return (
    <li
      aria-label={`Offer version ${offer.version}`}
      className={cn('rounded-xl border p-4', isLatest ? 'border-border-strong bg-surface' : 'border-border bg-transparent')}
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <p className={cn('font-medium', isOld ? 'text-muted-foreground' : 'text-ink')}>
            Version {offer.version} · <span className="tabular-nums">{formatCents(offer.priceCents)}</span>
          </p>
          <p className="text-sm text-muted-foreground">
            {roundsText(offer.revisionRounds)} · sent {formatInstantDay(offer.createdAt)}
          </p>
        </div>
        <Badge variant={STATUS_VARIANT[offer.status]} className="w-fit">
          {statusLabel(offer.status, viewer)}
        </Badge>
      </div>
      {offer.note ? <p className="mt-3 whitespace-pre-line wrap-anywhere text-sm text-ink/90">{offer.note}</p> : null}
      <ol className="mt-3 grid gap-1.5 text-sm">
        {offer.milestones.map((milestone, index) => (
          <li key={index} className="flex flex-col gap-x-3 sm:flex-row sm:items-baseline sm:justify-between">
            <span className="min-w-0 wrap-anywhere text-ink">
              <span className="mr-1.5 text-muted-foreground tabular-nums">{index + 1}.</span>
              {milestone.title}
            </span>
            <span className="shrink-0 text-muted-foreground">
              <span className="font-medium text-ink tabular-nums">{formatCents(milestone.amountCents)}</span> · due {formatDay(milestone.dueDate)}
            </span>
          </li>
        ))}
      </ol>
      {offer.responseNote ? (
        <p className="mt-3 rounded-lg bg-muted px-3 py-2 text-sm text-ink">
          <span className="font-medium">{RESPONSE_LABEL[offer.status] ?? 'Client’s note'}:</span>{' '}
          <span className="whitespace-pre-line wrap-anywhere">{offer.responseNote}</span>
        </p>
      ) : null}
    </li>
  );
}
