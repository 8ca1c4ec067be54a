import { useId } from 'react';
import { ratingLabel, REVIEW_MESSAGES } from '../../domain/reviews';
import { cn } from '../lib/utils';

const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.5L12 17.3l-5.9 3.2 1.3-6.5-4.9-4.6 6.6-.8z';

/** Five stars filled to `value` (0–5, to the tenth), drawn inline in the accent; decorative, the text says the figure. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const id = useId();
  const percent = Math.max(0, Math.min(100, (value / 5) * 100));
  const stars = [0, 1, 2, 3, 4].map((index) => <path key={index} d={STAR} transform={`translate(${index * 24} 0)`} />);
  return (
    <svg viewBox="0 0 120 24" aria-hidden="true" className={cn('h-4 w-20 shrink-0', className)}>
      {/* Faint stars, then the same stars in full clipped to the value, so only the last one is partly filled. */}
      <defs>
        <clipPath id={`${id}-value`}>
          <rect x="0" y="0" width={(120 * percent) / 100} height="24" />
        </clipPath>
      </defs>
      <g fill="currentColor" fillOpacity="0.18">{stars}</g>
      <g fill="currentColor" clipPath={`url(#${id}-value)`}>
        {stars}
      </g>
    </svg>
  );
}

/**
 * A creator's stars and count, as cards and lists show them: '4.8 (12)' with stars, or 'New' below 3 reviews
 * (decision 160). One accessible name says it all ('Rated 4.8 out of 5 from 12 reviews').
 */
export function RatingSummaryLine({ rating, className }: { rating: { count: number; average: number | null } | undefined; className?: string }) {
  if (!rating) return null;
  const label = ratingLabel(rating.average, rating.count);
  return (
    <p role="img" aria-label={label} className={cn('flex items-center gap-2 text-sm text-ink/80', className)}>
      {rating.average === null ? (
        <>
          <span className="rounded-full border border-accent/40 px-2 py-0.5 text-xs font-medium uppercase tracking-[0.08em] text-accent-strong">
            {REVIEW_MESSAGES.newCreator}
          </span>
          {rating.count > 0 ? <span className="text-muted-foreground">{rating.count === 1 ? '1 review' : `${rating.count} reviews`}</span> : null}
        </>
      ) : (
        <>
          <Stars value={rating.average} className="text-accent" />
          <span className="font-medium text-ink">{rating.average.toFixed(1)}</span>
          <span className="text-muted-foreground">({rating.count})</span>
        </>
      )}
    </p>
  );
}
