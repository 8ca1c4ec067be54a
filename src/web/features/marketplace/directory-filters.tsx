import { useEffect, useId, useRef, useState } from 'react';
import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import { DELIVERABLE_CATEGORIES, EXPERTISE_AREAS } from '../../../domain/constants';
import { CATEGORY_LABELS, isMarketplaceCategory, SEARCH_MAX_LENGTH } from '../../../domain/marketplace';
import { useHydrated } from '../../lib/use-hydrated';
import { MIN_RATING_CHOICES, minRatingFrom, sealAppliesTo, sortFrom, type DirectoryFilters } from '../../../domain/marketplace-directory';
import { SealMark } from '../../components/seal-mark';
import { fieldControlClass } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { cn } from '../../lib/utils';

const SEARCH_DELAY_MS = 300;
const SEAL_MAKERS_ONLY = 'Only makers hold the Seal, so this filter does not apply to minds.';

const selectClass = cn(fieldControlClass, 'h-11 appearance-none bg-[length:1rem] bg-[right_0.85rem_center] bg-no-repeat pr-10');
// A chevron drawn inline so the native select needs no icon component.
const chevron = {
  backgroundImage:
    "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%236b655c' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E\")",
};

/** A change to the filters, applied to the filters in force when it happens (not to those of the last render). */
export type FiltersChange = (current: DirectoryFilters) => DirectoryFilters;

/**
 * Search and filters as a GET form on /marketplace (decision 105): before the app's scripts run, or without them,
 * 'Search' (or Enter) loads the page the server renders for those filters. With the app, every change applies at
 * once, in place. The choices are the controls' own state until the app runs, so a choice made before it is kept
 * and applied when it does.
 */
