import { useState, type MouseEvent } from 'react';
import { CATEGORY_LABELS, type StudioPortfolioItem } from '../../../domain/marketplace';
import { Badge } from '../../components/ui/badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { ContentCredentialsMark } from '../provenance/content-credentials-mark';

/** A plain click; one with a modifier key (a new tab or window, a download) is left to the browser. */
const isPlainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The studio's portfolio: a grid of work. Each piece is a link to its full image, which is where it leads before
 * the app's scripts run or without them; with the app, it opens in a dialog with its description and category.
 */
export function PortfolioGrid({ items, creatorName }: { items: StudioPortfolioItem[]; creatorName: string }) {
  const [open, setOpen] = useState<StudioPortfolioItem | null>(null);
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-border px-6 py-12 text-center text-muted-foreground">
        {creatorName} has not added portfolio work yet.
      </p>
    );
  }
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id} className="relative">
            <a
              href={item.imageUrl}
              onClick={(event) => {
                if (!isPlainClick(event)) return;
                event.preventDefault();
                setOpen(item);
              }}
              className="group block w-full rounded-xl text-left"
            >
              <span className="block aspect-[4/3] overflow-hidden rounded-xl bg-muted">
                <img
                  src={item.thumbnailUrl ?? item.imageUrl}
                  alt=""
                  width={480}
                  height={360}
                  loading={index < 3 ? 'eager' : 'lazy'}
                  decoding="async"
                  className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.02] motion-reduce:transition-none"
                />
              </span>
              <span className="mt-2 line-clamp-2 font-medium leading-snug text-ink">{item.title}</span>
              <span className="block text-sm text-muted-foreground">{CATEGORY_LABELS[item.category]}</span>
            </a>
            {/* Beside the link, not in it: a button inside a link is neither valid nor reachable on its own. */}
            <ContentCredentialsMark credentials={item.contentCredentials} itemTitle={item.title} className="absolute left-2 top-2" compactOnPhone />
          </li>
        ))}
      </ul>
      <Dialog open={open !== null} onOpenChange={(isOpen) => (isOpen ? undefined : setOpen(null))}>
        {open ? (
          <DialogContent className="max-w-3xl pt-14 sm:pt-14">
            <img src={open.imageUrl} alt={open.title} className="max-h-[60dvh] w-full rounded-xl bg-muted object-contain" />
            <div className="mt-5 flex flex-wrap items-center gap-3">
              <DialogTitle>{open.title}</DialogTitle>
              <Badge variant="outline">{CATEGORY_LABELS[open.category]}</Badge>
            </div>
            <DialogDescription className="mt-3 text-base leading-relaxed">
              {open.description?.trim() || `A piece by ${creatorName}.`}
            </DialogDescription>
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
