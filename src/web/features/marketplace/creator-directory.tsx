import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { MARKETPLACE_MESSAGES, type CreatorCardData } from '../../../domain/marketplace';
import { CreatorCard } from '../../components/creator-card';
import { EmptyState } from '../../components/list-states';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { directoryCursorFrom, filtersFromParams, filtersToParams, hasActiveFilters, type DirectoryFilters } from '../../../domain/marketplace-directory';
import { creatorsQueryKey, fetchCreators } from './api';
import { DirectoryFiltersBar, type FiltersChange } from './directory-filters';
// The same form reached by its link (?contact=<id>) before the app runs or without it (decision 105). Not lazy: a
// lazy part is sent outside the page, to be put in place by a script, so without scripts it would stay hidden.
import { CONTACT_PANEL_ID, ContactCreatorPanel } from './contact-creator-panel';
import { ClientSaveToggle } from '../client/client-save-toggle';

// The dialog brings the form library and the dialog primitive; it loads on the first 'Contact' click.
const ContactCreatorDialog = lazy(() => import('./contact-creator-dialog').then((m) => ({ default: m.ContactCreatorDialog })));

/**
 * The directory's address with one more (or one less, for null) parameter, the filters kept. A Contact address
 * ends with the dialog's id, so without scripts the browser scrolls to it and the next Tab goes into its form.
 */
const directoryAddress = (params: URLSearchParams, contact: string | null): string => {
  const next = filtersToParams(filtersFromParams(params));
  if (contact) next.set('contact', contact);
  const query = next.toString();
  const address = query ? `/marketplace?${query}` : '/marketplace';
  return contact ? `${address}#${CONTACT_PANEL_ID}` : address;
};

/** Where a page of the directory starts: its count line, under the hero and the filters. */
export const DIRECTORY_RESULTS_ID = 'directory-results';

/**
 * The directory from a later page on: where 'Load more' leads without scripts (the filters kept), and back to the
 * first. Each opens at the results: at the page's top, every page needed a scroll past the hero and the filters.
 */
const pageAddress = (params: URLSearchParams, cursor: string | null): string => {
  const next = filtersToParams(filtersFromParams(params));
  if (cursor) next.set('cursor', cursor);
  const query = next.toString();
  return `${query ? `/marketplace?${query}` : '/marketplace'}#${DIRECTORY_RESULTS_ID}`;
};

/** The directory with every filter cleared, the sort kept: a plain link, so it works without scripts too. */
export const clearedFiltersAddress = (filters: DirectoryFilters): string => (filters.sort ? `/marketplace?sort=${filters.sort}` : '/marketplace');

/** The same search and filters, newest first: every match, where a ranking holds only the closest ones. */
const newestAddress = (filters: DirectoryFilters): string => `/marketplace?${filtersToParams({ ...filters, sort: 'newest' }).toString()}`;

const countLine = (total: number, capped = false) =>
  capped ? `Over ${total.toLocaleString('en')} verified creators` : `${total} verified ${total === 1 ? 'creator' : 'creators'}`;

