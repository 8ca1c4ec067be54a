import { useState } from 'react';
import { Link } from 'react-router';
import { ArrowRight } from 'lucide-react';
import { MARKETPLACE_MESSAGES } from '../../../domain/marketplace';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { useBrowseCreators } from './client-api';
import { CreatorFilters, type CreatorFilterValues } from './creator-filters';
import { HireCreatorCard } from './hire-creator-card';
import { useSavedCreators } from './saved-creators';
import { useDebouncedValue } from './use-debounced-value';

const INITIAL_FILTERS: CreatorFilterValues = { search: '', category: 'all', seal: 'all', sort: 'newest', minRating: 'any' };

/** The client dashboard's Browse Creators tab: filtering happens on the server; each card opens the project dialog. */
export function BrowseCreatorsTab({ onHire }: { onHire: (creatorId: string) => void }) {
  const [filters, setFilters] = useState(INITIAL_FILTERS);
  const search = useDebouncedValue(filters.search.trim(), 250);
  // The sort orders the list and narrows nothing, so it does not count as a filter.
  const isFiltered = filters.search.trim() !== '' || filters.category !== 'all' || filters.seal !== 'all' || filters.minRating !== 'any';
  const creators = useBrowseCreators({
    search: search || undefined,
    category: filters.category === 'all' ? undefined : filters.category,
    seal: filters.seal,
    sort: filters.sort,
    minRating: filters.minRating === 'any' ? undefined : Number(filters.minRating),
  });
  const saved = useSavedCreators();
  const savedIds = new Set((saved.data ?? []).map((creator) => creator.id));

  return (
    <section aria-labelledby="browse-heading" className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id="browse-heading" className="font-serif text-2xl">
            Verified Creators
          </h2>
          <p className="mt-1 text-muted-foreground">Every creator here was reviewed by a person on our team.</p>
        </div>
        <Button asChild variant="link" className="self-start sm:self-auto">
          <Link to="/marketplace">
            View Full Marketplace
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
      {saved.data && saved.data.length > 0 ? (
        <section aria-labelledby="saved-heading" className="grid gap-4">
          <h3 id="saved-heading" className="text-lg">
            Saved creators <span className="font-sans text-base text-muted-foreground">({saved.data.length})</span>
          </h3>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {saved.data.map((creator) => (
              <li key={creator.id}>
                <HireCreatorCard creator={creator} onHire={onHire} saved headingLevel="h4" />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <CreatorFilters value={filters} onChange={setFilters} />
      <div aria-live="polite" aria-busy={creators.isFetching || undefined}>
        {creators.isPending ? (
          <ListSkeleton rows={3} />
        ) : creators.isError ? (
          <ErrorState message="Creators could not be loaded." onRetry={() => void creators.refetch()} />
        ) : creators.data.length === 0 ? (
          <EmptyState
            title="No creators found matching your filters"
            description="Try another name or category, or show all creators."
            action={
              isFiltered ? (
                <Button variant="secondary" size="sm" onClick={() => setFilters((current) => ({ ...INITIAL_FILTERS, sort: current.sort }))}>
                  {MARKETPLACE_MESSAGES.clearFilters}
                </Button>
              ) : undefined
            }
          />
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {creators.data.map((creator) => (
              <li key={creator.id}>
                <HireCreatorCard creator={creator} onHire={onHire} saved={savedIds.has(creator.id)} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
