import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LIMITS } from '../../domain/constants';
import { MARKETPLACE_MESSAGES, SEARCH_MATCH_LABELS, bioPreview, cardTags, type CreatorCardData, type SearchMatch } from '../../domain/marketplace';
import { cn } from '../lib/utils';
import { RatingSummaryLine } from './rating-stars';
import { RoleBadge } from './role-badge';
import { SealBadge } from './seal-badge';
import { Badge } from './ui/badge';
import { Button } from './ui/button';

const initials = (name: string): string =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export function CreatorAvatar({ name, url, className }: { name: string; url: string | null; className?: string }) {
  if (url) {
    return <img src={url} alt="" width={96} height={96} loading="lazy" decoding="async" className={cn('size-10 shrink-0 rounded-full object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" className={cn('inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-muted font-serif text-ink', className)}>
      {initials(name) || '·'}
    </span>
  );
}

function Thumbnail({ item, className }: { item: CreatorCardData['portfolio'][number] | undefined; className?: string }) {
  if (!item) {
    return (
      <div className={cn('flex items-center justify-center bg-muted text-xs text-muted-foreground', className)}>{MARKETPLACE_MESSAGES.noImage}</div>
    );
  }
  return (
    <img
      src={item.thumbnailUrl ?? item.imageUrl}
      alt={item.title}
      width={480}
      height={480}
      loading="lazy"
      decoding="async"
      className={cn('size-full bg-muted object-cover', className)}
    />
  );
}

/**
 * The frame keeps one 3:2 shape whatever the count, so cards in a row line up; the pictures fill it as their number
 * allows (one wide picture, two side by side, or one large and two small), and 'No image' only stands for no work.
 */
const frameLayout: Record<number, string> = {
  0: 'grid-cols-1 grid-rows-1',
  1: 'grid-cols-1 grid-rows-1',
  2: 'grid-cols-2 grid-rows-1',
  3: 'grid-cols-3 grid-rows-2',
};

interface CreatorCardProps {
  creator: CreatorCardData;
  /** Opens the Contact dialog; without it the Contact button is not shown. */
  onContact?: (creator: CreatorCardData) => void;
  /** Where Contact leads before the app's scripts run or without them: the dialog as a page (decision 105). */
  contactHref?: string;
  /** Replaces the default 'View Studio' and 'Contact' buttons (e.g. a 'Hire' action elsewhere). */
  actions?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  /** Beside the name, at the card's edge: a signed-in client's shortlist toggle. */
  corner?: ReactNode;
}

/** Under a search, which field of the creator it matched ("Matched in bio"): on the marketplace's cards and the Browse tab's. */
export function SearchMatchLine({ match, className }: { match: SearchMatch | undefined; className?: string }) {
  if (!match) return null;
  return <p className={cn('mt-2 text-xs font-medium uppercase tracking-[0.08em] text-muted-foreground', className)}>{SEARCH_MATCH_LABELS[match]}</p>;
}

/**
 * The directory's creator card. The work leads: up to three thumbnails in a fixed frame, then the person, their
 * badges, a short bio and their categories.
 */
export function CreatorCard({ creator, onContact, contactHref, actions, headingLevel = 'h3', corner }: CreatorCardProps) {
  const Heading = headingLevel;
  const studioPath = `/studio/${creator.id}`;
  const tags = cardTags(creator.categories);
  const thumbs = creator.portfolio.slice(0, LIMITS.cardThumbnails);

  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-border bg-surface transition-shadow duration-150 hover:shadow-md motion-reduce:transition-none">
      {/* The pictures repeat the 'View Studio' link for pointer users; keyboard users reach it once, below. */}
      <Link to={studioPath} tabIndex={-1} aria-hidden="true" className={cn('grid aspect-[3/2] min-h-0 gap-0.5 overflow-hidden bg-border', frameLayout[thumbs.length])}>
        {thumbs.length === 0 ? (
          // No work yet: one quiet panel rather than empty frames.
          <Thumbnail item={undefined} className="text-sm" />
        ) : (
          thumbs.map((item, index) => <Thumbnail key={item.id} item={item} className={thumbs.length === 3 && index === 0 ? 'col-span-2 row-span-2' : undefined} />)
        )}
      </Link>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <div className="flex items-center gap-3">
          {/* The card shows the avatar's small copy; the studio page shows the full image. */}
          <CreatorAvatar name={creator.name} url={creator.avatarThumbnailUrl ?? creator.avatarUrl} />
          <div className="min-w-0">
            <Heading className="truncate text-xl">{creator.name}</Heading>
            <div className="mt-1 flex items-center gap-2">
              <RoleBadge role={creator.role} />
              {creator.sealStatus === 'verified' ? <SealBadge size="sm" /> : null}
            </div>
          </div>
          {corner}
        </div>
        <RatingSummaryLine rating={creator.rating} className="mt-3" />
        <p className={cn('mt-4 text-[0.9375rem] leading-relaxed wrap-anywhere', creator.bio?.trim() ? 'text-ink/80' : 'italic text-muted-foreground')}>
          {bioPreview(creator.bio)}
        </p>
        <SearchMatchLine match={creator.matchedField} />
        {tags.shown.length > 0 ? (
          <ul className="mt-4 flex flex-wrap gap-1.5" aria-label="Categories">
            {tags.shown.map((tag) => (
              <li key={tag}>
                <Badge variant="outline" className="capitalize">
                  {tag}
                </Badge>
              </li>
            ))}
            {tags.more > 0 ? (
              <li>
                <Badge variant="muted">+{tags.more} more</Badge>
              </li>
            ) : null}
          </ul>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-6">
          {actions ?? (
            <>
              <Button asChild size="sm">
                <Link to={studioPath} aria-label={`View Studio of ${creator.name}`}>
                  {MARKETPLACE_MESSAGES.viewStudio}
                </Link>
              </Button>
              {onContact && contactHref ? (
                // A link until the app runs; then the app opens its dialog in place.
                <Button asChild size="sm" variant="secondary">
                  <a
                    href={contactHref}
                    aria-label={`Contact ${creator.name}`}
                    onClick={(event) => {
                      event.preventDefault();
                      onContact(creator);
                    }}
                  >
                    Contact
                  </a>
                </Button>
              ) : onContact ? (
                <Button size="sm" variant="secondary" onClick={() => onContact(creator)} aria-label={`Contact ${creator.name}`}>
                  Contact
                </Button>
              ) : null}
            </>
          )}
        </div>
      </div>
    </article>
  );
}
