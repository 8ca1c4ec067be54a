import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { CATEGORY_LABELS } from '../../../domain/category-labels';
import type { ShowcaseItem } from '../../../domain/marketplace';
import { Skeleton } from '../../components/ui/skeleton';
import { apiFetch } from '../../lib/api';
import { cn } from '../../lib/utils';

// Here rather than with the marketplace's requests, which the home page does not otherwise load.
async function fetchShowcase(limit: number, signal?: AbortSignal): Promise<ShowcaseItem[]> {
  const { items } = await apiFetch<{ items: ShowcaseItem[] }>(`/api/marketplace/showcase?limit=${limit}`, { signal });
  return items;
}

// The marketing pages load without the query library (decision 081): a plain fetch, kept for five minutes.
const SHOWCASE_FRESH_MS = 5 * 60_000;
const showcaseCache = new Map<number, { items: ShowcaseItem[]; fetchedAt: number }>();

/** Recent work for the marketing pages. A failed load shows the fallback, as an empty showcase does. */
function useShowcase(limit: number): { items: ShowcaseItem[] | null } {
  const [items, setItems] = useState<ShowcaseItem[] | null>(() => showcaseCache.get(limit)?.items ?? null);
  useEffect(() => {
    const cached = showcaseCache.get(limit);
    if (cached && Date.now() - cached.fetchedAt < SHOWCASE_FRESH_MS) return;
    const controller = new AbortController();
    fetchShowcase(limit, controller.signal)
      .then((loaded) => {
        showcaseCache.set(limit, { items: loaded, fetchedAt: Date.now() });
        setItems(loaded);
      })
      .catch(() => {
        if (!controller.signal.aborted) setItems((current) => current ?? []);
      });
    return () => controller.abort();
  }, [limit]);
  return { items };
}

/**
 * Real work from the marketplace: the newest piece of each of the newest approved creators, each linking to
 * its studio. Shows `fallback` while there is no work to show.
 */
export function WorkShowcase({ limit = 6, fallback, className }: { limit?: number; fallback?: ReactNode; className?: string }) {
  const { items: loaded } = useShowcase(limit);

  if (loaded === null) {
    return (
      <div className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)} aria-hidden="true">
        {Array.from({ length: Math.min(limit, 4) }, (_, index) => (
          // Same shape as a finished tile (picture and two caption lines), so nothing moves when work arrives.
          <div key={index} className={cn(index % 2 === 1 && 'translate-y-6')}>
            <Skeleton className="aspect-[4/3] rounded-xl" />
            <Skeleton className="mt-2 h-5 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
          </div>
        ))}
      </div>
    );
  }
  // An even number keeps the staggered two-column mosaic balanced.
  const all = loaded;
  const items = all.slice(0, all.length - (all.length % 2));
  if (items.length < 2) return <>{fallback}</>;

  return (
    <ul className={cn('grid grid-cols-2 gap-3 sm:gap-4', className)} aria-label="Recent work from the marketplace">
      {items.map((item, index) => (
        <li key={item.id} className={cn(index % 2 === 1 && 'translate-y-6')}>
          <Link to={`/studio/${item.creatorId}`} className="group block rounded-xl">
            <div className="aspect-[4/3] overflow-hidden rounded-xl bg-muted">
              <img
                src={item.thumbnailUrl ?? item.imageUrl}
                alt={item.title}
                width={480}
                height={360}
                loading={index < 2 ? 'eager' : 'lazy'}
                decoding="async"
                className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.02] motion-reduce:transition-none"
              />
            </div>
            <p className="mt-2 truncate text-sm text-ink">{item.creatorName}</p>
            <p className="truncate text-xs text-muted-foreground">{CATEGORY_LABELS[item.category]}</p>
          </Link>
        </li>
      ))}
    </ul>
  );
}