export function DirectoryFiltersBar({ filters, onChange }: { filters: DirectoryFilters; onChange: (change: FiltersChange) => void }) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [search, setSearch] = useState(filters.q);
  // Resync when the URL changes from elsewhere (back button, a link).
  const [syncedQ, setSyncedQ] = useState(filters.q);
  if (syncedQ !== filters.q) {
    setSyncedQ(filters.q);
    setSearch(filters.q);
  }

  // What was typed or chosen before the app took the page over is applied now, as if it had happened with it.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const typed = String(data.get('q') ?? '');
    if (typed !== filters.q) setSearch(typed);
    const role = String(data.get('role') ?? '');
    const category = String(data.get('category') ?? '');
    const seal = data.get('seal') === '1';
    const sort = sortFrom(data.get('sort'));
    const minRating = minRatingFrom(data.get('minRating'));
    if (role !== filters.role || category !== filters.category || seal !== filters.seal || sort !== filters.sort || minRating !== filters.minRating) {
      onChange((current) => ({
        ...current,
        role: role === 'maker' || role === 'mind' ? role : '',
        category: isMarketplaceCategory(category) ? category : '',
        seal,
        sort,
        minRating,
      }));
    }
    // Once, when the app takes over: later changes arrive through the controls' handlers.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (search.trim() === filters.q.trim()) return;
    const timer = setTimeout(() => onChange((current) => ({ ...current, q: search })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  // Minds never hold the Seal: with Role = Minds the toggle is off and unavailable (the server reads the pair the
  // same way when a form sent without scripts carries it).
  // Only once scripts run: without them the page cannot re-enable it when the role changes back.
  const hydrated = useHydrated();
  const isSealAvailable = !hydrated || sealAppliesTo(filters.role);

  // On a phone the four selects fold under 'Filters' (a native disclosure, so it works without scripts); from md
  // they always show. Browsers without ::details-content (older than 2025) show them once the app opens the fold.
  const detailsRef = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (detailsRef.current && window.matchMedia?.('(min-width: 48rem)').matches) detailsRef.current.open = true;
  }, []);
  const activeFilters = [filters.role, filters.category, filters.sort, filters.minRating].filter(Boolean).length;

  return (
    <form
      ref={formRef}
      role="search"
      aria-label="Filter creators"
      action="/marketplace"
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        onChange((current) => ({ ...current, q: search }));
      }}
      className="grid grid-cols-2 gap-4 rounded-2xl border border-border bg-surface p-4 sm:p-5 lg:grid-cols-4 md:items-end"
    >
      <div className="col-span-full grid gap-2">
        <Label htmlFor={`${id}-q`}>Search creators</Label>
        <div className="relative">
          <Search aria-hidden="true" className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" />
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Name, skill or keyword"
            maxLength={SEARCH_MAX_LENGTH}
            autoComplete="off"
            className={cn(fieldControlClass, 'h-11 pl-10')}
          />
        </div>
      </div>
      <details
        ref={detailsRef}
        className="group col-span-full md:details-content:[content-visibility:visible]"
      >
        <summary className="flex h-11 cursor-pointer list-none items-center gap-2.5 rounded-xl border border-border-strong px-4 text-[0.9375rem] font-medium text-ink transition-colors duration-150 hover:bg-muted focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-accent/25 md:hidden [&::-webkit-details-marker]:hidden">
          <SlidersHorizontal aria-hidden="true" className="size-4 text-muted-foreground" />
          Filters
          {activeFilters > 0 ? <span className="text-muted-foreground">· {activeFilters} active</span> : null}
          <ChevronDown aria-hidden="true" className="ml-auto size-4 text-muted-foreground transition-transform duration-150 group-open:rotate-180" />
        </summary>
        <div className="mt-4 grid gap-4 md:mt-0 md:grid-cols-2 lg:grid-cols-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-role`}>Role</Label>
            <select
              id={`${id}-role`}
              name="role"
              // Uncontrolled, so a choice made before the app runs survives hydration; a new address starts it afresh.
              key={filters.role}
              defaultValue={filters.role}
              onChange={(event) => {
                const role = event.target.value as DirectoryFilters['role'];
                onChange((current) => ({ ...current, role }));
              }}
              className={selectClass}
              style={chevron}
            >
              <option value="">Makers and Minds</option>
              <option value="maker">Makers</option>
              <option value="mind">Minds</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <select
              id={`${id}-category`}
              name="category"
              key={filters.category}
              defaultValue={filters.category}
              onChange={(event) => {
                const value = event.target.value;
                onChange((current) => ({ ...current, category: isMarketplaceCategory(value) ? value : '' }));
              }}
              className={selectClass}
              style={chevron}
            >
              <option value="">All Categories</option>
              <optgroup label="Deliverables">
                {DELIVERABLE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {CATEGORY_LABELS[category]}
                  </option>
                ))}
              </optgroup>
              <optgroup label="Expertise (Minds)">
                {EXPERTISE_AREAS.map((area) => (
                  <option key={area} value={area}>
                    {area}
                  </option>
                ))}
              </optgroup>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-sort`}>Sort by</Label>
            <select
              id={`${id}-sort`}
              name="sort"
              key={filters.sort}
              defaultValue={filters.sort}
              onChange={(event) => {
                const sort = sortFrom(event.target.value);
                onChange((current) => ({ ...current, sort }));
              }}
              className={selectClass}
              style={chevron}
            >
              {/* Relevance orders a search; without one the directory is newest first either way. */}
              <option value="">Relevance</option>
              <option value="newest">Newest</option>
              <option value="rating">Highest rated</option>
            </select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-rating`}>Rating</Label>
            <select
              id={`${id}-rating`}
              name="minRating"
              key={filters.minRating}
              defaultValue={filters.minRating}
              onChange={(event) => {
                const minRating = minRatingFrom(event.target.value);
                onChange((current) => ({ ...current, minRating }));
              }}
              className={selectClass}
              style={chevron}
            >
              {MIN_RATING_CHOICES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
      <label
        title={isSealAvailable ? undefined : SEAL_MAKERS_ONLY}
        className={cn(
          // Four selects to a row from lg; the toggle and the button share the next row's right half. One row of six
          // never has room: the page is no wider than at 1280 px, where 'Makers and Minds' and '4.5 stars and up' were cut.
          'inline-flex h-11 cursor-pointer select-none items-center justify-center gap-2 rounded-full border px-5 text-[0.9375rem] font-medium transition-colors duration-150 has-focus-visible:ring-3 has-focus-visible:ring-accent/25 lg:col-start-3',
          'border-border-strong text-ink hover:bg-muted has-checked:border-accent has-checked:bg-accent-soft has-checked:text-accent-strong',
          'has-disabled:cursor-not-allowed has-disabled:border-border has-disabled:text-muted-foreground has-disabled:hover:bg-transparent',
        )}
      >
        <input
          key={`${String(filters.seal)}-${String(isSealAvailable)}`}
          type="checkbox"
          name="seal"
          value="1"
          defaultChecked={filters.seal && isSealAvailable}
          disabled={!isSealAvailable}
          aria-describedby={isSealAvailable ? undefined : `${id}-seal-hint`}
          onChange={(event) => {
            const seal = event.target.checked;
            onChange((current) => ({ ...current, seal }));
          }}
          className="sr-only"
        />
        <SealMark aria-hidden="true" className={cn('size-5 text-accent', !isSealAvailable && 'opacity-50')} />
        Seal Only
        {isSealAvailable ? null : (
          // Read as the toggle's description, not as part of its name.
          <span id={`${id}-seal-hint`} aria-hidden="true" className="sr-only">
            {SEAL_MAKERS_ONLY}
          </span>
        )}
      </label>
      <button
        type="submit"
        className="inline-flex h-11 items-center justify-center gap-2 rounded-full bg-ink px-6 text-[0.9375rem] font-medium text-paper transition-colors duration-150 hover:bg-ink/85"
      >
        Search
      </button>
    </form>
  );
}
