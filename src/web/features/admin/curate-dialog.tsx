import { useDeferredValue, useState } from 'react';
import { Search, X } from 'lucide-react';
import { ADMIN_MESSAGES, humanizeCategory, type AdminWhiteGloveRequest, type CurationCandidate } from '../../../domain/admin-schemas';
import { LIMITS } from '../../../domain/constants';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { RoleBadge } from '../../components/role-badge';
import { SealBadge } from '../../components/seal-badge';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { PersonAvatar } from './admin-bits';
import { adminKeys, useAdminAction, useAdminQuery } from './admin-data';

const MATCHES = LIMITS.whiteGloveMatches;

function CandidateList({ request, selected, onToggle }: { request: AdminWhiteGloveRequest; selected: Map<string, CurationCandidate>; onToggle: (creator: CurationCandidate) => void }) {
  const [showAll, setShowAll] = useState(false);
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search.trim());
  const params = new URLSearchParams({ all: String(showAll), ...(deferred ? { q: deferred } : {}) });
  const query = useAdminQuery<{ creators: CurationCandidate[] }>(
    adminKeys.candidates(request.id, showAll, deferred),
    `/api/admin/white-glove/${request.id}/candidates?${params.toString()}`,
  );
  const type = humanizeCategory(request.deliverableType);

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor="candidate-search">Search creators by name</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <Input id="candidate-search" type="search" className="pl-10" value={search} onChange={(event) => setSearch(event.target.value)} />
        </div>
      </div>
      <div className="flex items-center gap-3">
        <Checkbox id="candidate-show-all" checked={showAll} onCheckedChange={(value) => setShowAll(value === true)} />
        <Label htmlFor="candidate-show-all" className="font-normal leading-snug">
          Show all approved creators, not only makers offering {type}
        </Label>
      </div>
      <div className="max-h-80 overflow-y-auto rounded-xl border border-border bg-surface">
        {query.isPending ? (
          <div className="p-3">
            <ListSkeleton rows={3} />
          </div>
        ) : query.isError ? (
          <ErrorState message={ADMIN_MESSAGES.loadFailed} onRetry={() => void query.refetch()} />
        ) : query.data.creators.length === 0 ? (
          <EmptyState
            title="No creators found"
            description={showAll ? 'No approved creator matches that name.' : `No approved maker offers ${type} yet. Show all approved creators to widen the search.`}
          />
        ) : (
          <ul aria-label="Approved creators" className="divide-y divide-border">
            {query.data.creators.map((creator) => {
              const isChecked = selected.has(creator.userId);
              const id = `candidate-${creator.userId}`;
              return (
                <li key={creator.userId} className="flex items-center gap-3 px-4 py-3">
                  <Checkbox id={id} checked={isChecked} disabled={!isChecked && selected.size >= MATCHES} onCheckedChange={() => onToggle(creator)} />
                  <PersonAvatar name={creator.name} url={creator.avatarUrl} size="sm" />
                  <Label htmlFor={id} className="min-w-0 flex-1 cursor-pointer font-normal">
                    <span className="flex flex-wrap items-center gap-2 font-medium text-ink">
                      {creator.name}
                      <RoleBadge role={creator.role} />
                    </span>
                    <span className="mt-1 block truncate text-sm capitalize text-muted-foreground">{creator.specialties.map(humanizeCategory).join(', ') || '—'}</span>
                  </Label>
                  {creator.sealStatus === 'verified' ? <SealBadge size="sm" /> : null}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}

export function CurateDialog({ request, onClose }: { request: AdminWhiteGloveRequest | null; onClose: () => void }) {
  const [selected, setSelected] = useState<Map<string, CurationCandidate>>(new Map());
  const close = () => {
    setSelected(new Map());
    onClose();
  };
  const save = useAdminAction<{ requestId: string; creatorIds: string[] }>({
    request: ({ requestId, creatorIds }) => ({ path: `/api/admin/white-glove/${requestId}/curate`, init: { method: 'POST', body: { creatorIds } } }),
    success: ADMIN_MESSAGES.matchesSaved,
    failure: ADMIN_MESSAGES.curateFailed,
    onSuccess: close,
  });
  const toggle = (creator: CurationCandidate) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(creator.userId)) next.delete(creator.userId);
      else if (next.size < MATCHES) next.set(creator.userId, creator);
      return next;
    });

  return (
    <Dialog open={request !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Curate Matches</DialogTitle>
          <DialogDescription>
            Choose {MATCHES} creators for {request?.companyName ?? 'Unknown Client'}’s {request ? humanizeCategory(request.deliverableType) : ''} request. The client is emailed
            when you save.
          </DialogDescription>
        </DialogHeader>
        {request ? <CandidateList request={request} selected={selected} onToggle={toggle} /> : null}
        <div className="mt-4 flex flex-wrap items-center gap-2" aria-live="polite">
          <span className="text-sm font-medium text-ink">
            {selected.size} of {MATCHES} selected
          </span>
          {[...selected.values()].map((creator) => (
            <button
              key={creator.userId}
              type="button"
              onClick={() => toggle(creator)}
              className="inline-flex items-center gap-1 rounded-full bg-accent-soft px-3 py-1 text-sm text-accent-strong hover:bg-accent-soft/70"
            >
              {creator.name}
              <X aria-hidden="true" className="size-3.5" />
              <span className="sr-only">Remove {creator.name}</span>
            </button>
          ))}
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="ghost">Cancel</Button>
          </DialogClose>
          <Button
            disabled={selected.size !== MATCHES}
            busy={save.isPending}
            onClick={() => request && save.mutate({ requestId: request.id, creatorIds: [...selected.keys()] })}
          >
            Save {MATCHES} matches
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