function DirectorySkeleton() {
  return (
    <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <div key={index} className="overflow-hidden rounded-2xl border border-border bg-surface">
          <Skeleton className="aspect-[3/2] rounded-none" />
          <div className="space-y-3 p-6">
            <Skeleton className="h-6 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-4/5" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Search Creators: server-side filters, a count line, cards, and keyset 'Load more'. */
export function CreatorDirectory() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const [contacting, setContacting] = useState<CreatorCardData | null>(null);
  const contactParam = params.get('contact');
  // Set when the page was reached by 'Load more' without scripts: the directory starts there.
  const startCursor = directoryCursorFrom(params);

  const query = useInfiniteQuery({
    queryKey: creatorsQueryKey(filters, startCursor),
    queryFn: async ({ pageParam, signal }) => {
      try {
        return await fetchCreators(filters, pageParam, signal);
      } catch (error) {
        // The product's rule: a failed load is logged and the list shows as empty.
        console.error('Marketplace load failed', error);
        throw error;
      }
    },
    initialPageParam: startCursor,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    placeholderData: (previous) => previous,
    retry: 1,
  });

  // The address holds the filters. Navigations render in a transition, so a second change can arrive before the
  // first has rendered; reading the address when the change happens lets quick changes add up instead of the
  // second undoing the first.
  const onFiltersChange = useCallback(
    (change: FiltersChange) => {
      const current = filtersFromParams(new URLSearchParams(window.location.search));
      setParams(filtersToParams(change(current)), { replace: true, preventScrollReset: true });
    },
    [setParams],
  );

  const creators = query.data?.pages.flatMap((page) => page.creators) ?? [];
  const nextCursor = query.data?.pages.at(-1)?.nextCursor ?? null;
  const total = query.data?.pages[0]?.total ?? 0;
  // A search counts exactly up to 1,000 matches and says 'over 1,000' beyond (decision 120).
  const totalCapped = query.data?.pages[0]?.totalCapped ?? false;
  const isFirstLoad = query.isPending;
  // A search ranked by relevance or rating ends at its closest matches (decision 120), short of its count.
  const rankedUpTo = query.hasNextPage || query.isError ? undefined : query.data?.pages.at(-1)?.rankedUpTo;

  return (
    <div>
      <DirectoryFiltersBar filters={filters} onChange={onFiltersChange} />
      <p id={DIRECTORY_RESULTS_ID} aria-live="polite" className="mt-8 scroll-mt-24 text-[0.9375rem] text-muted-foreground">
        {isFirstLoad ? 'Loading creators…' : query.isError ? countLine(0) : countLine(total, totalCapped)}
      </p>
      <h2 className="sr-only">Creators</h2>
      <div className="mt-6" aria-busy={query.isFetching || undefined}>
        {isFirstLoad ? (
          <DirectorySkeleton />
        ) : creators.length === 0 && hasActiveFilters(filters) && !query.isError ? (
          // A search or filters found nobody: say so, and offer the way back to everyone.
          <EmptyState
            title={MARKETPLACE_MESSAGES.noMatches}
            description={MARKETPLACE_MESSAGES.noMatchesHint}
            action={
              <Button asChild variant="secondary" size="sm">
                <Link to={clearedFiltersAddress(filters)}>{MARKETPLACE_MESSAGES.clearFilters}</Link>
              </Button>
            }
          />
        ) : creators.length === 0 ? (
          <EmptyState
            title={MARKETPLACE_MESSAGES.empty}
            description="Check back soon: new creators are reviewed every week."
          />
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {creators.map((creator) => (
              <li key={creator.id} className="flex">
                <div className="flex w-full flex-col [&>article]:flex-1">
                  <CreatorCard
                    creator={creator}
                    onContact={setContacting}
                    contactHref={directoryAddress(params, creator.id)}
                    corner={<ClientSaveToggle creator={creator} className="-mr-2 -mt-2 ml-auto self-start" />}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {rankedUpTo !== undefined ? (
        <p className="mt-10 text-center text-[0.9375rem] text-muted-foreground">
          {`These are the ${rankedUpTo.toLocaleString('en')} closest matches. `}
          <Link to={newestAddress(filters)} className="font-medium text-ink underline underline-offset-4 hover:text-accent-strong">
            See every match, newest first
          </Link>
        </p>
      ) : null}
      {(query.hasNextPage && !query.isError) || startCursor ? (
        <div className="mt-10 flex flex-col items-center gap-4">
          {query.hasNextPage && !query.isError ? (
            // A link to the next page, so it works before and without scripts; with them, the page appends in place.
            <Button
              asChild
              variant="secondary"
              size="lg"
              aria-busy={query.isFetchingNextPage || undefined}
              aria-disabled={query.isFetchingNextPage || undefined}
            >
              <a
                href={pageAddress(params, nextCursor)}
                onClick={(event) => {
                  event.preventDefault();
                  if (!query.isFetchingNextPage) void query.fetchNextPage();
                }}
              >
                {query.isFetchingNextPage ? <LoaderCircle aria-hidden="true" className="animate-spin" /> : null}
                {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </a>
            </Button>
          ) : null}
          {startCursor ? (
            <a href={pageAddress(params, null)} className="text-[0.9375rem] text-muted-foreground underline underline-offset-4 hover:text-foreground">
              Back to the first creators
            </a>
          ) : null}
        </div>
      ) : null}
      {contactParam ? <ContactCreatorPanel creatorId={contactParam} closeHref={directoryAddress(params, null)} /> : null}
      {contacting ? (
        <Suspense fallback={null}>
          <ContactCreatorDialog creator={contacting} onClose={() => setContacting(null)} />
        </Suspense>
      ) : null}
    </div>
  );
}
